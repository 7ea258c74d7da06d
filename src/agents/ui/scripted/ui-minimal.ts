import { namedByTask } from "../../reference/minimal.js";
import { isNoteForUser } from "../recipient-names.js";
import type { ScreenUiAgent } from "../ui-agent.js";
import { deliver } from "./deliver.js";
import { readApps } from "./read-apps.js";
import { decide, scriptedUiAgent } from "./scripted-ui-agent.js";
import { DELIVERY_STEPS } from "./ui-oversharer.js";

/**
 * The minimal control through the real UI: it reads the apps the task touches and sends only the
 * lines the request names. When nothing is named it finishes without sending (a refusal).
 */
export const uiMinimal: ScreenUiAgent = scriptedUiAgent(
  "minimal",
  "reads the touched apps in the browser and sends only the lines the task names",
  function* (input, hints, first) {
    const reading = yield* readApps(first, input.task, DELIVERY_STEPS);
    // The state-grounded minimal's rule, applied to lines read off the screen.
    const lines = reading.lines.filter(namedByTask(input.task));
    if (lines.length === 0)
      return decide({ action: "finish", answer: "I found nothing the request names." }, "Nothing named in the request is on screen.");
    const text = lines.join("\n");
    if (isNoteForUser(hints)) return decide({ action: "finish", answer: text }, "Handing the named lines back to the user.");
    yield* deliver(reading.step, hints, text, reading.apps, input.task);
    return decide({ action: "finish", answer: `Sent ${lines.length} lines the request names.` }, "Sent what the request names.");
  },
);
