import { bootstrapMeanCI, DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED } from "./bootstrap-mean-ci.js";
import { mcnemarExactTest } from "./mcnemar-exact-test.js";

/** A per-scenario binary result: 0/1 or a boolean. */
export type BinaryResult = 0 | 1 | boolean;

export interface PairedComparisonOptions {
  resamples?: number;
  level?: number;
  seed?: number;
  /** Names the comparison; the bootstrap stream is derived from (seed, key). */
  key?: string;
}

export interface PairedComparison {
  /** Number of scenarios (pairs). */
  n: number;
  mean_a: number;
  mean_b: number;
  /** mean(b) − mean(a); NaN when there are no pairs. */
  difference: number;
  /** Paired percentile bootstrap CI of the difference; null when n < 2. */
  ci: [number, number] | null;
  /** Scenarios where a failed and b succeeded. */
  b01: number;
  /** Scenarios where a succeeded and b failed. */
  b10: number;
  /** Two-sided exact McNemar p-value. */
  p_value: number;
}

/**
 * Compares two agents run on the same scenarios (index i of `a` and `b` is the
 * same scenario).
 *
 * Why paired: the scenarios vary far more in difficulty than two agents
 * usually differ, and both agents see the same ones. Resampling scenarios —
 * keeping each pair together — removes that shared variation from the CI,
 * which an unpaired comparison of two separate CIs would keep.
 *
 * Resampling pairs and taking mean(b) − mean(a) of the resample is the same as
 * resampling the per-pair differences d = b − a ∈ {−1, 0, 1} and taking their
 * mean, so the CI is the bootstrap CI of mean(d) (drawn exactly as counts).
 */
export function pairedComparison(
  a: readonly BinaryResult[],
  b: readonly BinaryResult[],
  opts: PairedComparisonOptions = {},
): PairedComparison {
  if (a.length !== b.length) {
    throw new RangeError(
      `pairedComparison: a has ${a.length} results and b has ${b.length}; both must list the same scenarios in the same order`,
    );
  }
  const n = a.length;
  const differences: number[] = [];
  let sumA = 0;
  let sumB = 0;
  let b01 = 0;
  let b10 = 0;
  for (let i = 0; i < n; i++) {
    const x = toBit(a[i], "a", i);
    const y = toBit(b[i], "b", i);
    sumA += x;
    sumB += y;
    if (x === 0 && y === 1) b01++;
    if (x === 1 && y === 0) b10++;
    differences.push(y - x);
  }
  const { ci } = bootstrapMeanCI(differences, {
    resamples: opts.resamples ?? DEFAULT_RESAMPLES,
    level: opts.level ?? DEFAULT_LEVEL,
    seed: opts.seed ?? DEFAULT_SEED,
    key: JSON.stringify(["paired-comparison", opts.key ?? ""]),
  });
  return {
    n,
    mean_a: n === 0 ? Number.NaN : sumA / n,
    mean_b: n === 0 ? Number.NaN : sumB / n,
    // From the counts, so that it is exact and equals mean_b − mean_a up to rounding.
    difference: n === 0 ? Number.NaN : (b01 - b10) / n,
    ci,
    b01,
    b10,
    p_value: mcnemarExactTest(b01, b10),
  };
}

function toBit(value: unknown, side: string, index: number): 0 | 1 {
  if (value === 1 || value === true) return 1;
  if (value === 0 || value === false) return 0;
  throw new TypeError(`pairedComparison: ${side}[${index}] must be 0, 1, true or false, got ${JSON.stringify(value)}`);
}
