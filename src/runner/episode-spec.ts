import type { Agent } from "../agents/index.js";
import type { Usage } from "../models/index.js";
import type { Failure, JudgeRecord } from "../records/index.js";
import type { AgentOutput, Scenario } from "../scenario/index.js";
import type { MatcherMode, Score } from "../scoring/index.js";

/**
 * What a hybrid judge makes of one answer: the merged score, or — when the judge failed — the
 * failure the record must carry instead (never a clean pass). Both say what the judge spent.
 */
export type JudgeOutcome =
  | { ok: true; score: Score; record: JudgeRecord; usage?: Usage }
  | { ok: false; error: Failure; record: JudgeRecord; usage?: Usage };

/** Hybrid scoring: given the deterministic score, the judge's verdict merged into it. */
export interface EpisodeJudge {
  spec: string;
  judge(scenario: Scenario, output: AgentOutput, deterministic: Score, matcher: MatcherMode): Promise<JudgeOutcome>;
}

/** One episode to run: an agent under a defense on a scenario, in one epoch. */
export interface EpisodeSpec {
  runId: string;
  scenario: Scenario;
  agent: Agent;
  defense: string;
  epoch: number;
  seed: number;
  matcher: MatcherMode;
  judge?: EpisodeJudge;
}
