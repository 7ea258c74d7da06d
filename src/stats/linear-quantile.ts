/**
 * Quantile of already sorted values by linear interpolation between order
 * statistics — numpy's default (`method="linear"`, Hyndman & Fan type 7).
 *
 * Why mirror numpy: the reference computed its bootstrap CIs with `np.quantile`,
 * so using the same rule keeps our percentile intervals comparable to the
 * paper's. The position is (m − 1)·q and the interpolation is written the way
 * numpy writes it (from the nearer neighbour), which makes the result identical
 * to numpy's for the same sorted input.
 */
export function linearQuantile(sorted: ArrayLike<number>, q: number): number {
  const m = sorted.length;
  if (m === 0) throw new RangeError("linearQuantile: no values");
  if (!(q >= 0 && q <= 1)) throw new RangeError(`linearQuantile: q must be in [0, 1], got ${q}`);
  const position = (m - 1) * q;
  if (position >= m - 1) return sorted[m - 1] as number;
  const below = Math.floor(position);
  const a = sorted[below] as number;
  const b = sorted[below + 1] as number;
  const t = position - below;
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}
