import type { AgentOutput } from "../agents/index.js";
import { type Score, scoreOutput } from "../scoring/index.js";
import { episodeKey } from "./episode-record.js";
import type { EpisodeSpec, EpisodeUsage, JudgeRecord } from "./run-episode.js";

/** The fields every record of an episode carries, whatever its track and however it ended. */
export function episodeBase(spec: EpisodeSpec, started: number) {
  const { scenario } = spec;
  return {
    key: episodeKey(spec.agent.id, spec.defense, scenario.id, spec.epoch),
    run_id: spec.runId,
    scenario_id: scenario.id,
    agent: spec.agent.id,
    defense: spec.defense,
    epoch: spec.epoch,
    seed: spec.seed,
    failure_mode: scenario.failure_mode,
    ...(scenario.category !== undefined && { category: scenario.category }),
    started_at: new Date(started).toISOString(),
  };
}

/** A failure's kind for the record: the model layer's (`timeout`, `rate_limit`, `parse`, …) or `fallback`. */
export function errorOf(error: unknown, fallback: string): { kind: string; message: string } {
  const kind = typeof (error as { kind?: unknown })?.kind === "string" ? (error as { kind: string }).kind : fallback;
  return { kind, message: error instanceof Error ? error.message : String(error) };
}

/** Field-wise sum of usages; a cost is kept once either side has one. */
export function addUsage(total: EpisodeUsage | undefined, delta: EpisodeUsage): EpisodeUsage {
  const next: EpisodeUsage = {
    calls: (total?.calls ?? 0) + delta.calls,
    cached_calls: (total?.cached_calls ?? 0) + delta.cached_calls,
    input_tokens: (total?.input_tokens ?? 0) + delta.input_tokens,
    output_tokens: (total?.output_tokens ?? 0) + delta.output_tokens,
  };
  if (total?.cost_usd !== undefined || delta.cost_usd !== undefined) next.cost_usd = (total?.cost_usd ?? 0) + (delta.cost_usd ?? 0);
  return next;
}

/** The usage of one model call. */
export function oneCall(tokens: { input_tokens: number; output_tokens: number }, cached: boolean, cost?: number): EpisodeUsage {
  return {
    calls: 1,
    cached_calls: cached ? 1 : 0,
    input_tokens: tokens.input_tokens,
    output_tokens: tokens.output_tokens,
    ...(cost !== undefined && { cost_usd: cost }),
  };
}

/**
 * The score of a finished output, for both tracks: the deterministic matcher's, merged with the
 * judge's verdict when the run has a judge; or — when the judge fails — the error the record must
 * carry instead (never a clean pass).
 */
export async function scoreEpisode(
  spec: EpisodeSpec,
  output: AgentOutput,
): Promise<{ score: Score; judge?: JudgeRecord; usage?: EpisodeUsage } | { error: { kind: string; message: string }; judge: JudgeRecord }> {
  const deterministic = scoreOutput(
    { must_share: spec.scenario.must_share, must_not_share: spec.scenario.must_not_share },
    output,
    spec.matcher,
  );
  const judge = spec.judge;
  if (!judge) return { score: deterministic };
  try {
    const judged = await judge.judge(spec.scenario, output, deterministic, spec.matcher);
    return {
      score: judged.score,
      judge: judged.record,
      ...(judged.usage && { usage: oneCall(judged.usage, judged.usage.cached, judged.usage.cost_usd) }),
    };
  } catch (error) {
    const failure = errorOf(error, "judge");
    return {
      error: { kind: `judge_${failure.kind}`.replace(/^judge_judge$/, "judge"), message: failure.message },
      judge: { model: judge.spec, prompt_hash: "", deterministic, error: failure },
    };
  }
}
