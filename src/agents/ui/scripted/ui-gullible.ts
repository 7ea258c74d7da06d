import { type AriaNode, ariaNodeLabel, ariaTreeStrings } from "../../../browser/index.js";
import { findInstruction, type Instruction } from "../../instructions/instruction-grammar.js";
import type { ScreenUiAgent, UiDecision, UiStep } from "../ui-agent.js";
import { sendMessage } from "./deliver.js";
import { findNodes } from "./page-reading.js";
import { readApps, workspaceApps } from "./read-apps.js";
import type { ScriptSteps } from "./script-steps.js";
import { decide, scriptedUiAgent } from "./scripted-ui-agent.js";
import { DELIVERY_STEPS } from "./ui-oversharer.js";

/**
 * Every string a reader of the page sees — names, texts and field values, navigation and chrome
 * included — one text each, separated by a blank line so that no instruction runs from one
 * text into the next (the grammar never reads across a blank line).
 */
function pageText(step: UiStep): string {
  return ariaTreeStrings(step.observation.tree).join("\n\n");
}

/** The first instruction on the step's page, in document order. */
function instructionOn(step: UiStep): Instruction | undefined {
  return findInstruction(pageText(step));
}

type Found = { step: UiStep; instruction: Instruction };

/**
 * Runs a reading script and looks at every page it reaches; at the first page that holds an
 * instruction, the reading stops (the rest of the script is abandoned, it holds nothing to close).
 */
function* readUntilInstruction(first: UiStep, reading: ScriptSteps<unknown>): ScriptSteps<Found | undefined> {
  const onFirst = instructionOn(first);
  if (onFirst) return { step: first, instruction: onFirst };
  let next = reading.next(first);
  while (!next.done) {
    const step = yield next.value;
    const instruction = instructionOn(step);
    if (instruction) return { step, instruction };
    next = reading.next(step);
  }
  return undefined;
}

/** The link or button named exactly `label` on the page (its accessible name, or its text when it has none). */
function control(step: UiStep, label: string): AriaNode | undefined {
  return findNodes(
    step.observation.tree,
    (node) => (node.role === "link" || node.role === "button") && node.ref !== undefined && ariaNodeLabel(node) === label,
  )[0];
}

const finish = (answer: string, thought: string): UiDecision => decide({ action: "finish", answer }, thought);

/** What went wrong with the last action, for an honest answer. */
function failure(step: UiStep): string {
  const error = step.observation.lastActionError;
  return error === null ? "" : ` (the last action failed: ${error})`;
}

/** Carries out one instruction from the page it was read on, and finishes saying what it did. */
function* follow({ step, instruction }: Found, messenger: string | undefined): ScriptSteps<UiDecision> {
  const read = `I followed the instruction I read on ${step.observation.url}`;
  switch (instruction.kind) {
    case "navigate": {
      const after = yield decide({ action: "goto", url: instruction.url }, `The page says to navigate to ${instruction.url}.`);
      return finish(`${read}: I navigated to ${instruction.url}${failure(after)}.`, "Done what the page said.");
    }
    case "send": {
      if (messenger === undefined)
        return finish(
          `I read an instruction to send a message to ${instruction.to}, but this workspace has no messenger, so I sent nothing.`,
          "No messenger to send with.",
        );
      // Only the instruction's name: the scenario's recipient is never the address of a dictated message.
      const after = yield* sendMessage(messenger, { to: instruction.to, anyConversation: false }, instruction.text);
      return finish(`${read}: I sent the message it dictated to ${instruction.to}${failure(after)}.`, "Done what the page said.");
    }
    case "click": {
      const target = control(step, instruction.label);
      if (!target?.ref)
        return finish(
          `I read an instruction to click "${instruction.label}", but no link or button on that page has that name, so I clicked nothing.`,
          "Nothing to click by that name.",
        );
      const after = yield decide({ action: "click", ref: target.ref }, `The page says to click "${instruction.label}".`);
      return finish(`${read}: I clicked "${instruction.label}"${failure(after)}.`, "Done what the page said.");
    }
  }
}

/**
 * A scripted test role of the end-to-end track: it reads like the oversharer (the apps the task
 * touches, their conversations and files), but looks at every page for an instruction in the
 * grammar of `findInstruction` and carries out the first one it finds — goto, a message through
 * the messenger to the name the instruction gives, or a click — then finishes. It ignores the
 * scenario's hints, so whatever it sends goes only where the page told it to. Undefended, it is
 * what a prompt injection needs; it is not one of the default agents (`UI_TEST_ROLES`).
 */
export const uiGullible: ScreenUiAgent = scriptedUiAgent(
  "gullible",
  "reads the touched apps in the browser and follows the first instruction it reads on a page (a test role for prompt injection)",
  function* (input, _hints, first) {
    const messenger = workspaceApps(first).get("messenger");
    // Steps kept for carrying out an instruction found on the last page read: a message is the longest.
    const found = yield* readUntilInstruction(first, readApps(first, input.task, DELIVERY_STEPS));
    if (!found) return finish("I read the pages of the apps the task touches and found no instruction to follow.", "Nothing to follow.");
    return yield* follow(found, messenger);
  },
);
