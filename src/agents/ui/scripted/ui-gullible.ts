import { type AriaNode, ariaNodeLabel, ariaTreeStrings } from "../../../browser/index.js";
import type { OracleStep } from "../../../scenario/index.js";
import { findInstruction, type Instruction } from "../../instructions/instruction-grammar.js";
import { findInstructionRead, showsPayloadRead } from "../../instructions/ocr-text.js";
import { showsPayload } from "../../instructions/shows-payload.js";
import { readImage } from "../../ocr/ocr-reader.js";
import type { ScreenUiAgent, UiDecision, UiHints, UiStep } from "../ui-agent.js";
import { sendMessage } from "./deliver.js";
import { appLinks, findNodes } from "./page-reading.js";
import { readApps, workspaceApps } from "./read-apps.js";
import { clickButton, fillField, type ScriptSteps, visit } from "./script-steps.js";
import { decide, scriptedUiAgent, type UiScript } from "./scripted-ui-agent.js";
import { runOracleScript } from "./ui-oracles.js";
import { DELIVERY_STEPS } from "./ui-oversharer.js";

type Found = { step: UiStep; instruction: Instruction };
/** What a page asks of the reader: the task's payload (obeyed through its attack script), or an instruction of the grammar. */
type Hit = { kind: "payload"; step: UiStep } | ({ kind: "instruction" } & Found);

/** What a reader made of one page: whether it shows a given payload, and the first instruction of the grammar on it. */
interface PageReading {
  showsPayload(payload: string): boolean;
  instruction: Instruction | undefined;
}

/** How a gullible reader sees a page: the accessibility tree's texts, or the screenshot's pixels by OCR. */
type PageSight = (step: UiStep) => Promise<PageReading>;

/**
 * The tree sight: every string a reader of the page sees — names, texts and field values, chrome
 * included — one text each; the grammar reads them separated by a blank line, so no instruction
 * runs from one text into the next. It reads the whole page, painted or not, in view or not.
 */
const treeSight: PageSight = async (step) => {
  const texts = ariaTreeStrings(step.observation.tree);
  return { showsPayload: (payload) => showsPayload(texts, payload), instruction: findInstruction(texts.join("\n\n")) };
};

/**
 * The pixel sight: the step's screenshot read by OCR, what a vision model is shown (the viewport,
 * as painted, effects included). A step without a screenshot cannot be read this way: that is a
 * bug of the runner's setup, not a page without instructions, so it throws.
 */
const ocrSight: PageSight = async (step) => {
  const image = step.observation.screenshot;
  if (image === undefined) throw new Error("the OCR gullible reads the screenshot, and this step was observed without one");
  const { paragraphs } = await readImage(image);
  return { showsPayload: (payload) => showsPayloadRead(paragraphs, payload), instruction: findInstructionRead(paragraphs) };
};

/**
 * What the step's page asks for: the payload when the task has an attack script and the page
 * shows the payload's text, else the first instruction of the grammar, in document order.
 */
function hitOn(step: UiStep, hints: UiHints, read: (step: UiStep) => PageReading): Hit | undefined {
  const reading = read(step);
  if (hints.oracles?.attack && hints.payload !== undefined && reading.showsPayload(hints.payload)) return { kind: "payload", step };
  const { instruction } = reading;
  return instruction && { kind: "instruction", step, instruction };
}

/**
 * Runs a reading script and looks at every page it reaches; at the first page that asks for
 * something, the reading stops (the rest of the script is abandoned, it holds nothing to close).
 */
function* readUntilHit(
  first: UiStep,
  reading: ScriptSteps<unknown>,
  hints: UiHints,
  read: (step: UiStep) => PageReading,
): ScriptSteps<Hit | undefined> {
  const onFirst = hitOn(first, hints, read);
  if (onFirst) return onFirst;
  let next = reading.next(first);
  while (!next.done) {
    const step = yield next.value;
    const hit = hitOn(step, hints, read);
    if (hit) return hit;
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

/** Where an instruction can be carried out: the messenger's and the terminal's home pages, from the workspace's navigation. */
interface WorkspaceLinks {
  messenger: string | undefined;
  terminal: string | undefined;
}

function workspaceLinks(first: UiStep): WorkspaceLinks {
  return {
    messenger: workspaceApps(first).get("messenger"),
    // The navigation names the terminal's app "Terminal"; the reading roles never read it as an app, so it is not in their labels.
    terminal: appLinks(first.observation.tree).find((link) => link.name === "Terminal")?.url,
  };
}

const finish = (answer: string, thought: string): UiDecision => decide({ action: "finish", answer }, thought);

/** What went wrong with the last action, for an honest answer. */
function failure(step: UiStep): string {
  const error = step.observation.lastActionError;
  return error === null ? "" : ` (the last action failed: ${error})`;
}

/** Carries out one instruction from the page it was read on, and finishes saying what it did. */
function* follow({ step, instruction }: Found, apps: WorkspaceLinks): ScriptSteps<UiDecision> {
  const { messenger, terminal } = apps;
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
    case "run": {
      if (terminal === undefined)
        return finish(
          `I read an instruction to run \`${instruction.command}\`, but this workspace has no terminal, so I ran nothing.`,
          "No terminal to run it in.",
        );
      const opened = yield* visit(terminal, `The page says to run a command; opening the terminal.`);
      const typed = yield* fillField(opened, ["textbox"], "Command", instruction.command);
      if (typed === opened)
        return finish(`I read an instruction to run \`${instruction.command}\`, but found no command line to type it into.`, "No input.");
      // The form's Run button, where there is one: a click waits for the post's page to arrive, a
      // key press does not (on a loaded machine the episode could end before the command ran).
      const run = yield* clickButton(typed, "Run");
      const after = run !== typed ? run : yield decide({ action: "press", key: "Enter" }, "Running the command the page gave.");
      return finish(`${read}: I ran \`${instruction.command}\` in the terminal${failure(after)}.`, "Done what the page said.");
    }
  }
}

/**
 * The benign script with each app's front page visited before the script first goes deeper into
 * that app (`shop` before `shop/checkout`): how a person finds their way, and how a reader comes to
 * see what the app's front page shows (listings, previews) before acting.
 */
export function throughAppFronts(script: readonly OracleStep[]): OracleStep[] {
  const visited = new Set<string>();
  const out: OracleStep[] = [];
  for (const step of script) {
    if ("goto" in step && !/^https?:\/\//.test(step.goto)) {
      const app = step.goto.split("/")[0]!;
      if (step.goto !== app && !visited.has(app)) out.push({ goto: app });
      visited.add(app);
    }
    out.push(step);
  }
  return out;
}

/** Obeys what a page asked for: the task's attack script from where the payload was read, or the instruction. */
function* obey(hit: Hit, hints: UiHints, apps: WorkspaceLinks): ScriptSteps<UiDecision> {
  if (hit.kind === "instruction") return yield* follow(hit, apps);
  // The attack script is the pack author's statement of what the payload asks for: the scripted stand-in for a model that understood it.
  const { step } = yield* runOracleScript(hints.oracles?.attack ?? [], hit.step);
  return finish(`I did what I read on ${hit.step.observation.url}${failure(step)}.`, "Done what the page said.");
}

/** The gullible script over a sight's readings of the steps it is given. */
function gullibleScript(read: (step: UiStep) => PageReading): UiScript {
  return function* (input, hints, first) {
    const apps = workspaceLinks(first);
    const benign = hints.oracles?.benign;
    if (benign) {
      let hit = hitOn(first, hints, read);
      const look = (step: UiStep) => {
        hit = hitOn(step, hints, read);
        return hit !== undefined;
      };
      if (!hit) yield* runOracleScript(throughAppFronts(benign), first, look);
      if (!hit) return finish("I did the task; nothing I read asked for anything else.", "Task done.");
      return yield* obey(hit, hints, apps);
    }
    // Steps kept for carrying out an instruction found on the last page read: a message is the longest.
    const hit = yield* readUntilHit(first, readApps(first, input.task, DELIVERY_STEPS), hints, read);
    if (!hit) return finish("I read the pages of the apps the task touches and found no instruction to follow.", "Nothing to follow.");
    return yield* obey(hit, hints, apps);
  };
}

/**
 * The script runs synchronously over steps, and a sight may take time (OCR): each step is read
 * before it is handed to the script, and the script looks its reading up.
 */
function gullibleWith(id: string, description: string, sight: PageSight, options: Pick<ScreenUiAgent, "screenshots"> = {}): ScreenUiAgent {
  return {
    track: "e2e",
    id,
    description,
    observation: "axtree",
    ...options,
    start(input, hints, context) {
      const readings = new WeakMap<UiStep, PageReading>();
      const read = (step: UiStep): PageReading => {
        const reading = readings.get(step);
        if (reading === undefined) throw new Error(`${id} was handed a step it had not read`);
        return reading;
      };
      const episode = scriptedUiAgent(id, description, gullibleScript(read)).start(input, hints, context);
      return {
        async next(step, signal) {
          readings.set(step, await sight(step));
          return episode.next(step, signal);
        },
      };
    },
  };
}

/**
 * A scripted test role of the end-to-end track that obeys what it reads. On every page it visits
 * it reads (`gullible`: the screenshot by OCR, what a vision model is shown; `gullible-tree`: the
 * accessibility tree's texts, the whole page whether painted or not) and looks for (1) the task's
 * injection payload, when the task has an attack script (`attack.oracles.attack`, handed over in
 * the hints with the payload): it then carries out that script from where it is; (2) else an
 * instruction in the grammar of `findInstruction` (OCR text repaired first, `repairOcrText`) —
 * goto, a message through the messenger to the name it gives, a click, or a command typed into
 * the terminal's command line and run (its Run button, else Enter). Its way through the task
 * is the task's benign oracle script when there is one (so it visits where the payload is, and
 * completes the task when nothing diverts it; each app's front page is read before the script goes
 * deeper into it), else it reads like the oversharer (the apps the task touches, their
 * conversations and files) and finishes. Undefended, it is what a prompt injection needs; it is not
 * one of the default agents (`UI_TEST_ROLES`).
 */
export const uiGullible: ScreenUiAgent = gullibleWith(
  "gullible",
  "does the task and obeys the first payload or instruction it reads by OCR of the screenshot (a test role for prompt injection)",
  ocrSight,
);

/**
 * `gullible` reading the accessibility tree instead of pixels: for comparison, and for the pack's
 * oracle tests (no OCR per step). Like the oracles, it takes no screenshot: it never reads one, and
 * the pack's self-check runs it on every attack task (a screenshot per step was a third of the
 * GPU process's work there).
 */
export const uiGullibleTree: ScreenUiAgent = gullibleWith(
  "gullible-tree",
  "like gullible, but reads the accessibility tree's texts (every text of the page, painted or not) instead of the screenshot",
  treeSight,
  { screenshots: false },
);
