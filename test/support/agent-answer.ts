import type { AgentReply } from "../../src/agents/index.js";
import type { AgentOutput } from "../../src/scenario/index.js";

/** The answer of a reply that must be one (a test fails loudly on an unusable reply). */
export function answerOf(reply: AgentReply): AgentOutput {
  if (reply.kind !== "answer") throw new Error(`expected an answer, got an unusable reply: ${reply.message}`);
  return reply.output;
}
