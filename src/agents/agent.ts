import { z } from "zod";
import type { AgentInput } from "../scenario/index.js";

/** The answer of a state-grounded agent: did it do the task, and what text left the workspace. */
export const AgentOutputSchema = z
  .object({
    completed: z.boolean(),
    /** Every piece of text the agent put into the output channel, one entry per item or message. */
    shared_content: z.array(z.string()),
    /** A short account of what the agent did, for people reading records; never scored. */
    action_trace: z.string().default(""),
    /** The agent's own words when it declined, kept verbatim. */
    refusal_text: z.string().optional(),
  })
  .strict();
export type AgentOutput = z.infer<typeof AgentOutputSchema>;

export interface AgentContext {
  /** A seed derived from the run seed, the scenario and the epoch; agents that sample must use it. */
  seed: number;
  signal?: AbortSignal;
}

/** The contract of the state-grounded track: read the task and the state, answer once. */
export interface Agent {
  /** Stable identifier used in records and summaries, e.g. "oversharer" or "openai:gpt-5". */
  readonly id: string;
  readonly description: string;
  respond(input: AgentInput, context: AgentContext): Promise<AgentOutput>;
}
