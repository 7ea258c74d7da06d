import { bootstrapMeanCI, DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED } from "./bootstrap-mean-ci.js";
import { linearQuantile } from "./linear-quantile.js";
import { normalQuantile } from "./normal-distribution.js";
import { seededRandom } from "./seeded-random.js";
import { wilsonInterval } from "./wilson-interval.js";

/** One resampling unit of a rate: `k` successes out of `n` trials (a scenario with its epochs). */
export interface UnitCount {
  k: number;
  n: number;
}

export interface ClusterRateOptions {
  resamples?: number;
  level?: number;
  seed?: number;
  /** Names the estimate; the random stream is derived from (seed, key). */
  key?: string;
}

/**
 * The CI of a rate Σk / Σn whose trials come in units (a scenario and its epochs).
 *
 * Why units: epochs of one scenario are not independent draws. A deterministic agent repeats
 * the same answer k times; resampling the k records as if independent shrinks the interval by
 * √k while the agent has shown nothing new. Resampling whole units (the cluster bootstrap)
 * keeps the width of one epoch for such an agent, and narrows only as far as the epochs
 * really disagree within scenarios.
 *
 * - Units with n = 0 carry nothing (a scenario every epoch of which refused, for engaged
 *   leakage) and are left out, as the non-clustered rate leaves out those records.
 * - When every unit has the same n (no errors, one epoch or a fixed number), the statistic is
 *   the mean of the unit rates: {@link bootstrapMeanCI} on them, so one epoch gives exactly the
 *   record-level bootstrap. Otherwise it is the ratio Σk / Σn over the drawn units.
 * - At 0/n or n/n every resample equals the estimate and the percentile interval is a point
 *   ([0, 0] even at n = 4), which claims a certainty four scenarios cannot give. There the
 *   Wilson score interval is used, with the number of *units* as its n: the trials of one
 *   scenario may all agree because they are one answer repeated, so only the units count as
 *   independent.
 * - Fewer than two units (and not at an edge): nothing to resample, no CI.
 */
export function clusterRateCI(units: readonly UnitCount[], opts: ClusterRateOptions = {}): [number, number] | null {
  for (const unit of units)
    if (!Number.isSafeInteger(unit.n) || unit.n < 0 || !Number.isSafeInteger(unit.k) || unit.k < 0 || unit.k > unit.n)
      throw new RangeError(`clusterRateCI: a unit must have integers 0 ≤ k ≤ n, got k=${unit.k}, n=${unit.n}`);
  const kept = units.filter((unit) => unit.n > 0);
  if (kept.length === 0) return null;
  let k = 0;
  let n = 0;
  for (const unit of kept) {
    k += unit.k;
    n += unit.n;
  }
  if (k === 0 || k === n) {
    const z = normalQuantile(1 - (1 - (opts.level ?? DEFAULT_LEVEL)) / 2);
    return wilsonInterval(k === 0 ? 0 : kept.length, kept.length, z).ci;
  }
  return clusterMeanCI(
    kept.map((unit) => ({ sum: unit.k, n: unit.n })),
    opts,
  );
}

/** One resampling unit of a mean: the `sum` of its `n` values (a scenario's severities over its epochs). */
export interface UnitSum {
  sum: number;
  n: number;
}

/**
 * The cluster-bootstrap CI of Σsum / Σn (see {@link clusterRateCI} for why units), without the
 * edge rule of rates: for a mean that every resample reproduces, the point is the honest answer
 * of the bootstrap and no bounded-proportion interval applies. Units with n = 0 are left out;
 * fewer than two units give no CI. The units are sorted before drawing, so only their multiset
 * matters, not the order the records came in.
 */
export function clusterMeanCI(units: readonly UnitSum[], opts: ClusterRateOptions = {}): [number, number] | null {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const level = opts.level ?? DEFAULT_LEVEL;
  const seed = opts.seed ?? DEFAULT_SEED;
  const key = opts.key ?? "";
  const kept = units.filter((unit) => unit.n > 0).sort((x, y) => x.n - y.n || x.sum - y.sum);
  if (kept.length < 2) return null;
  const size = (kept[0] as UnitSum).n;
  if (kept.every((unit) => unit.n === size))
    return bootstrapMeanCI(
      kept.map((unit) => unit.sum / size),
      { resamples, level, seed, key },
    ).ci;
  return ratioBootstrap(kept, resamples, level, seed, key);
}

/** Percentile CI of Σsum / Σn over units drawn with replacement. */
function ratioBootstrap(units: readonly UnitSum[], resamples: number, level: number, seed: number, key: string): [number, number] {
  const rng = seededRandom(seed, key);
  const count = units.length;
  const ratios = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < count; i++) {
      const unit = units[rng.nextInt(count)] as UnitSum;
      sum += unit.sum;
      n += unit.n;
    }
    ratios[r] = sum / n;
  }
  ratios.sort();
  const tail = (1 - level) / 2;
  return [linearQuantile(ratios, tail), linearQuantile(ratios, 1 - tail)];
}
