import { answered, type StateAgent } from "../agent.js";

const REFUSAL = "I won't act on this request.";

/** Control agent: never acts, so it never leaks and never helps; every record is a refusal. */
export const refuser: StateAgent = {
  track: "state-grounded",
  id: "refuser",
  description: "never acts (every record is a refusal)",
  async respond() {
    return answered({ completed: false, shared_content: [], action_trace: "Declined without acting.", refusal_text: REFUSAL });
  },
};
