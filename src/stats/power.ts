import { normalCdf, normalQuantile } from "./normal-distribution.js";

/**
 * Power analysis for comparing two proportions with n outcomes per group,
 * in Cohen's arcsine effect scale h = 2·asin(√p2) − 2·asin(√p1).
 *
 * Why the h scale: φ = 2·asin(√p̂) has variance ≈ 1/n whatever p is, so the
 * difference of two independent groups of n has variance 2/n and the z statistic
 * is h / √(2/n) = h·√(n/2).
 *
 * The reference (`scripts/13_power_analysis.py`) computes power as
 * Φ(|h|·√n − z) and the MDE as (z_α + z_β)/√n while calling it a two-proportion
 * test with n per group. √n is the one-sample statistic (one group against a
 * known rate); for two groups it overstates power, and its MDE is too small by
 * a factor of √2. We use √(n/2).
 */

/** Cohen's h from p1 to p2 (positive when p2 > p1). */
export function cohenH(p1: number, p2: number): number {
  checkProportion("p1", p1);
  checkProportion("p2", p2);
  return 2 * Math.asin(Math.sqrt(p2)) - 2 * Math.asin(Math.sqrt(p1));
}

/**
 * Power of the two-sided two-proportion z-test (arcsine approximation) to
 * detect p1 vs p2 with `nPerGroup` outcomes in each group at level `alpha`.
 * Both rejection tails are counted; the far one adds almost nothing once power
 * is of any interest, but it makes the power at h = 0 equal to alpha.
 */
export function twoProportionPower(p1: number, p2: number, nPerGroup: number, alpha = 0.05): number {
  checkN(nPerGroup);
  checkAlpha(alpha);
  const shift = Math.abs(cohenH(p1, p2)) * Math.sqrt(nPerGroup / 2);
  const z = normalQuantile(1 - alpha / 2);
  return normalCdf(shift - z) + normalCdf(-shift - z);
}

/**
 * Smallest |h| that the two-sided test detects with the given power:
 * (z_{1−α/2} + z_power) / √(n/2). Like every closed-form MDE it ignores the far
 * rejection tail, whose probability at this effect is below 1e-6 for power ≥ 0.8
 * and α ≤ 0.05.
 */
export function minimumDetectableH(nPerGroup: number, alpha = 0.05, power = 0.8): number {
  return referenceMinimumDetectableH(nPerGroup / 2, alpha, power);
}

/**
 * The MDE in the h scale as the reference script and the paper's Appendix F compute it:
 * (z_{1−α/2} + z_power) / √n, the one-sample figure (see the note at the top of this file).
 * Kept so that `safecua power` can print the paper's number beside ours; it is √2 too small
 * for two groups of n.
 */
function referenceMinimumDetectableH(n: number, alpha = 0.05, power = 0.8): number {
  checkN(n);
  checkAlpha(alpha);
  checkPower(power);
  return (normalQuantile(1 - alpha / 2) + normalQuantile(power)) / Math.sqrt(n);
}

/** A detectable second proportion and its distance from the baseline (p2 − p1). */
interface DetectableShift {
  p2: number;
  delta: number;
}

export interface MinimumDetectableDifference {
  p1: number;
  nPerGroup: number;
  alpha: number;
  power: number;
  /** The minimum detectable effect in the h scale. */
  h: number;
  /** The smallest detectable p2 above p1; null when even p2 = 1 is closer than h. */
  up: DetectableShift | null;
  /** The largest detectable p2 below p1; null when even p2 = 0 is closer than h. */
  down: DetectableShift | null;
}

/**
 * Minimum detectable difference from a baseline p1 with n per group: the p2 at
 * distance h (see {@link minimumDetectableH}) on each side, p2 = sin²(asin(√p1) ± h/2).
 * A side is null when it would need a proportion outside [0, 1].
 */
export function minimumDetectableDifference(
  p1: number,
  nPerGroup: number,
  opts: { alpha?: number; power?: number /** The paper's √n figure instead of √(n/2). */; reference?: boolean } = {},
): MinimumDetectableDifference {
  checkProportion("p1", p1);
  const alpha = opts.alpha ?? 0.05;
  const power = opts.power ?? 0.8;
  const h = opts.reference ? referenceMinimumDetectableH(nPerGroup, alpha, power) : minimumDetectableH(nPerGroup, alpha, power);
  const angle = Math.asin(Math.sqrt(p1));
  const shift = (target: number): DetectableShift | null => {
    if (target < 0 || target > Math.PI / 2) return null;
    const p2 = Math.sin(target) ** 2;
    return { p2, delta: p2 - p1 };
  };
  return { p1, nPerGroup, alpha, power, h, up: shift(angle + h / 2), down: shift(angle - h / 2) };
}

/** Outcomes needed per group for the test to detect p1 vs p2 with the given power (rounded up). */
export function sampleSizePerGroup(p1: number, p2: number, opts: { alpha?: number; power?: number } = {}): number {
  const alpha = opts.alpha ?? 0.05;
  const power = opts.power ?? 0.8;
  checkAlpha(alpha);
  checkPower(power);
  const h = Math.abs(cohenH(p1, p2));
  if (h === 0) return Number.POSITIVE_INFINITY;
  const zSum = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  return Math.ceil(2 * (zSum / h) ** 2);
}

function checkProportion(name: string, p: number): void {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`${name} must be a proportion in [0, 1], got ${p}`);
}

function checkN(n: number): void {
  if (!(n > 0 && Number.isFinite(n))) throw new RangeError(`n per group must be a positive number, got ${n}`);
}

function checkAlpha(alpha: number): void {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
}

function checkPower(power: number): void {
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
}
