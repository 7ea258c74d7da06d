/**
 * Wilson score interval for a proportion k/n — the interval the reference uses
 * for its execution-gap table, and a cheap check on a bootstrap interval.
 *
 * Why Wilson rather than the normal (Wald) interval p ± z·√(p(1−p)/n): Wald
 * collapses to a zero-width interval at k = 0 or k = n and leaves [0, 1] near
 * the edges; Wilson does neither.
 *
 * center = (p + z²/2n) / (1 + z²/n)
 * margin = z·√(p(1−p)/n + z²/4n²) / (1 + z²/n)
 */
export function wilsonInterval(k: number, n: number, z = 1.96): { value: number; ci: [number, number] | null } {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`wilsonInterval: n must be a non-negative integer, got ${n}`);
  if (!Number.isSafeInteger(k) || k < 0 || k > n) throw new RangeError(`wilsonInterval: k must be an integer in [0, n], got ${k}`);
  if (!(z > 0 && Number.isFinite(z))) throw new RangeError(`wilsonInterval: z must be positive, got ${z}`);
  if (n === 0) return { value: 0, ci: null };
  const p = k / n;
  const z2 = z * z;
  const scale = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / scale;
  const margin = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / scale;
  // Clamp only the rounding: mathematically the bounds lie within [0, 1], and equal 0 / 1 at k = 0 / n.
  const lower = k === 0 ? 0 : Math.max(0, center - margin);
  const upper = k === n ? 1 : Math.min(1, center + margin);
  return { value: p, ci: [lower, upper] };
}
