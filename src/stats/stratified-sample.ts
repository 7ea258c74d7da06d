import { seededRandom } from "./seeded-random.js";

export interface StratifiedSampleOptions {
  seed: number;
  /** Names the draw; every random choice comes from a stream derived from (seed, key, stratum). */
  key?: string;
}

/**
 * Draws `n` of `items` without replacement, stratified by `strata` in order of priority, and returns
 * the chosen indices in ascending order.
 *
 * Why nested allocation: with several keys (failure mode × category × app) most joint cells of a
 * pool of a hundred hold one scenario or none, so allocating to the joint cells would keep none of
 * the marginals. Instead the quota is split over the first key's values in proportion to their size
 * (largest remainder, so the counts add up and each is within one of proportional), then each share
 * over the second key's values within it, and so on; the last level draws uniformly. The first key's
 * composition is therefore as close to the pool's as whole numbers allow, and the later keys' are
 * close within it. Ties between equal remainders, and the draw inside a cell, are seeded per stratum,
 * so a stratum's choice does not depend on what other strata hold.
 */
export function stratifiedSample<T>(
  items: readonly T[],
  strata: ReadonlyArray<(item: T) => string>,
  n: number,
  options: StratifiedSampleOptions,
): number[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`sample size must be a whole number ≥ 0, got ${n}`);
  if (n > items.length) throw new RangeError(`cannot draw ${n} from ${items.length}`);
  const key = options.key ?? "";
  const chosen: number[] = [];
  const draw = (indices: number[], level: number, quota: number, path: string[]) => {
    if (quota === 0) return;
    if (quota === indices.length) {
      chosen.push(...indices);
      return;
    }
    const stratumOf = strata[level];
    if (stratumOf === undefined) {
      const random = seededRandom(options.seed, JSON.stringify(["stratified-sample", key, ...path]));
      const pool = [...indices];
      // A partial Fisher–Yates shuffle: the first `quota` places are a uniform draw.
      for (let i = 0; i < quota; i++) {
        const j = i + random.nextInt(pool.length - i);
        [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
      }
      chosen.push(...pool.slice(0, quota));
      return;
    }
    const groups = new Map<string, number[]>();
    for (const index of indices) {
      const value = stratumOf(items[index] as T);
      const group = groups.get(value);
      if (group) group.push(index);
      else groups.set(value, [index]);
    }
    const values = [...groups.keys()].sort();
    const tieBreak = seededRandom(options.seed, JSON.stringify(["stratified-sample-ties", key, ...path]));
    const shares = values.map((value) => {
      // Integer arithmetic, so that a share that is exactly whole is never a hair below it.
      const scaled = quota * (groups.get(value) as number[]).length;
      const remainder = scaled % indices.length;
      return { value, base: (scaled - remainder) / indices.length, remainder, tie: tieBreak.nextFloat() };
    });
    let left = quota - shares.reduce((sum, share) => sum + share.base, 0);
    for (const share of [...shares].sort((x, y) => y.remainder - x.remainder || x.tie - y.tie)) {
      if (left === 0) break;
      share.base += 1;
      left -= 1;
    }
    for (const share of shares) draw(groups.get(share.value) as number[], level + 1, share.base, [...path, share.value]);
  };
  draw(
    items.map((_, index) => index),
    0,
    n,
    [],
  );
  return chosen.sort((a, b) => a - b);
}

/** How many items fall in each value of a stratum, values sorted. */
export function stratumCounts<T>(items: readonly T[], stratumOf: (item: T) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(stratumOf(item), (counts.get(stratumOf(item)) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
