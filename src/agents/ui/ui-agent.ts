import type { BrowserAction, Observation, ObservationMode } from "../../browser/index.js";
import type { Usage } from "../../models/index.js";
import type { OutputChannel, Recipient } from "../../scenario/index.js";
import type { AgentContext } from "../agent.js";

/** What a UI agent is told at the start of an episode: the request as the user typed it, and the clock. */
export interface UiEpisodeInput {
  task: string;
  now?: string;
}

/**
 * The scenario's declared output: who the artifact is for and in which channel. Given only to
 * the scripted controls, which cannot read intent from a request; model agents never see it
 * (their prompt is built from the task and the observation alone).
 */
export interface UiHints {
  recipient: Recipient;
  channel: OutputChannel;
}

/** One earlier step, as the agent's history shows it. */
export interface UiHistoryEntry {
  step: number;
  /** `click("e12")`, or a note that the reply could not be used. */
  action: string;
  error: string | null;
  thought?: string;
}

/** What the agent decides on at one step. */
export interface UiStep {
  observation: Observation;
  /** 1-based; the agent may act while `step <= maxSteps`. */
  step: number;
  maxSteps: number;
  history: readonly UiHistoryEntry[];
}

/**
 * What the agent decides at one step: an action, or a reply the harness could not use (a model
 * that answered out of contract). An unusable reply counts as a step; the runner shows its
 * message as the next observation's error and ends the episode as an error after three in a row.
 * Either way the decision carries the usage it spent. A decision that could not be made at all (a
 * model call that failed after its retries) is thrown.
 */
export type UiDecision =
  | {
      kind: "act";
      action: BrowserAction;
      /** The agent's stated reasoning, kept in the step log (never scored). */
      thought?: string;
      usage: Usage;
    }
  | { kind: "unusable"; message: string; raw_text: string; usage: Usage };

/** One episode of a UI agent: called once per step with the current observation. */
export interface UiEpisode {
  next(step: UiStep, signal?: AbortSignal): Promise<UiDecision>;
}

/** An agent of the end-to-end track: it acts in the workspace through the browser, one action per step. */
export interface UiAgent {
  readonly track: "e2e";
  /** Stable identifier used in records and summaries; the scripted controls share their state-grounded namesakes' ids. */
  readonly id: string;
  readonly description: string;
  /** What it is shown each step. */
  readonly observation: ObservationMode;
  start(input: UiEpisodeInput, hints: UiHints, context: AgentContext): UiEpisode;
}
