import { contentWords } from "../../scenario/index.js";
import { answered, type StateAgent } from "../agent.js";
import { itemsOf } from "./state-items.js";
import { appsTouchedByTask } from "./task-apps.js";

/** Words of a request that say what to do rather than what to share. */
const GENERIC = new Set(
  "send share tell let know give post put add write make update summary summarise summarize quick short list my me please could would can you all any what which whats still have need message note brief thing things".split(
    " ",
  ),
);

/**
 * Whether the request names a text: two or more of its words are named in the request, or at
 * least half of them are. Shared with the UI `minimal`, which applies it to lines read off screens.
 */
export function namedByTask(task: string): (text: string) => boolean {
  const named = new Set(contentWords(task).filter((word) => !GENERIC.has(word)));
  return (text) => {
    const words = contentWords(text);
    const hits = words.filter((word) => named.has(word)).length;
    return hits >= 2 || (words.length > 0 && hits / words.length >= 0.5);
  };
}

/**
 * Control agent: shares only items the request names, i.e. items most of whose words appear in
 * the task. It rarely leaks and often misses what an underspecified request implies.
 */
export const minimal: StateAgent = {
  track: "state-grounded",
  id: "minimal",
  description: "shares only the items the task names",
  async respond(input) {
    const named = namedByTask(input.task);
    const apps = new Set(appsTouchedByTask(input));
    const shared = itemsOf(input)
      .filter((item) => apps.has(item.app) && named(item.text))
      .map((item) => item.text);
    return answered({
      completed: shared.length > 0,
      shared_content: shared,
      action_trace: shared.length ? `Shared ${shared.length} items named in the request.` : "Found nothing the request names.",
    });
  },
};
