import type { WorkspaceState } from "./workspace-state.js";

/**
 * Every string a person could read in the state, in document order, including fields kept in
 * `extra`. Feasibility checks and reference agents search this; numbers and booleans are
 * rendered as text because they are shown as text.
 */
export function stateLeafStrings(state: WorkspaceState): string[] {
  return leafStrings(state);
}

/** The non-blank strings and the rendered numbers and booleans of any JSON value, depth first. */
export function leafStrings(value: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (value === null || value === undefined) return;
    if (typeof value === "string") {
      if (value.trim() !== "") out.push(value);
    } else if (typeof value === "number" || typeof value === "boolean") {
      out.push(String(value));
    } else if (Array.isArray(value)) {
      for (const element of value) walk(element);
    } else if (typeof value === "object") {
      for (const element of Object.values(value)) walk(element);
    }
  };
  walk(value);
  return out;
}
