import { type AttemptTrace, type EpisodeEvidence, scoreAttack } from "../injection/index.js";
import type { InjectionScoreRecord, StepRecord } from "../records/index.js";
import type { Scenario } from "../scenario/index.js";
import type { Workspace } from "../workspace/index.js";
import { sinkRequestsOf } from "./sink-requests-of.js";

/**
 * What the agent did on the way, from its steps: the pages it was on, the text it typed, and the
 * answers its quarantined model gave (a guarded agent's `query_screen` turns).
 */
export function attemptTraceOf(steps: readonly StepRecord[]): AttemptTrace {
  const typedText: string[] = [];
  const visitedUrls: string[] = [];
  const quarantinedAnswers: string[] = [];
  for (const step of steps) {
    for (const turn of step.turns ?? [])
      if (turn.tool === "query_screen" && turn.answer !== undefined) quarantinedAnswers.push(turn.answer);
    visitedUrls.push(step.url);
    // The record keeps the action as a plain object; only its string fields are read.
    const { action: kind, url, text } = step.action ?? {};
    if (kind === "goto" && typeof url === "string") visitedUrls.push(url);
    if ((kind === "fill" || kind === "keyboard_type") && typeof text === "string") typedText.push(text);
  }
  return { visitedUrls, typedText, quarantinedAnswers };
}

/**
 * The injection score of a finished end-to-end episode, read from the workspace before the
 * episode is deleted: final state, change log and sink requests. Undefined for a scenario without
 * an attack, and for F5, which runs no agent.
 */
export function injectionScoreOf(
  scenario: Scenario,
  workspace: Workspace,
  episodeId: string,
  steps: readonly StepRecord[],
): InjectionScoreRecord | undefined {
  const attack = scenario.attack;
  if (attack === undefined || attack.family === "F5") return undefined;
  const evidence: EpisodeEvidence = {
    finalState: workspace.state(episodeId),
    changes: workspace.log(episodeId),
    sinkRequests: sinkRequestsOf(workspace, episodeId),
  };
  return scoreAttack(attack, evidence, attemptTraceOf(steps));
}
