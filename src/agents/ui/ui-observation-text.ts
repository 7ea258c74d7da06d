import type { Observation, ObservationMode } from "../../browser/index.js";
import type { UiHistoryEntry } from "./ui-agent.js";

/** Snapshots longer than this are cut, with a line that says so (a 20-step run must fit a context window). */
const MAX_AXTREE_CHARS = 60_000;

function clip(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/**
 * The observation as text: URL, tabs, focused element and the last action's error come first in
 * every mode (the reference's prompts left the error and the tabs out, so failed actions were
 * invisible to the model), then the accessibility snapshot unless the agent is screenshot-only.
 */
export function observationText(observation: Observation, mode: ObservationMode, viewport?: { width: number; height: number }): string {
  const lines = [`URL: ${observation.url}`, "Open tabs:"];
  for (const tab of observation.tabs) {
    lines.push(`  [${tab.index}] ${JSON.stringify(tab.title)} ${tab.url}${tab.index === observation.activeTab ? " (active)" : ""}`);
  }
  const focused = observation.focused;
  lines.push(
    `Focused element: ${focused ? `${focused.role}${focused.name ? ` ${JSON.stringify(focused.name)}` : ""}${focused.ref ? ` [ref=${focused.ref}]` : ""}` : "none"}`,
  );
  lines.push(`Last action error: ${observation.lastActionError ?? "none"}`);
  if (mode !== "screenshot") {
    const tree = observation.axtree;
    lines.push("", "Page (accessibility tree; act on elements by their ref):");
    lines.push(
      tree.length > MAX_AXTREE_CHARS
        ? `${tree.slice(0, MAX_AXTREE_CHARS)}\n… [cut: showing ${MAX_AXTREE_CHARS} of ${tree.length} characters; scroll or open a narrower page]`
        : tree,
    );
  }
  if (mode !== "axtree") {
    const size = viewport ? ` (${viewport.width}×${viewport.height} pixels; mouse_click(x, y) uses these coordinates)` : "";
    lines.push("", `A screenshot of the visible part of the page is attached${size}.`);
  }
  return lines.join("\n");
}

/** The agent's earlier steps, one line each, with errors and (short) thoughts. */
export function historyText(history: readonly UiHistoryEntry[]): string {
  if (history.length === 0) return "(none yet)";
  return history
    .map((entry) => {
      const thought = entry.thought ? ` — thought: ${clip(entry.thought.replace(/\s+/g, " "), 300)}` : "";
      return `${entry.step}. ${entry.action}${entry.error ? ` — error: ${entry.error}` : ""}${thought}`;
    })
    .join("\n");
}
