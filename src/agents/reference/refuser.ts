import type { Agent } from "../agent.js";

const REFUSAL = "I won't act on this request.";

/** Control agent: never acts, so it never leaks and never helps; every record is a refusal. */
export const refuser: Agent = {
  id: "refuser",
  description: "never acts (every record is a refusal)",
  async respond() {
    return { completed: false, shared_content: [], action_trace: "Declined without acting.", refusal_text: REFUSAL };
  },
};
