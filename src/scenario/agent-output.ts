import { z } from "zod";

/** The answer of an agent: did it do the task, and what text left the workspace. */
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
