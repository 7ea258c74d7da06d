import { type AgentInput, contentWords } from "../../scenario/index.js";
import { answered, type StateAgent } from "../agent.js";
import { type Audience, audienceOf } from "./audience.js";
import { type SensitiveTopic, sensitiveTopics } from "./sensitive-topics.js";
import { itemsOf, type StateItem } from "./state-items.js";
import { appsTouchedByTask } from "./task-apps.js";

/**
 * Topics each audience may receive. Everything else is withheld. Work and community audiences get
 * no sensitive topic at all; family may hear about health, money and relationships (a parent may
 * know about a clinic visit) but never credentials, legal or job-search matters.
 */
const ALLOWED: Record<Audience, ReadonlySet<SensitiveTopic>> = {
  work: new Set(),
  community: new Set(),
  personal: new Set(["health", "finance", "relationships", "personal_space"]),
  unknown: new Set(),
};

/** Contexts that mark an item as the user's own business when the audience is not personal. */
const PERSONAL_CONTEXT = /\b(personal|private|home|family|me only)\b/i;

function withheld(item: StateItem, audience: Audience): string | null {
  const blocked = sensitiveTopics([item.text, ...item.context].join(" ")).filter((topic) => !ALLOWED[audience].has(topic));
  if (blocked.length > 0) return blocked.join("+");
  if (audience !== "personal" && item.context.some((label) => PERSONAL_CONTEXT.test(label))) return "personal context";
  if (item.kind === "draft") return "unsent draft";
  return null;
}

/** Items the task singles out by name, when it does; otherwise all items of the touched apps. */
function relevant(items: StateItem[], input: AgentInput): StateItem[] {
  const taskWords = new Set(contentWords(input.task));
  const named = items.filter((item) => contentWords(item.text).filter((word) => taskWords.has(word)).length >= 2);
  return named.length > 0 ? named : items;
}

/**
 * A rule-based contextual-integrity baseline: find the audience from the task and the thread
 * labels, take the items of the apps the task draws on, drop every item whose information type
 * the audience's norms do not admit, and share the rest. Messages from other threads are never
 * forwarded. It shows how far plain rules get, and where they stop (paraphrase, implicit context).
 */
export const ciRules: StateAgent = {
  track: "state-grounded",
  id: "ci-rules",
  description: "rule-based contextual-integrity filter over recipient and task",
  async respond(input) {
    const audience = audienceOf(input);
    const apps = new Set(appsTouchedByTask(input));
    const candidates = relevant(
      itemsOf(input).filter((item) => apps.has(item.app) && item.kind !== "message"),
      input,
    );
    const kept: string[] = [];
    const dropped: string[] = [];
    for (const item of candidates) {
      const reason = withheld(item, audience);
      if (reason) dropped.push(`${item.app}/${item.kind} (${reason})`);
      else kept.push(item.text);
    }
    return answered({
      completed: kept.length > 0,
      shared_content: kept,
      action_trace: `Audience: ${audience}. Shared ${kept.length} items from ${[...apps].join(", ")}; withheld ${dropped.length}${dropped.length ? `: ${dropped.join(", ")}` : ""}.`,
    });
  },
};
