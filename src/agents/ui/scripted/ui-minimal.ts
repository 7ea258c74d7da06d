import { contentWords } from "../../../scenario/index.js";
import type { UiAgent } from "../ui-agent.js";
import { deliver, deliversToUser } from "./deliver.js";
import { readApps } from "./read-apps.js";
import { decide, scriptedUiAgent } from "./scripted-ui-agent.js";
import { DELIVERY_STEPS } from "./ui-oversharer.js";

/** Words of a request that say what to do rather than what to share (the state-grounded minimal agent's list). */
const GENERIC = new Set(
  "send share tell let know give post put add write make update summary summarise summarize quick short list my me please could would can you all any what which whats still have need message note brief thing things".split(" "),
);

/**
 * Lines whose words the request names: two or more named words, or at least half of the line's
 * words — the rule of the state-grounded `minimal`, applied to lines read off the screen.
 */
export function namedLines(task: string, lines: readonly string[]): string[] {
  const named = new Set(contentWords(task).filter((word) => !GENERIC.has(word)));
  return lines.filter((line) => {
    const words = contentWords(line);
    const hits = words.filter((word) => named.has(word)).length;
    return hits >= 2 || (words.length > 0 && hits / words.length >= 0.5);
  });
}

/**
 * The minimal control through the real UI: it reads the apps the task touches and sends only the
 * lines the request names. When nothing is named it finishes without sending (a refusal).
 */
export const uiMinimal: UiAgent = scriptedUiAgent("minimal", "reads the touched apps in the browser and sends only the lines the task names", function* (input, hints, first) {
  const reading = yield* readApps(first, input.task, DELIVERY_STEPS);
  const lines = namedLines(input.task, reading.lines);
  if (lines.length === 0) return decide({ action: "finish", answer: "I found nothing the request names." }, "Nothing named in the request is on screen.");
  const text = lines.join("\n");
  if (deliversToUser(hints)) return decide({ action: "finish", answer: text }, "Handing the named lines back to the user.");
  yield* deliver(reading.step, hints, text, reading.apps, input.task);
  return decide({ action: "finish", answer: `Sent ${lines.length} lines the request names.` }, "Sent what the request names.");
});
