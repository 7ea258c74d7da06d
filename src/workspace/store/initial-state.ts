import { type OutputChannel, type Scenario, type WorkspaceState, WorkspaceStateSchema } from "../../scenario/index.js";
import { cloneJson } from "./entity-path.js";

/**
 * The app an agent needs to produce an artifact in each channel. A `note` has no app of its own:
 * a person hands a note over as a message, so the messenger carries it.
 */
export const CHANNEL_APP = {
  message: "messenger",
  note: "messenger",
  calendar_event: "calendar",
  todo_item: "todo",
  route_share: "maps",
  file: "code_editor",
  order: "shop",
} as const satisfies Record<OutputChannel, keyof WorkspaceState>;

/**
 * The state an episode starts from: the scenario's state, deep-copied and with schema defaults
 * filled, plus an empty app for the scenario's channel when the scenario left that app out —
 * otherwise a task such as "message Nora" could not be done at all. Nothing else is added, so
 * no content the scenario did not define appears (the reference bridge showed demo content).
 */
export function initialState(scenario: Scenario): WorkspaceState {
  const state = WorkspaceStateSchema.parse(cloneJson(scenario.state));
  const app = CHANNEL_APP[scenario.channel];
  if (state[app] === undefined) {
    const empty = WorkspaceStateSchema.parse({ [app]: {} });
    Object.assign(state, { [app]: empty[app] });
  }
  return state;
}
