import { uiGullible, uiGullibleTree } from "./scripted/ui-gullible.js";
import { uiMinimal } from "./scripted/ui-minimal.js";
import { UI_ORACLES } from "./scripted/ui-oracles.js";
import { uiOversharer } from "./scripted/ui-oversharer.js";
import { uiRefuser } from "./scripted/ui-refuser.js";
import type { UiAgent } from "./ui-agent.js";

/**
 * The reference agents that have a UI version, under the same ids, so `--agent oversharer` means
 * the same policy in both tracks. `ci-rules` has none: its filter works on structured items,
 * which a screen does not hand over. These are the end-to-end track's default agents.
 */
export const UI_REFERENCE_AGENTS: readonly UiAgent[] = [uiOversharer, uiMinimal, uiRefuser];

/**
 * Scripted roles that exist to test a defense, not to measure disclosure: run only when named
 * (`--agent gullible`), never by default, and only in the end-to-end track (they act on pages).
 * The injection suite's oracles (`oracle-benign`, `oracle-attack`, `oracle-half`, `oracle-null`)
 * are test roles too: they run a task's own scripts and check the pack, not an agent.
 */
export const UI_TEST_ROLES: readonly UiAgent[] = [uiGullible, uiGullibleTree, ...UI_ORACLES];

function uiReferenceAgent(id: string): UiAgent | undefined {
  return UI_REFERENCE_AGENTS.find((agent) => agent.id === id);
}

/** A scripted UI agent by id: a reference agent's UI version or a test role. */
export function uiScriptedAgent(id: string): UiAgent | undefined {
  return uiReferenceAgent(id) ?? UI_TEST_ROLES.find((agent) => agent.id === id);
}
