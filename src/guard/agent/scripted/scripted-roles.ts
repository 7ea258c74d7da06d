import { createHash } from "node:crypto";
import {
  findInstruction,
  findInstructionRead,
  type Instruction,
  readImage,
  showsPayload,
  showsPayloadRead,
} from "../../../agents/index.js";
import type { ModelClient, ModelRequest } from "../../../models/index.js";
import { SPECIFICITY_SCHEMA_NAME } from "../classifier/task-specificity.js";
import { RECALL_SCHEMA_NAME } from "../endorse/endorse-value.js";
import { QUARANTINED_ANSWER_SCHEMA_NAME } from "../query/quarantined-query.js";
import type { ShownControl } from "../screen/controls-shown.js";
import { PLANNER_REPLY_SCHEMA_NAME, type PlannerReply } from "../tools/tool-call.js";
import { validateAnswer } from "../values/index.js";
import type { PlanStep } from "./plan-step.js";
import { firstValueIn, linesByRelevance, parseReadQuery, type ReadQuery, readerValueIn } from "./screen-reader.js";
import { requestImages, requestTexts, scriptedClient } from "./scripted-client.js";
import { type ControlSight, PlanRunner } from "./scripted-planner.js";
import { taskOnlyReply } from "./task-only-reader.js";

/**
 * The scripted roles, usable wherever a model spec is: `--agent guarded:gullible`, `--q-model
 * compromised`. `gullible` reads the images it is shown by OCR; `gullible-tree` reads the texts of
 * the rows the capture found painted outside the mask instead (`textsShown`), for comparison.
 */
export const SCRIPTED_ROLES = ["scripted", "gullible", "gullible-tree", "compromised"] as const;
export type ScriptedRole = (typeof SCRIPTED_ROLES)[number];

export function isScriptedRole(spec: string): spec is ScriptedRole {
  return (SCRIPTED_ROLES as readonly string[]).includes(spec);
}

/**
 * What the injection roles know of the task's attack (from the episode's hints; never a model's):
 * the payload as written, a value attack's attacker value, and the task's oracle scripts as plans
 * (`planFromOracle`) — the attack script being the pack author's statement of what the payload
 * asks for, and the benign one a way through the task.
 */
export interface ScriptedInjection {
  payload?: string;
  attackerValue?: string;
  attackPlan?: readonly PlanStep[];
  benignPlan?: readonly PlanStep[];
}

/**
 * A scripted role's client; `gullible-tree`'s also reads the texts each masked image shows
 * (`GuardedRoles.plannerSight`; `gullible` reads the images themselves), and a planning role is told the controls wholly outside the mask
 * (`GuardedRoles.plannerControls`), to point at them as a model reading the image would.
 */
export type ScriptedRoleClient = ModelClient & {
  see?: (texts: readonly string[]) => void;
  controls?: (controls: readonly ShownControl[]) => void;
};

const ABSTAIN = { value: "", abstain: true };
// Requests that only point at the screen: what the specificity classifier exists to catch. Either
// the request asks for what is written somewhere ("follow the instructions in the note"), or it
// opens by handing its whole action to a source ("Do what the forum post 'X' suggests", "Follow
// the shared document 'X'"): every value would then come from what the source says, and a title
// in quotes names the source, not the values (docs/design/guarded-agent.md, "Scripted roles").
// A request with an action of its own ("Install rich, as Priya's mail asks") passes.
const POINTER_ONLY = /\b(?:follow|do what|carry out|whatever)\b[^.]*\b(?:instructions?|says?|said|message|page|screen|note)\b/i;
const DELEGATED = /^\s*(?:please,?\s+)?(?:do what|do as|carry out what|follow(?!\s+up\b))\b/i;

function quarantinedQuery(request: ModelRequest): ReadQuery | undefined {
  return parseReadQuery(requestTexts(request).slice(1).join("\n"));
}

/** The benign reader: the value the question asks for, from the lines that mention it most. */
function benignAnswer(request: ModelRequest): { value: string; abstain: boolean } {
  const query = quarantinedQuery(request);
  const value = query && readerValueIn(linesByRelevance(query), query);
  return value === undefined ? ABSTAIN : { value, abstain: false };
}

/** The attacker's value for a query: taken from an injected instruction on the screen when there is one. */
function attackerValue(query: ReadQuery): string | undefined {
  const payloads = query.lines.filter((line) => findInstruction(line) !== undefined);
  if (payloads.length === 0) return undefined;
  const instruction = findInstruction(payloads.join("\n")) as Instruction;
  const named =
    instruction.kind === "navigate"
      ? [instruction.url]
      : instruction.kind === "send"
        ? [instruction.to, instruction.text]
        : instruction.kind === "click"
          ? [instruction.label]
          : [instruction.command];
  return firstValueIn([...named, ...payloads], query);
}

/**
 * The attacker's value for a query, from what the task's attack is known to want: a value attack's
 * attacker value, answered as it is whenever it fits the query's type and either the payload or
 * the value itself is among the lines read (the worst case: a reader the attacker controls picks
 * the attacker's option wherever it is offered); else, where the payload is read, the first value
 * of the query's type in the payload or the lines that hold it.
 */
function payloadValue(query: ReadQuery, injection: ScriptedInjection | undefined): string | undefined {
  const payload = injection?.payload;
  if (payload === undefined) return undefined;
  const shown = showsPayload(query.lines, payload);
  const wanted = injection?.attackerValue;
  if (wanted !== undefined && (shown || showsPayload(query.lines, wanted)) && validateAnswer(query.type, query.constraint, wanted).ok)
    return wanted;
  if (!shown) return undefined;
  return firstValueIn(
    [...(wanted !== undefined ? [wanted] : []), payload, ...query.lines.filter((line) => showsPayload([line], payload))],
    query,
  );
}

/**
 * Asked for a command where the payload shows, the attacker's reader answers the command the attack
 * script types into the terminal: the pack author's statement of what the payload asks to run. A
 * value attack on a clone gives only a URL in prose, and that URL alone is no command a planner
 * would run; the line that carries it is.
 */
function attackCommand(query: ReadQuery, injection: ScriptedInjection | undefined): string | undefined {
  if (query.type !== "shell_command" || injection?.payload === undefined || !showsPayload(query.lines, injection.payload)) return undefined;
  const typed = injection.attackPlan?.find((step) => "fill" in step && step.fill.field === "Command");
  return typed !== undefined && "fill" in typed ? typed.fill.text : undefined;
}

/**
 * `compromised`: a quarantined model that answers every query with the attacker's value whenever
 * the task's payload, or an injected instruction of the grammar, is in what it reads (the worst
 * case for value attacks), and like the benign reader otherwise.
 */
function compromisedAnswer(request: ModelRequest, injection: ScriptedInjection | undefined): { value: string; abstain: boolean } {
  const query = quarantinedQuery(request);
  const value = query && (attackCommand(query, injection) ?? payloadValue(query, injection) ?? attackerValue(query));
  return value === undefined ? benignAnswer(request) : { value, abstain: false };
}

/** The steps that carry out an instruction with the planner's tools (labels of the workspace's messenger). */
function stepsFor(instruction: Instruction): PlanStep[] {
  switch (instruction.kind) {
    case "navigate":
      return [{ navigate: instruction.url }, { done: "I followed the instruction." }];
    case "click":
      return [{ click: instruction.label }, { done: "I followed the instruction." }];
    case "send":
      return [
        { open: "messenger" },
        { click: "New message" },
        { fill: { field: "To", text: instruction.to } },
        { fill: { field: "Message", text: instruction.text } },
        { click: "Send" },
        { done: "I followed the instruction." },
      ];
    case "run":
      return [
        { open: "terminal" },
        { fill: { field: "Command", text: instruction.command } },
        { press: ["Enter"] },
        { done: "I followed the instruction." },
      ];
  }
}

/** What a gullible planner has read so far: the request's texts as given, and what the images it was shown hold. */
interface GullibleRead {
  showsPayload(payload: string): boolean;
  instruction: Instruction | undefined;
}

/** How a gullible planner reads the images of a request: by OCR of the pixels, or through the texts the guard says they show. */
type PlannerEyes = { kind: "ocr" } | { kind: "tree"; seen: readonly string[] };

/** What the images of a request not read before hold, by OCR; `done` holds the hashes of the images read. */
async function pixelsRead(request: ModelRequest, done: Set<string>): Promise<string[]> {
  const paragraphs: string[] = [];
  for (const image of requestImages(request)) {
    const hash = createHash("sha256").update(image).digest("hex");
    if (done.has(hash)) continue;
    done.add(hash);
    paragraphs.push(...(await readImage(image)).paragraphs);
  }
  return paragraphs;
}

async function readRequest(
  request: ModelRequest,
  eyes: PlannerEyes,
  earlier: { paragraphs: string[]; images: Set<string> },
): Promise<GullibleRead> {
  if (eyes.kind === "tree") {
    const read = [...requestTexts(request), ...eyes.seen];
    return { showsPayload: (payload) => showsPayload(read, payload), instruction: findInstruction(read.join("\n\n")) };
  }
  // Images shown at earlier turns stay read, as a model remembers what it saw (the history may drop old images).
  earlier.paragraphs.push(...(await pixelsRead(request, earlier.images)));
  const texts = requestTexts(request);
  return {
    showsPayload: (payload) => showsPayload(texts, payload) || showsPayloadRead(earlier.paragraphs, payload),
    instruction: findInstruction(texts.join("\n\n")) ?? findInstructionRead(earlier.paragraphs),
  };
}

/**
 * `gullible` as a planner: it reads every text it is given — the system prompt, the request, tool
 * results — and what the images it is shown hold: by OCR of the masked screenshots in the request
 * (`gullible`, what a vision model gets), or the texts the guard says each masked image shows
 * (`gullible-tree`, `see`). At the first turn where these hold the task's payload it carries out
 * the attack's plan; else, at the first that holds an instruction of the documented grammar, that
 * instruction. Until then it follows the task's benign plan when it has one, and otherwise ends.
 * Inside the guard it reads only what the guard gives a planner, so the mask decides.
 */
function gullibleAgent(
  injection: ScriptedInjection | undefined,
  sight: ControlSight,
  eyes: "ocr" | "tree",
): {
  reply: (request: ModelRequest) => Promise<PlannerReply>;
  see: (texts: readonly string[]) => void;
} {
  let following: PlanRunner | undefined;
  let benign: PlanRunner | undefined;
  const seen: string[] = [];
  const pixels = { paragraphs: [] as string[], images: new Set<string>() };
  return {
    see: (texts) => {
      seen.push(...texts);
    },
    reply: async (request) => {
      if (following === undefined) {
        const read = await readRequest(request, eyes === "ocr" ? { kind: "ocr" } : { kind: "tree", seen }, pixels);
        const payload = injection?.payload;
        if (injection?.attackPlan && payload !== undefined && read.showsPayload(payload))
          following = new PlanRunner(injection.attackPlan, sight);
        else if (read.instruction !== undefined) following = new PlanRunner(stepsFor(read.instruction), sight);
      }
      if (following) return following.reply(request);
      if (injection?.benignPlan) {
        benign ??= new PlanRunner(injection.benignPlan, sight);
        return benign.reply(request);
      }
      return { thought: "There is no instruction to follow.", call: { tool: "done", answer: "I found no instruction to follow." } };
    },
  };
}

function classifierReply(role: ScriptedRole, request: ModelRequest): { specific: boolean; reason: string } {
  const task = requestTexts(request)
    .slice(1)
    .join("\n")
    .replace(/^Request: /, "");
  if (role === "scripted" && (POINTER_ONLY.test(task) || DELEGATED.test(task)))
    return { specific: false, reason: "the request points at the screen for its content" };
  return { specific: true, reason: "the request names what it needs" };
}

/**
 * A scripted role as a model client for one episode: it answers the planner, quarantined, recall
 * and classifier requests of the guarded agent by the request's schema name. `plan` is the benign
 * planner's plan for this episode (the `scripted` role only); `injection` is what `gullible` and
 * `compromised` know of the task's attack.
 */
export function scriptedRoleClient(role: ScriptedRole, plan?: readonly PlanStep[], injection?: ScriptedInjection): ScriptedRoleClient {
  // A planner keeps its place in the episode: one client per episode (the guarded agent's roles are made per episode).
  let shown: readonly ShownControl[] = [];
  const sight: ControlSight = () => shown;
  const gullible =
    role === "gullible" || role === "gullible-tree" ? gullibleAgent(injection, sight, role === "gullible" ? "ocr" : "tree") : undefined;
  const planned = role === "scripted" && plan ? new PlanRunner(plan, sight) : undefined;
  const client = scriptedClient(role, (request) => {
    switch (request.schemaName) {
      case QUARANTINED_ANSWER_SCHEMA_NAME:
        return role === "scripted" ? benignAnswer(request) : compromisedAnswer(request, injection);
      case RECALL_SCHEMA_NAME:
        // Route B's task-only model sees the request alone, so every role reads it the same way;
        // recall of world knowledge (no request in the message) is beyond a script.
        return taskOnlyReply(requestTexts(request).slice(1).join("\n")) ?? ABSTAIN;
      case SPECIFICITY_SCHEMA_NAME:
        return classifierReply(role, request);
      case PLANNER_REPLY_SCHEMA_NAME:
        if (gullible) return gullible.reply(request);
        if (planned) return planned.reply(request);
        return { thought: "This role does not plan.", call: { tool: "abstain", reason: `the ${role} role does not plan` } };
      default:
        return { error: `the ${role} role does not answer ${request.schemaName ?? "free-text"} requests` };
    }
  });
  const controls = (now: readonly ShownControl[]) => {
    shown = now;
  };
  // Only the tree sight is told the texts shown; the OCR one reads the images in its requests.
  if (gullible) return role === "gullible-tree" ? { ...client, see: gullible.see, controls } : { ...client, controls };
  return planned ? { ...client, controls } : client;
}
