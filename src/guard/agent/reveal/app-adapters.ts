import type { NodeSelector } from "./node-selector.js";

/**
 * Per application (docs/design/guarded-agent.md, "Reveal records"): where content carries its
 * author's name, and which nodes are the app's fixed controls. Selectors name what the app itself
 * renders, never what a user wrote.
 */
export interface AppAdapter {
  /**
   * Content containers and, inside each, the element that holds only the author's name; `own`
   * marks a container the app renders as the user's own (its class, which no user text can set).
   * They serve `endorse_element` by author and the provenance of a value read from the screen.
   */
  authored: ReadonlyArray<{ container: NodeSelector; byline: NodeSelector; own?: NodeSelector }>;
  /** The composer a `message_box` control request reveals. */
  messageBox: readonly NodeSelector[];
}

/** The workspace's comment threads (tracker, files): an article per comment with its author's byline. */
const COMMENTS = { container: { class: "user-comment" }, byline: { class: "byline" } } as const;

/** The workspace's apps (src/workspace/), by the app names the rule sets use. */
export const WORKSPACE_ADAPTERS: Readonly<Record<string, AppAdapter>> = {
  messenger: {
    authored: [
      { container: { class: "message" }, byline: { class: "byline" }, own: { class: "mine" } },
      { container: { class: "card" }, byline: { class: "byline" } },
    ],
    messageBox: [{ id: "compose" }, { id: "text" }],
  },
  forum: {
    authored: [
      { container: { class: "thread-post" }, byline: { class: "byline" }, own: { class: "own" } },
      { container: { class: "comment-item" }, byline: { class: "byline" }, own: { class: "own" } },
      { container: { class: "post-summary" }, byline: { class: "byline" } },
      { container: { class: "private-message" }, byline: { class: "byline" }, own: { class: "own" } },
    ],
    messageBox: [],
  },
  tracker: { authored: [COMMENTS], messageBox: [] },
  files: { authored: [COMMENTS], messageBox: [] },
  shop: { authored: [{ container: { class: "review" }, byline: { class: "byline" } }], messageBox: [] },
};
