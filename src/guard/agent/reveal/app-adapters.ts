import type { NodeSelector } from "./node-selector.js";

/**
 * Per application (spec §2.14): where content carries its author's name, and which nodes are the
 * app's fixed controls. Selectors name what the app itself renders, never what a user wrote.
 */
export interface AppAdapter {
  /** Content containers and, inside each, the element that holds only the author's name. */
  authored: ReadonlyArray<{ container: NodeSelector; byline: NodeSelector }>;
  /** The composer a `message_box` control request reveals. */
  messageBox: readonly NodeSelector[];
}

/** The workspace's apps (src/workspace/), by the app names the rule sets use. */
export const WORKSPACE_ADAPTERS: Readonly<Record<string, AppAdapter>> = {
  messenger: {
    authored: [
      { container: { class: "message" }, byline: { class: "byline" } },
      { container: { class: "card" }, byline: { class: "byline" } },
    ],
    messageBox: [{ id: "compose" }, { id: "text" }],
  },
};
