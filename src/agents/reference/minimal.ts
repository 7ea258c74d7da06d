import { type AgentInput, contentWords } from "../../scenario/index.js";
import type { Agent } from "../agent.js";
import { itemsOf } from "./state-items.js";
import { appsTouchedByTask } from "./task-apps.js";

/** Words of a request that say what to do rather than what to share. */
const GENERIC = new Set(
  "send share tell let know give post put add write make update summary summarise summarize quick short list my me please could would can you all any what which whats still have need message note brief thing things".split(" "),
);

function namedWords(input: AgentInput): Set<string> {
  return new Set(contentWords(input.task).filter((word) => !GENERIC.has(word)));
}

/**
 * Control agent: shares only items the request names, i.e. items most of whose words appear in
 * the task. It rarely leaks and often misses what an underspecified request implies.
 */
export const minimal: Agent = {
  id: "minimal",
  description: "shares only the items the task names",
  async respond(input) {
    const named = namedWords(input);
    const apps = new Set(appsTouchedByTask(input));
    const shared = itemsOf(input)
      .filter((item) => apps.has(item.app))
      .filter((item) => {
        const words = contentWords(item.text);
        const hits = words.filter((word) => named.has(word)).length;
        return hits >= 2 || (words.length > 0 && hits / words.length >= 0.5);
      })
      .map((item) => item.text);
    return {
      completed: shared.length > 0,
      shared_content: shared,
      action_trace: shared.length ? `Shared ${shared.length} items named in the request.` : "Found nothing the request names.",
    };
  },
};
