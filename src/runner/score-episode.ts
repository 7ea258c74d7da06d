import type { Usage } from "../models/index.js";
import type { Failure, JudgeRecord } from "../records/index.js";
import type { AgentOutput } from "../scenario/index.js";
import { type Score, scoreOutput } from "../scoring/index.js";
import { failureOf } from "./episode-base.js";
import type { EpisodeSpec, JudgeOutcome } from "./episode-spec.js";

export type EpisodeScore =
  | { ok: true; score: Score; judge?: JudgeRecord; usage?: Usage }
  | { ok: false; error: Failure; judge: JudgeRecord; usage?: Usage };

/**
 * The score of a finished output, for both tracks: the deterministic matcher's, merged with the
 * judge's verdict when the run has a judge; or — when the judge fails — the failure the record
 * must carry instead (never a clean pass), with what the judge spent either way.
 */
export async function scoreEpisode(spec: EpisodeSpec, output: AgentOutput): Promise<EpisodeScore> {
  const deterministic = scoreOutput(
    { must_share: spec.scenario.must_share, must_not_share: spec.scenario.must_not_share },
    output,
    spec.matcher,
  );
  if (!spec.judge) return { ok: true, score: deterministic };
  let judged: JudgeOutcome;
  try {
    judged = await spec.judge.judge(spec.scenario, output, deterministic, spec.matcher);
  } catch (error) {
    // A judge that throws did not judge: the same error record as a judge that said it failed.
    const failure = failureOf(error, "judge");
    const kind = failure.kind === "judge" ? "judge" : `judge_${failure.kind}`;
    return {
      ok: false,
      error: { kind, message: failure.message },
      judge: { model: spec.judge.spec, prompt_hash: "", deterministic, error: failure },
    };
  }
  const usage = judged.usage && { usage: judged.usage };
  if (!judged.ok) return { ok: false, error: judged.error, judge: judged.record, ...usage };
  return { ok: true, score: judged.score, judge: judged.record, ...usage };
}
