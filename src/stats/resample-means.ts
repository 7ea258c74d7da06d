import { BinomialInverseCdf } from "./binomial-inverse-cdf.js";
import type { SeededRandom } from "./seeded-random.js";

/**
 * How the bootstrap resamples are drawn.
 * - "indices": draw n indices with replacement per resample (the textbook way; O(n) per resample).
 * - "counts": draw how many times each distinct value is picked (see below; O(distinct values) per resample).
 * - "auto": "counts" when there are at most {@link MAX_DISTINCT_FOR_COUNTS} distinct values, else "indices".
 */
export type ResampleMethod = "auto" | "counts" | "indices";

/**
 * Up to this many distinct values, resamples are drawn as counts. That covers
 * 0/1 outcomes (2), paired differences of 0/1 outcomes (3) and severity scores
 * (≤ 4), while keeping the per-count CDF tables few and small.
 */
export const MAX_DISTINCT_FOR_COUNTS = 4;

/**
 * The means of `resamples` bootstrap resamples of `values` (unsorted, in draw order).
 *
 * Why counts are exact: the mean of a resample depends only on how many times
 * each distinct value was drawn, and those counts are Multinomial(n, share of
 * each value). A multinomial is drawn exactly as a chain of binomials: the count
 * of the first value is Binomial(n, p1); given it, the count of the second is
 * Binomial(n − c1, p2 / (1 − p1)); and so on, the last value taking the rest.
 * For a 0/1 vector that is a single Binomial(n, k/n) draw per resample.
 *
 * Side benefit: with "counts" the result does not depend on the order of the
 * input, only on its multiset of values.
 */
export function resampleMeans(
  values: readonly number[],
  resamples: number,
  rng: SeededRandom,
  method: ResampleMethod = "auto",
): Float64Array {
  const n = values.length;
  if (n === 0) throw new RangeError("resampleMeans: no values");
  if (!Number.isSafeInteger(resamples) || resamples < 1) {
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  }
  const tally = new Map<number, number>();
  for (const v of values) {
    if (!Number.isFinite(v)) throw new RangeError(`bootstrap values must be finite numbers, got ${v}`);
    // Normalise −0 to 0 so that the two do not become separate categories.
    const key = v === 0 ? 0 : v;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  const useCounts = method === "counts" || (method === "auto" && tally.size <= MAX_DISTINCT_FOR_COUNTS);
  return useCounts ? meansFromCounts(tally, n, resamples, rng) : meansFromIndices(values, resamples, rng);
}

function meansFromIndices(values: readonly number[], resamples: number, rng: SeededRandom): Float64Array {
  const n = values.length;
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[rng.nextInt(n)] as number;
    means[r] = sum / n;
  }
  return means;
}

function meansFromCounts(tally: Map<number, number>, n: number, resamples: number, rng: SeededRandom): Float64Array {
  // Ascending values, so the chain (and hence the stream's use) is fixed by the data alone.
  const categories = [...tally.entries()].sort((x, y) => x[0] - y[0]);
  const means = new Float64Array(resamples);
  const last = categories[categories.length - 1] as [number, number];
  if (categories.length === 1) {
    means.fill(last[0]); // degenerate bootstrap distribution: every resample is the sample
    return means;
  }

  // Step j draws the count of category j among the `remaining` picks not yet
  // assigned. Its probability is (category size) / (population not yet
  // assigned) — a ratio of integers, so it carries no accumulated rounding.
  // The number of remaining picks varies between resamples for j ≥ 1, so tables
  // are cached by it; they stay few because the remaining count concentrates.
  const steps = categories.slice(0, -1).map(([value, size], j) => {
    let population = n;
    for (let i = 0; i < j; i++) population -= (categories[i] as [number, number])[1];
    return { value, p: size / population, tables: new Map<number, BinomialInverseCdf>() };
  });

  for (let r = 0; r < resamples; r++) {
    let remaining = n;
    let sum = 0;
    for (const step of steps) {
      if (remaining === 0) break;
      let table = step.tables.get(remaining);
      if (table === undefined) {
        table = new BinomialInverseCdf(remaining, step.p);
        step.tables.set(remaining, table);
      }
      const count = table.sample(rng.nextFloat());
      sum += step.value * count;
      remaining -= count;
    }
    sum += last[0] * remaining;
    means[r] = sum / n;
  }
  return means;
}
