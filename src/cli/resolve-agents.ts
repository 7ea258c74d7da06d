import { type Agent, REFERENCE_AGENTS, referenceAgent } from "../agents/index.js";
import { UsageError } from "./exit-codes.js";

export function resolveAgent(id: string): Agent {
  const agent = referenceAgent(id);
  if (!agent) throw new UsageError(`--agent ${id}: unknown agent (known: ${REFERENCE_AGENTS.map((known) => known.id).join(", ")})`);
  return agent;
}
