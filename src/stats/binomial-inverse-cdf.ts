/**
 * Draws from Binomial(n, p) by inverting its CDF with one uniform.
 *
 * Why: resampling a 0/1 vector of length n with replacement and counting the
 * ones is, in distribution, exactly one Binomial(n, k/n) draw. Inverse-CDF
 * sampling is exact for any discrete distribution, so one uniform plus a binary
 * search over a precomputed CDF replaces n index draws per resample.
 *
 * What is not exact, and why it does not matter:
 * - the pmf is built by the ratio recurrence in float64, a relative error of
 *   about (number of steps) × 1e-16, i.e. ≲ 1e-13;
 * - both tails are cut where the pmf drops below 1e-30 of the mode's. The mass
 *   dropped is below 1e-30, while the uniform has a resolution of 2^-53 ≈ 1.1e-16,
 *   so no uniform could have selected those outcomes distinctly anyway.
 */
export class BinomialInverseCdf {
  readonly n: number;
  readonly p: number;
  /** Smallest count in the table. */
  private readonly low: number;
  /** cdf[i] = P(X ≤ low + i); the last entry is exactly 1. */
  private readonly cdf: Float64Array;

  constructor(n: number, p: number) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`binomial n must be a non-negative integer, got ${n}`);
    if (!(p >= 0 && p <= 1)) throw new RangeError(`binomial p must be in [0, 1], got ${p}`);
    this.n = n;
    this.p = p;
    if (n === 0 || p === 0 || p === 1) {
      // Degenerate: all mass on one count.
      this.low = p === 1 ? n : 0;
      this.cdf = Float64Array.of(1);
      return;
    }

    // Unnormalised weights relative to the mode, built outwards so that nothing
    // underflows even when n·log(min(p, 1−p)) is far below the double range.
    const mode = Math.min(n, Math.floor((n + 1) * p));
    const odds = p / (1 - p);
    const above: number[] = [];
    let weight = 1;
    for (let k = mode; k < n; k++) {
      weight *= ((n - k) / (k + 1)) * odds;
      if (weight < TAIL_CUTOFF) break;
      above.push(weight);
    }
    const below: number[] = [];
    weight = 1;
    for (let k = mode; k > 0; k--) {
      weight *= k / (n - k + 1) / odds;
      if (weight < TAIL_CUTOFF) break;
      below.push(weight);
    }

    const size = below.length + 1 + above.length;
    const cdf = new Float64Array(size);
    let running = 0;
    let i = 0;
    for (let j = below.length - 1; j >= 0; j--) cdf[i++] = running += below[j] as number;
    cdf[i++] = running += 1;
    for (const w of above) cdf[i++] = running += w;
    for (let j = 0; j < size; j++) cdf[j] = (cdf[j] as number) / running;
    cdf[size - 1] = 1; // guarantees the search below always terminates inside the table
    this.low = mode - below.length;
    this.cdf = cdf;
  }

  /** The count X with P(X < x) ≤ u < P(X ≤ x), for u uniform in [0, 1). */
  sample(u: number): number {
    const cdf = this.cdf;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (u < (cdf[mid] as number)) hi = mid;
      else lo = mid + 1;
    }
    return this.low + lo;
  }
}

/** Weights below this fraction of the mode's weight are dropped (see the class comment). */
const TAIL_CUTOFF = 1e-30;
