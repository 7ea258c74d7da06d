/** Agreement of two binary raters on the same items. */
export interface BinaryAgreement {
  n: number;
  /** Observed agreement p_o; null when n = 0. */
  agreement: number | null;
  /** Cohen's kappa; null when n = 0. */
  kappa: number | null;
}

export type BinaryValue = 0 | 1 | boolean;

// p_e within this of 1 means both raters are (almost) constant and kappa's denominator vanishes.
const DEGENERATE = 1e-12;

/**
 * Observed agreement and Cohen's kappa of two binary ratings of the same items:
 * κ = (p_o − p_e)/(1 − p_e) with p_e = p_a·p_b + (1 − p_a)(1 − p_b), p_a and p_b the rates of
 * 1 for each rater. When p_e ≈ 1 (both raters constant), κ is 1 if they agree everywhere and
 * 0 otherwise — the convention of the AgentCIBench aggregation script.
 */
export function binaryAgreement(a: readonly BinaryValue[], b: readonly BinaryValue[]): BinaryAgreement {
  if (a.length !== b.length) throw new RangeError(`binaryAgreement: ${a.length} ratings against ${b.length}`);
  const n = a.length;
  if (n === 0) return { n, agreement: null, kappa: null };
  let same = 0;
  let onesA = 0;
  let onesB = 0;
  for (let i = 0; i < n; i++) {
    const x = Number(a[i]);
    const y = Number(b[i]);
    if (x === y) same++;
    onesA += x;
    onesB += y;
  }
  const po = same / n;
  const pa = onesA / n;
  const pb = onesB / n;
  const pe = pa * pb + (1 - pa) * (1 - pb);
  const kappa = Math.abs(1 - pe) < DEGENERATE ? (po === 1 ? 1 : 0) : (po - pe) / (1 - pe);
  return { n, agreement: po, kappa };
}

/** One record's binary outcomes under the deterministic matcher and under the judge's own verdict. */
export interface JudgeMatcherPair {
  deterministic: { utility: BinaryValue; leak: BinaryValue };
  judge: { utility: BinaryValue; leak: BinaryValue };
}

export interface JudgeMatcherAgreement {
  n: number;
  utility: BinaryAgreement;
  leak: BinaryAgreement;
}

/**
 * Judge–matcher agreement as in the paper's Appendix E: binary utility and binary leakage
 * (any leaked item), each as an agreement rate and Cohen's kappa, over records that have both.
 */
export function judgeMatcherAgreement(pairs: readonly JudgeMatcherPair[]): JudgeMatcherAgreement {
  return {
    n: pairs.length,
    utility: binaryAgreement(
      pairs.map((p) => p.deterministic.utility),
      pairs.map((p) => p.judge.utility),
    ),
    leak: binaryAgreement(
      pairs.map((p) => p.deterministic.leak),
      pairs.map((p) => p.judge.leak),
    ),
  };
}
