import type { ModelClient } from "../models/index.js";
import { hybridScore, judgeOutput } from "../scoring/index.js";
import type { EpisodeJudge } from "./episode-spec.js";

/**
 * Hybrid scoring with an LLM judge: the judge's verdict merged into the matcher's score. A judge
 * that fails (its call, or a reply that is no verdict) makes a `judge_<kind>` failure, and the
 * usage it spent is kept either way.
 */
export function modelJudge(client: ModelClient, spec = client.spec): EpisodeJudge {
  return {
    spec,
    async judge(scenario, output, deterministic, matcher) {
      const result = await judgeOutput(client, scenario, output);
      const usage = result.usage && { usage: result.usage };
      if (!result.ok) {
        const error = { kind: `judge_${result.error.kind}`, message: result.error.message };
        return { ok: false, error, record: { model: spec, prompt_hash: result.prompt_hash, deterministic, error: result.error }, ...usage };
      }
      const merged = hybridScore(deterministic, result.verdict, scenario, output, matcher);
      return {
        ok: true,
        score: merged.score,
        record: {
          model: result.model,
          prompt_hash: result.prompt_hash,
          verdict: result.verdict,
          deterministic,
          ...(result.cached !== undefined && { cached: result.cached }),
        },
        ...usage,
      };
    },
  };
}
