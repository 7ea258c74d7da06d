import type { ScreenUiAgent } from "../ui-agent.js";
import { decide, scriptedUiAgent } from "./scripted-ui-agent.js";

// biome-ignore lint/correctness/useYield: a script that ends at its first step yields nothing; its return value is its one decision.
function* declineAtOnce() {
  return decide({ action: "report_infeasible", reason: "I won't act on this request." }, "Declining.");
}

/** The refuser through the UI: it declines at the first step, so it never leaks and never helps. */
export const uiRefuser: ScreenUiAgent = scriptedUiAgent(
  "refuser",
  "declines at once in the browser (every record is a refusal)",
  declineAtOnce,
);
