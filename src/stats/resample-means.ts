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
const MAX_DISTINCT_FOR_COUNTS = 4;

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
  const tally = tallyOf(values, resamples);
  const useCounts = method === "counts" || (method === "auto" && tally.size <= MAX_DISTINCT_FOR_COUNTS);
  return useCounts ? meansFromCounts(tally, n, resamples, rng) : meansFromIndices(values, resamples, rng);
}

/**
 * The same means as {@link resampleMeans}, from the same draws of the same stream, sorted
 * ascending. For 0/1 data (two categories) every resample's mean is fixed by one count, so the
 * sorted array is written from a histogram of the counts instead of sorted: the percentile CI of
 * every rate costs its draws and nothing more.
 */
export function sortedResampleMeans(
  values: readonly number[],
  resamples: number,
  rng: SeededRandom,
  method: ResampleMethod = "auto",
): Float64Array {
  const tally = tallyOf(values, resamples);
  const useCounts = method === "counts" || (method === "auto" && tally.size <= MAX_DISTINCT_FOR_COUNTS);
  if (useCounts && tally.size === 2) return sortedMeansOfTwo(tally, values.length, resamples, rng);
  return (useCounts ? meansFromCounts(tally, values.length, resamples, rng) : meansFromIndices(values, resamples, rng)).sort();
}

function sortedMeansOfTwo(tally: Map<number, number>, n: number, resamples: number, rng: SeededRandom): Float64Array {
  const [[low, size], [high]] = [...tally.entries()].sort((x, y) => x[0] - y[0]) as [[number, number], [number, number]];
  // The draws of meansFromCounts for two categories: one Binomial(n, size/n) count of the lower value each.
  const table = new BinomialInverseCdf(n, size / n);
  const histogram = new Uint32Array(n + 1);
  for (let r = 0; r < resamples; r++) histogram[table.sample(rng.nextFloat())]! += 1;
  // More of the lower value means a lower mean: ascending means are descending counts. The mean is
  // computed exactly as meansFromCounts computes it, so both paths give the same numbers.
  const sorted = new Float64Array(resamples);
  let at = 0;
  for (let count = n; count >= 0; count--) {
    const times = histogram[count] as number;
    if (times === 0) continue;
    let sum = 0;
    sum += low * count;
    sum += high * (n - count);
    sorted.fill(sum / n, at, at + times);
    at += times;
  }
  return sorted;
}

/** How many times each distinct value occurs (−0 counted as 0); checks the inputs first. */
function tallyOf(values: readonly number[], resamples: number): Map<number, number> {
  if (values.length === 0) throw new RangeError("resampleMeans: no values");
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
  return tally;
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
