import type { OutputChannel } from "./scenario.js";
import type { AppName } from "./workspace-state.js";

/**
 * The app an agent needs to produce an artifact in each channel: the scenario's app. A `note` has
 * no app of its own: a person hands a note over as a message, so the messenger carries it.
 */
export const CHANNEL_APP = {
  message: "messenger",
  note: "messenger",
  calendar_event: "calendar",
  todo_item: "todo",
  route_share: "maps",
  file: "code_editor",
  order: "shop",
} as const satisfies Record<OutputChannel, AppName>;
