import type { UiAgent } from "../ui-agent.js";
import { decide, scriptedUiAgent } from "./scripted-ui-agent.js";

/** The refuser through the UI: it declines at the first step, so it never leaks and never helps. */
// biome-ignore lint/correctness/useYield: a script that ends at its first step yields nothing; its return value is its one decision.
export const uiRefuser: UiAgent = scriptedUiAgent("refuser", "declines at once in the browser (every record is a refusal)", function* () {
  return decide({ action: "report_infeasible", reason: "I won't act on this request." }, "Declining.");
});
