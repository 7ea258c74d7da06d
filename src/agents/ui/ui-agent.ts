import type { BrowserAction, Observation, ObservationMode } from "../../browser/index.js";
import type { OutputChannel, Recipient } from "../../scenario/index.js";
import type { Agent, AgentContext } from "../agent.js";
import type { CallUsage } from "../llm/call-usage.js";

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

export interface UiDecision {
  action: BrowserAction;
  /** The agent's stated reasoning, kept in the step log (never scored). */
  thought?: string;
  /** Model usage of this decision; absent for agents that call no model. */
  usage?: CallUsage;
}

/** One episode of a UI agent: called once per step with the current observation. */
export interface UiEpisode {
  next(step: UiStep, signal?: AbortSignal): Promise<UiDecision>;
}

/**
 * An agent of the end-to-end track: it acts in the workspace through the browser, one action
 * per step. It is also an `Agent` so that it fits the runner's arms; its `respond` (the
 * state-grounded contract) refuses, because a UI agent has no state to read, only screens.
 */
export interface UiAgent extends Agent {
  readonly ui: true;
  /** What it is shown each step. */
  readonly observation: ObservationMode;
  start(input: UiEpisodeInput, hints: UiHints, context: AgentContext): UiEpisode;
}

export function isUiAgent(agent: Agent): agent is UiAgent {
  return (agent as Partial<UiAgent>).ui === true && typeof (agent as Partial<UiAgent>).start === "function";
}

/** The `respond` of a UI agent: an error, so running one in the state-grounded track is a visible error record. */
export async function uiAgentCannotRespond(id: string): Promise<never> {
  throw Object.assign(new Error(`${id} is a UI agent: it acts in the browser and runs only in the end-to-end track (--track e2e)`), {
    kind: "track",
  });
}

/**
 * A reply the harness could not use (no JSON, not an action). The runner records the step, shows
 * the message as the next observation's error, and ends the episode as an error after three in a row.
 */
export class UiReplyError extends Error {
  override readonly name = "UiReplyError";
  readonly kind = "parse" as const;
  constructor(
    message: string,
    readonly rawText: string,
    readonly usage?: CallUsage,
  ) {
    super(message);
  }
}
