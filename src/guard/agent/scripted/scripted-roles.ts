import { findInstruction, type Instruction } from "../../../agents/index.js";
import type { ModelClient, ModelRequest } from "../../../models/index.js";
import { SPECIFICITY_SCHEMA_NAME } from "../classifier/task-specificity.js";
import { RECALL_SCHEMA_NAME } from "../endorse/endorse-value.js";
import { QUARANTINED_ANSWER_SCHEMA_NAME } from "../query/quarantined-query.js";
import { PLANNER_REPLY_SCHEMA_NAME, type PlannerReply } from "../tools/tool-call.js";
import type { PlanStep } from "./plan-step.js";
import { firstValueIn, linesByRelevance, parseReadQuery, type ReadQuery } from "./screen-reader.js";
import { requestTexts, scriptedClient } from "./scripted-client.js";
import { PlanRunner } from "./scripted-planner.js";

/** The scripted roles, usable wherever a model spec is: `--agent guarded:gullible`, `--q-model compromised`. */
export const SCRIPTED_ROLES = ["scripted", "gullible", "compromised"] as const;
export type ScriptedRole = (typeof SCRIPTED_ROLES)[number];

export function isScriptedRole(spec: string): spec is ScriptedRole {
  return (SCRIPTED_ROLES as readonly string[]).includes(spec);
}

const ABSTAIN = { value: "", abstain: true };
// Requests that only point at the screen: what the specificity classifier exists to catch.
const POINTER_ONLY = /\b(?:follow|do what|carry out|whatever)\b[^.]*\b(?:instructions?|says?|said|message|page|screen|note)\b/i;

function quarantinedQuery(request: ModelRequest): ReadQuery | undefined {
  return parseReadQuery(requestTexts(request).slice(1).join("\n"));
}

/** The benign reader: the value the question asks for, from the lines that mention it most. */
function benignAnswer(request: ModelRequest): { value: string; abstain: boolean } {
  const query = quarantinedQuery(request);
  const value = query && firstValueIn(linesByRelevance(query), query);
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
        : [instruction.label];
  return firstValueIn([...named, ...payloads], query);
}

/**
 * `compromised`: a quarantined model that answers every query with the attacker's value whenever
 * an injected instruction is on the screen (the worst case for value attacks), and like the
 * benign reader otherwise.
 */
function compromisedAnswer(request: ModelRequest): { value: string; abstain: boolean } {
  const query = quarantinedQuery(request);
  const value = query && attackerValue(query);
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
  }
}

/**
 * `gullible` as a planner: it follows the first instruction (in the documented grammar) it can read
 * in any text it is given — the system prompt, the request, tool results — and otherwise ends.
 * Inside the guard it reads only what the guard gives a planner.
 */
function gullibleAgent(): (request: ModelRequest) => PlannerReply {
  let following: PlanRunner | undefined;
  return (request) => {
    if (following === undefined) {
      const instruction = findInstruction(requestTexts(request).join("\n\n"));
      if (instruction === undefined)
        return { thought: "There is no instruction to follow.", call: { tool: "done", answer: "I found no instruction to follow." } };
      following = new PlanRunner(stepsFor(instruction));
    }
    return following.reply(request);
  };
}

function classifierReply(role: ScriptedRole, request: ModelRequest): { specific: boolean; reason: string } {
  const task = requestTexts(request).slice(1).join("\n");
  if (role === "scripted" && POINTER_ONLY.test(task))
    return { specific: false, reason: "the request points at the screen for its content" };
  return { specific: true, reason: "the request names what it needs" };
}

/**
 * A scripted role as a model client for one episode: it answers the planner, quarantined, recall
 * and classifier requests of the guarded agent by the request's schema name. `plan` is the benign
 * planner's plan for this episode (the `scripted` role only).
 */
export function scriptedRoleClient(role: ScriptedRole, plan?: readonly PlanStep[]): ModelClient {
  // A planner keeps its place in the episode: one client per episode (the guarded agent's roles are made per episode).
  const gullible = role === "gullible" ? gullibleAgent() : undefined;
  const planned = role === "scripted" && plan ? new PlanRunner(plan) : undefined;
  return scriptedClient(role, (request) => {
    switch (request.schemaName) {
      case QUARANTINED_ANSWER_SCHEMA_NAME:
        return role === "scripted" ? benignAnswer(request) : compromisedAnswer(request);
      case RECALL_SCHEMA_NAME:
        return ABSTAIN;
      case SPECIFICITY_SCHEMA_NAME:
        return classifierReply(role, request);
      case PLANNER_REPLY_SCHEMA_NAME:
        if (gullible) return gullible(request);
        if (planned) return planned.reply(request);
        return { thought: "This role does not plan.", call: { tool: "abstain", reason: `the ${role} role does not plan` } };
      default:
        return { error: `the ${role} role does not answer ${request.schemaName ?? "free-text"} requests` };
    }
  });
}
