/**
 * Two-sided exact McNemar test from the discordant pair counts.
 *
 * Under the null hypothesis (both agents equally likely to succeed), each
 * discordant pair is a fair coin flip between "only a" and "only b", so
 * b01 ~ Binomial(b01 + b10, 1/2). The two-sided p-value doubles the smaller
 * tail, capped at 1; with no discordant pairs there is no evidence either way,
 * so p = 1. The exact test is preferred to the χ² version because the
 * discordant counts on ~100 scenarios are often small.
 *
 * Tail probabilities are summed in log space so that thousands of pairs do not
 * overflow 2^m.
 */
export function mcnemarExactTest(b01: number, b10: number): number {
  for (const [name, count] of [
    ["b01", b01],
    ["b10", b10],
  ] as const) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`${name} must be a non-negative integer, got ${count}`);
  }
  const m = b01 + b10;
  if (m === 0) return 1;
  const smaller = Math.min(b01, b10);
  let logTerm = -m * Math.LN2; // log P(X = 0)
  let tail = 0;
  for (let i = 0; i <= smaller; i++) {
    tail += Math.exp(logTerm);
    logTerm += Math.log((m - i) / (i + 1));
  }
  return Math.min(1, 2 * tail);
}
