import { CHANNEL_APP, type Scenario, type WorkspaceState, WorkspaceStateSchema } from "../../scenario/index.js";
import { cloneJson } from "./entity-path.js";

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
