import { bootstrapMeanCI, DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED } from "./bootstrap-mean-ci.js";
import { mcnemarExactTest } from "./mcnemar-exact-test.js";

/** A per-scenario result: 0/1, a boolean, or a rate in [0, 1] (a scenario's share over its epochs). */
export type BinaryResult = number | boolean;

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
  /** Scenarios where b scored higher than a (with 0/1 results: a failed and b succeeded). */
  b01: number;
  /** Scenarios where a scored higher than b. */
  b10: number;
  /** Two-sided exact McNemar p-value of b01 against b10 (the sign test over scenarios when results are rates). */
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
 * resampling the per-pair differences d = b − a and taking their mean, so the CI
 * is the bootstrap CI of mean(d) (for 0/1 results d ∈ {−1, 0, 1}, drawn exactly as
 * counts).
 *
 * With several epochs a scenario's result is its rate over them: the scenario, not
 * the epoch, is the pair (epoch 3 of one agent has nothing to do with epoch 3 of
 * the other), so the epochs of a scenario never count as extra evidence. The
 * McNemar test on 0/1 pairs is then the exact sign test on the scenarios whose
 * rates differ, which it equals when every result is 0 or 1.
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
    const x = toRate(a[i], "a", i);
    const y = toRate(b[i], "b", i);
    sumA += x;
    sumB += y;
    if (y > x) b01++;
    if (x > y) b10++;
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
    difference: n === 0 ? Number.NaN : differences.reduce((total, d) => total + d, 0) / n,
    ci,
    b01,
    b10,
    p_value: mcnemarExactTest(b01, b10),
  };
}

function toRate(value: unknown, side: string, index: number): number {
  if (value === true) return 1;
  if (value === false) return 0;
  if (typeof value === "number" && value >= 0 && value <= 1) return value;
  throw new TypeError(`pairedComparison: ${side}[${index}] must be a number in [0, 1] or a boolean, got ${JSON.stringify(value)}`);
}
