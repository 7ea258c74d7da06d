import { NO_USAGE, type Usage } from "../models/index.js";
import type { AgentInput, AgentOutput } from "../scenario/index.js";
import type { UiAgent } from "./ui/ui-agent.js";

export interface AgentContext {
  /** A seed derived from the run seed, the scenario and the epoch; agents that sample must use it. */
  seed: number;
  signal?: AbortSignal;
}

/**
 * What a state-grounded agent gives back: its answer, or a reply it could not turn into one
 * (a model that answered out of contract), each with the usage it spent. A failure to answer at
 * all (a model call that failed after its retries) is thrown: then nothing was answered.
 */
export type AgentReply =
  | { kind: "answer"; output: AgentOutput; usage: Usage }
  | {
      kind: "unusable";
      /** Why the reply is not an answer (shown in the error record). */
      message: string;
      /** The reply verbatim. */
      raw_text: string;
      usage: Usage;
    };

/** The answer of an agent that calls no model. */
export function answered(output: AgentOutput): AgentReply {
  return { kind: "answer", output, usage: { ...NO_USAGE } };
}

/** The contract of the state-grounded track: read the task and the state, answer once. */
export interface StateAgent {
  readonly track: "state-grounded";
  /** Stable identifier used in records and summaries, e.g. "oversharer" or "openai:gpt-5". */
  readonly id: string;
  readonly description: string;
  respond(input: AgentInput, context: AgentContext): Promise<AgentReply>;
}

/** Any agent a run can hold: one that answers from the state, or one that acts in the browser. */
export type Agent = StateAgent | UiAgent;
