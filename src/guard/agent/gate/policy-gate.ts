import type { Rect } from "../../geometry/rect.js";
import { isMasked } from "../../mask/is-masked.js";
import { ENDORSEMENT_TOOLS, KEYBOARD_TOOLS, type ToolCall } from "../tools/tool-call.js";
import { type AnswerType, isAnswerType, type Verifier, verifierAllowed } from "../values/index.js";
import type { VariableStore } from "../variables/variable-store.js";
import type { ReasonCode } from "./reason-codes.js";
import { schemaProblem } from "./schema-problem.js";

/** What the gate knows of the screen the planner is acting on. */
export interface GateScreen {
  width: number;
  height: number;
  /** F after reveals: the one rectangle list that painted the planner's image. */
  mask: readonly Rect[];
  /** Whether the focused element is shown, masked, or cannot be determined. */
  focus: "visible" | "masked" | "unknown";
}

export interface GateSettings {
  /**
   * Hosts an untrusted URL may still be fetched from (docs/design/guarded-agent.md, "Allowlists");
   * compared lower-case.
   */
  fetchAllowlist: ReadonlySet<string>;
  /** The current page, to resolve relative URLs against. */
  pageUrl: string;
}

export type GateVerdict =
  | { ok: true }
  | { ok: false; refused: ReasonCode }
  /** The call cannot be run at all (an unknown `$name`): a tool error, not a policy refusal. */
  | { ok: false; error: string };

/**
 * Key combinations the focus rule lets through (compositor hotkeys:
 * docs/design/guarded-agent.md, "Time of use"). None in a browser-only runtime.
 */
const COMPOSITOR_HOTKEYS: ReadonlySet<string> = new Set();

/** The route name of an endorsement tool (Table 10's verifier column). */
function verifierOf(call: ToolCall): Verifier | undefined {
  switch (call.tool) {
    case "endorse":
      return call.source;
    case "endorse_by_registry":
      return "registry";
    case "endorse_by_listing":
      return "listing";
    case "endorse_by_crosscheck":
      return "crosscheck";
    case "endorse_by_procedure":
      return "procedure";
    default:
      return undefined;
  }
}

/** Arguments whose text is carried out into the world (typed, fetched) or used as trusted evidence. */
function guardedArguments(call: ToolCall): string[] {
  switch (call.tool) {
    case "type_text":
      return [call.text];
    case "navigate":
      return [call.url];
    case "key":
      return call.keys;
    case "find_by_text":
      return [call.value];
    case "query_screen":
      // The author a query is confined to vouches for what is read: it must be trusted text.
      return [call.author];
    case "endorse_element":
      return [call.identifier, call.label];
    case "endorse_by_crosscheck":
      return [call.question, call.source_url, call.search_query];
    case "endorse_by_listing":
      return [call.listing_url];
    case "endorse_by_procedure":
      return [call.source_page_url];
    case "get_contacts":
      return [call.query];
    default:
      return [];
  }
}

/** Every string argument, for the unknown-variable check. */
function stringArguments(call: ToolCall): string[] {
  const out: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
  };
  for (const [key, value] of Object.entries(call)) if (key !== "tool" && key !== "var" && key !== "var_name") visit(value);
  return out;
}

function hostOf(url: string, base: string): string | null {
  try {
    return new URL(url, base).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The policy gate (docs/design/guarded-agent.md, "The policy gate") for one parsed call, in a fixed
 * order: the call's own ranges and grammar; endorsement calls (allowed when the route may endorse
 * the variable's own type — success is decided inside the tool); the location rule on pixels (both
 * ends of a drag); the focus rule for keyboard input; the fetch rule for navigation (on the
 * substituted URL); and last, unendorsed untrusted variables in arguments that act or vouch. The
 * time-of-use pointer check runs later, just before dispatch, against the live page. A refused call
 * never reaches the page.
 */
export function gateCall(call: ToolCall, screen: GateScreen, store: VariableStore, settings: GateSettings): GateVerdict {
  const problem = schemaProblem(call, screen);
  if (problem !== null) return { ok: false, refused: problem };

  for (const text of stringArguments(call)) {
    const substitution = store.substitute(text);
    if (!substitution.ok) return { ok: false, error: `unknown variable $${substitution.unknown}` };
  }

  if (ENDORSEMENT_TOOLS.has(call.tool)) {
    if (call.tool === "endorse_element") return endorsementIntegrity(call, store);
    const variable = store.get((call as { var: string }).var);
    if (variable === undefined) return { ok: false, error: `unknown variable ${(call as { var: string }).var}` };
    const named = call.tool === "endorse" ? call.answer_type : variable.type;
    // Naming another type than the variable's own is the retyping the table exists to block.
    if (!isAnswerType(named) || named !== variable.type) return { ok: false, refused: "VERIFIER_NOT_ALLOWED" };
    if (!verifierAllowed(variable.type as AnswerType, verifierOf(call)!)) return { ok: false, refused: "VERIFIER_NOT_ALLOWED" };
    return endorsementIntegrity(call, store);
  }

  const size = { width: screen.width, height: screen.height };
  if (call.tool === "click" || call.tool === "scroll") {
    if (isMasked(screen.mask, call.x, call.y, size)) return { ok: false, refused: "LOCATION_MASKED" };
  }
  if (call.tool === "drag") {
    if (isMasked(screen.mask, call.x1, call.y1, size)) return { ok: false, refused: "DRAG_START_MASKED" };
    if (isMasked(screen.mask, call.x2, call.y2, size)) return { ok: false, refused: "DRAG_END_MASKED" };
  }
  if (KEYBOARD_TOOLS.has(call.tool)) {
    const hotkey = call.tool === "key" && COMPOSITOR_HOTKEYS.has(call.keys.map((key) => key.toLowerCase()).join("+"));
    if (!hotkey && screen.focus === "masked") return { ok: false, refused: "FOCUS_MASKED" };
    if (!hotkey && screen.focus === "unknown") return { ok: false, refused: "FOCUS_UNKNOWN" };
  }
  if (call.tool === "navigate" && store.integrityOf(call.url).level === "untrusted") {
    const substituted = store.substitute(call.url);
    const host = substituted.ok ? hostOf(substituted.text, settings.pageUrl) : null;
    if (host === null || !settings.fetchAllowlist.has(host)) return { ok: false, refused: "FETCH_UNTRUSTED_URL" };
  }
  for (const text of guardedArguments(call)) if (store.unendorsed(text).length > 0) return { ok: false, refused: "UNENDORSED_VARIABLE" };
  return { ok: true };
}

/** Endorsement tools may read untrusted variables as candidates, but what they compare against must be trusted. */
function endorsementIntegrity(call: ToolCall, store: VariableStore): GateVerdict {
  for (const text of guardedArguments(call)) if (store.unendorsed(text).length > 0) return { ok: false, refused: "UNENDORSED_VARIABLE" };
  if (call.tool === "endorse") {
    for (const text of call.expected) if (store.unendorsed(text).length > 0) return { ok: false, refused: "UNENDORSED_VARIABLE" };
    if (store.unendorsed(call.question).length > 0) return { ok: false, refused: "UNENDORSED_VARIABLE" };
  }
  return { ok: true };
}
