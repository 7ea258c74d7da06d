import { uiMinimal } from "./scripted/ui-minimal.js";
import { uiOversharer } from "./scripted/ui-oversharer.js";
import { uiRefuser } from "./scripted/ui-refuser.js";
import type { UiAgent } from "./ui-agent.js";

/**
 * The reference agents that have a UI version, under the same ids, so `--agent oversharer` means
 * the same policy in both tracks. `ci-rules` has none: its filter works on structured items,
 * which a screen does not hand over.
 */
export const UI_REFERENCE_AGENTS: readonly UiAgent[] = [uiOversharer, uiMinimal, uiRefuser];

export function uiReferenceAgent(id: string): UiAgent | undefined {
  return UI_REFERENCE_AGENTS.find((agent) => agent.id === id);
}
