/**
 * Standard normal CDF and quantile, written here so that power analysis needs
 * no dependency and stays accurate far into the tails (scipy is not available
 * to us, and the reference's fallback — a 3-term rational approximation — is
 * good to only ~4.5e-4).
 */

const SQRT_PI = Math.sqrt(Math.PI);
const SQRT_2PI = Math.sqrt(2 * Math.PI);

/**
 * Complementary error function, erfc(x) = 1 − erf(x), with small relative
 * error for all x (about 1e-15 where it matters here).
 *
 * - |x| < 2: erf from its everywhere-positive series
 *   erf(x) = 2/√π · e^(−x²) · Σ 2^k x^(2k+1) / (1·3·…·(2k+1)),
 *   which has no cancellation; erfc is 1 − erf, losing at most ~2 digits near x = 2.
 * - x ≥ 2: the Laplace continued fraction
 *   erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))),
 *   evaluated with the modified Lentz method; it keeps full relative accuracy in the tail.
 * - x < 0: erfc(x) = 2 − erfc(−x).
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) return 1 - erfSeries(x);
  if (x > 27.3) return 0; // e^(−x²) underflows below the smallest double
  return (Math.exp(-x * x) / SQRT_PI) * laplaceContinuedFraction(x);
}

function erfSeries(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let k = 1; k < 200; k++) {
    term *= (2 * x2) / (2 * k + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return (2 / SQRT_PI) * Math.exp(-x2) * sum;
}

/** 1/(x + a1/(x + a2/(x + …))) with a_k = k/2, by modified Lentz. */
function laplaceContinuedFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    const a = k / 2;
    d = x + a * d;
    d = d === 0 ? 1 / tiny : 1 / d;
    c = x + a / c;
    if (c === 0) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return 1 / f;
}

/** Φ(x), the standard normal CDF. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x * Math.SQRT1_2);
}

// Acklam's rational approximation of Φ⁻¹ (relative error ≤ 1.15e-9 before refinement).
const A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239,
] as const;
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1] as const;
const C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549671010229528, 4.374664141464968, 2.938163982698783,
] as const;
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416] as const;
const P_LOW = 0.02425;

/**
 * Φ⁻¹(p), the standard normal quantile, accurate to ~1e-15 relative.
 *
 * Acklam's approximation gives ~1e-9; one Halley step on Φ(x) − p (which
 * roughly triples the number of correct digits) brings it to the accuracy of
 * Φ itself. Upper-half probabilities are mapped to the lower half by symmetry
 * (1 − p is exact for p ≥ 0.5), so the refinement always works where Φ has full
 * relative precision.
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  if (p > 0.5) return -lowerHalfQuantile(1 - p);
  return lowerHalfQuantile(p);
}

function lowerHalfQuantile(p: number): number {
  let x: number;
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) /
      (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
  }
  // Halley step: u = (Φ(x) − p)/φ(x); x ← x − u / (1 + x·u/2).
  const u = (normalCdf(x) - p) * SQRT_2PI * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}
