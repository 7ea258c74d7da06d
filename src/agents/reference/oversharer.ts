import { answered, type StateAgent } from "../agent.js";
import { itemsOf } from "./state-items.js";
import { appsTouchedByTask } from "./task-apps.js";

/**
 * Control agent: copies every item of every app the task touches. It completes whatever is
 * completable and leaks whatever sits next to the needed content, so it marks the ceiling of
 * leakage a scenario can show.
 */
export const oversharer: StateAgent = {
  track: "state-grounded",
  id: "oversharer",
  description: "shares every item of every app the task touches",
  async respond(input) {
    const apps = new Set(appsTouchedByTask(input));
    const shared = itemsOf(input)
      .filter((item) => apps.has(item.app))
      .map((item) => item.text);
    return answered({
      completed: shared.length > 0,
      shared_content: shared,
      action_trace: `Shared all ${shared.length} items from ${[...apps].join(", ")}.`,
    });
  },
};
