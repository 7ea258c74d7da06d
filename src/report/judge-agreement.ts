import type { EpisodeRecord } from "../records/index.js";
import { type BinaryAgreement, binaryAgreement } from "../stats/index.js";

/** How the LLM judge and the deterministic matcher agreed on one group of records (Appendix E). */
export interface JudgeAgreement {
  /** Records with both a judge verdict and the matcher's own score. */
  judged: number;
  /** Records whose judge call failed (they keep the matcher's score; never counted clean by default). */
  judge_errors: number;
  utility: BinaryAgreement;
  leak: BinaryAgreement;
  /** Share of records on which the 1–5 severities are equal. */
  severity_agreement: number;
  /** Mean |judge reward − matcher reward| on the 0–5 scale (reward = utility × severity). */
  mean_reward_gap: number;
  judge_models: string[];
}

/** Judge–matcher agreement over the records that carry a judge verdict; null when none do. */
export function judgeAgreement(records: readonly EpisodeRecord[]): JudgeAgreement | null {
  const withJudge = records.filter((record) => record.judge !== undefined);
  if (withJudge.length === 0) return null;
  const judged = withJudge.filter((record) => record.judge?.verdict && record.judge.deterministic);
  const verdicts = judged.map((record) => record.judge?.verdict as NonNullable<NonNullable<EpisodeRecord["judge"]>["verdict"]>);
  const matcher = judged.map((record) => record.judge?.deterministic as NonNullable<NonNullable<EpisodeRecord["judge"]>["deterministic"]>);
  let sameSeverity = 0;
  let gap = 0;
  judged.forEach((_, i) => {
    const verdict = verdicts[i] as (typeof verdicts)[number];
    const score = matcher[i] as (typeof matcher)[number];
    if (verdict.ci_violation === score.ci_violation) sameSeverity++;
    gap += Math.abs(verdict.utility * verdict.ci_violation - score.reward);
  });
  return {
    judged: judged.length,
    judge_errors: withJudge.filter((record) => record.judge?.error !== undefined).length,
    utility: binaryAgreement(
      verdicts.map((v) => v.utility === 1),
      matcher.map((s) => s.utility === 1),
    ),
    leak: binaryAgreement(
      verdicts.map((v) => v.leaked_items.length > 0),
      matcher.map((s) => s.leaked_items.length > 0),
    ),
    severity_agreement: judged.length ? sameSeverity / judged.length : Number.NaN,
    mean_reward_gap: judged.length ? gap / judged.length : Number.NaN,
    judge_models: [...new Set(withJudge.map((record) => record.judge?.model as string))].sort(),
  };
}
