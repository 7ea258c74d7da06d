import { normalCdf, normalQuantile } from "./normal-distribution.js";

/**
 * Minimum detectable difference of a paired design: the same n scenarios in both arms, compared
 * with McNemar's test, as `compare` and the defense sweep do.
 *
 * Why a separate formula: pairing helps exactly as much as the two arms disagree less than two
 * independent arms would. What the test sees is the discordant pairs: with a discordant share ψ
 * (pairs where one arm succeeded and the other failed) and a difference δ = p_b − p_a, the
 * normal approximation to McNemar's test (Connor, 1987) has power
 * Φ((δ·√n − z_{1−α/2}·√ψ) / √(ψ − δ²)). The MDE is the δ where that reaches the target power,
 * found by bisection on (0, ψ] (|δ| can never exceed ψ). ψ must come from a pilot, an earlier run
 * or an assumption: two arms that are independent at rate p have ψ = 2p(1 − p).
 */
export function pairedMinimumDetectableDifference(
  nPairs: number,
  discordance: number,
  opts: { alpha?: number; power?: number } = {},
): number | null {
  const alpha = opts.alpha ?? 0.05;
  const power = opts.power ?? 0.8;
  if (!(nPairs > 0 && Number.isFinite(nPairs))) throw new RangeError(`number of pairs must be positive, got ${nPairs}`);
  if (!(discordance >= 0 && discordance <= 1)) throw new RangeError(`discordance must be in [0, 1], got ${discordance}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
  if (discordance === 0) return null;
  const z = normalQuantile(1 - alpha / 2);
  const powerAt = (delta: number) => {
    const spread = discordance - delta * delta;
    if (spread <= 0) return 1;
    return normalCdf((delta * Math.sqrt(nPairs) - z * Math.sqrt(discordance)) / Math.sqrt(spread));
  };
  if (powerAt(discordance) < power) return null;
  let low = 0;
  let high = discordance;
  for (let step = 0; step < 100 && high - low > 1e-12; step++) {
    const middle = (low + high) / 2;
    if (powerAt(middle) < power) low = middle;
    else high = middle;
  }
  return high;
}
