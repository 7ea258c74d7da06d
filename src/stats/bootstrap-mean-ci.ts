import { linearQuantile } from "./linear-quantile.js";
import { sortedResampleMeans } from "./resample-means.js";
import { seededRandom } from "./seeded-random.js";

export interface BootstrapMeanOptions {
  /** Number of bootstrap resamples (default 10,000, as in the paper). */
  resamples?: number;
  /** Two-sided confidence level (default 0.95). */
  level?: number;
  /** Seed of the random stream (default 42, as in the reference). */
  seed?: number;
  /**
   * Names the group being estimated. The random stream is derived from
   * (seed, key) only, so a group's CI is the same whatever else is computed and
   * in whatever order. Give each group a distinct key.
   */
  key?: string;
}

export interface MeanWithCI {
  /** Sample mean (NaN for no values). */
  value: number;
  /** Percentile bootstrap interval; null when fewer than two values. */
  ci: [number, number] | null;
}

export const DEFAULT_RESAMPLES = 10_000;
export const DEFAULT_LEVEL = 0.95;
export const DEFAULT_SEED = 42;

/**
 * Percentile bootstrap CI of the mean: resample with replacement, take the
 * mean of each resample, and report the (1−level)/2 and (1+level)/2 quantiles
 * of those means with numpy's linear interpolation — the reference's method.
 * With fewer than two values there is nothing to resample from, so no CI.
 *
 * Vectors with few distinct values (0/1 outcomes in particular) are resampled
 * as multinomial counts, which is exact and fast (see `resampleMeans`).
 */
export function bootstrapMeanCI(values: readonly number[], opts: BootstrapMeanOptions = {}): MeanWithCI {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const level = opts.level ?? DEFAULT_LEVEL;
  const seed = opts.seed ?? DEFAULT_SEED;
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  if (!Number.isSafeInteger(resamples) || resamples < 1) {
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  }
  let sum = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) throw new RangeError(`bootstrapMeanCI: values must be finite numbers, got ${v}`);
    sum += v;
  }
  const n = values.length;
  if (n < 2) return { value: n === 0 ? Number.NaN : sum / n, ci: null };

  const means = sortedResampleMeans(values, resamples, seededRandom(seed, opts.key ?? ""));
  const tail = (1 - level) / 2;
  return {
    value: sum / n,
    ci: [linearQuantile(means, tail), linearQuantile(means, 1 - tail)],
  };
}
