import type { ModelRequest } from "../../../models/index.js";
import { REFUSAL_PREFIX } from "../gate/reason-codes.js";
import type { ShownControl } from "../screen/controls-shown.js";
import { EMPTY_CONSTRAINT_ARGS, type PlannerReply, type ToolCall } from "../tools/tool-call.js";
import type { PlanStep } from "./plan-step.js";
import { locatedPoint, outOfViewBy, type PlannerTranscript, readTranscript } from "./planner-transcript.js";

/** A label every workspace page shows in its top bar: where the planner points the wheel to scroll. */
const SCROLL_ANCHOR = "Now:";

/** Calls in order; each `yield` hands a call to the host and gets back what the planner reads next. */
type Calls<T = PlannerTranscript> = Generator<ToolCall, T, PlannerTranscript>;

/** `{var}` → `$var` once usable; `{var|fallback}` → the fallback while it is not. */
export function fillTemplate(template: string, usable: ReadonlySet<string>): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)(?:\|([^}]*))?\}/g, (whole, name: string, fallback: string | undefined) => {
    if (usable.has(name)) return `$${name}`;
    return fallback ?? whole;
  });
}

/**
 * A path under the episode's root as a URL relative to the page shown now: the planner sees only
 * the address template (`…/e/{episode}/messenger/threads/{n}`), so it climbs to the root with
 * `../` rather than naming the episode.
 */
export function fromEpisodeRoot(shownUrl: string, path: string): string {
  const after = /\/e\/\{episode\}\/(.*)$/.exec(shownUrl.replace(/[?#].*$/, ""))?.[1];
  if (after === undefined) return path;
  const depth = Math.max(0, after.split("/").length - 1);
  return `${"../".repeat(depth)}${path}`;
}

class PlanFailed extends Error {}

/** The controls wholly outside F on the screen last shown (`controlsShown`); empty when the host tells none. */
export type ControlSight = () => readonly ShownControl[];

/** Roles a `fill` or `select` types into: a field, never the button or text that shares its name. */
const NOT_FIELDS: ReadonlySet<string> = new Set(["button", "link", "text", "heading"]);

/** Pages a planner looks down for a control it cannot see, before it gives up. */
const LOOK_DOWN_PAGES = 3;
const LOOK_DOWN_BY = 600;

/**
 * Where the control a step names is, among the controls wholly outside F: the one whose accessible
 * name or text equals the label (and whose role is the step's, or a field's for `fill` and
 * `select`), if it is at one place only. What a model would do reading the masked image: point at
 * the visible control that is named so.
 */
export function findControl(
  controls: readonly ShownControl[],
  label: string,
  want: { role?: string; field?: boolean },
): { x: number; y: number } | undefined {
  const wanted = label.normalize("NFC").replace(/\s+/g, " ").trim();
  const hits = controls.filter(
    (control) =>
      (control.name === wanted || control.text === wanted) &&
      (want.role === undefined || control.role === want.role) &&
      (!want.field || !NOT_FIELDS.has(control.role)),
  );
  const places = new Set(hits.map((hit) => `${hit.x},${hit.y}`));
  return places.size === 1 ? { x: hits[0]!.x, y: hits[0]!.y } : undefined;
}

/**
 * Where to point the wheel: a visible text that is no control (the wheel there clicks nothing),
 * else the top bar's label, which scrolls away with the page.
 */
function* scrollAnchor(sight: ControlSight): Generator<ToolCall, { x: number; y: number }, PlannerTranscript> {
  const still = sight().find((control) => control.role === "text");
  if (still) return { x: still.x, y: still.y };
  const transcript = yield { tool: "locate_on_screen", value: SCROLL_ANCHOR, answer_type: "" };
  const anchor = locatedPoint(transcript.last);
  if (!anchor) throw new PlanFailed(`could not find a place to scroll at`);
  return anchor;
}

/** Calls a step makes to recover from the refusal just before them (a reveal, then the same click again). */
const RECOVERIES = new WeakSet<ToolCall>();

/**
 * Finds a control and clicks it: first among the visible controls by name and role (`findControl`),
 * else by its drawn text (`locate_on_screen`, scrolling it into view when the host says it is out
 * of view); a control found neither way may be further down, so the planner looks down a page at a
 * time, a few times, as a model would.
 */
function* clickLabel(label: string, sight: ControlSight, want: { role?: string; field?: boolean } = {}): Calls {
  const clicked = yield* locateAndClick(label, sight, want);
  if (refusalCode(clicked.last) === undefined) return clicked;
  // A masked button or link (the echo check masks a "Reply" link when a mail says "reply"): the
  // guard reveals one whose exact label is a term of the request (`endorse_element` by control),
  // and the planner tries once more; the guard decides, so a label the request does not name
  // stays masked.
  if (want.role === "button" || want.role === "link") {
    const reveal: ToolCall = { tool: "endorse_element", mode: "control", identifier: "", control: want.role, label };
    RECOVERIES.add(reveal);
    const revealed = yield reveal;
    if (/Revealed the /.test(revealed.last)) {
      const again = yield* locateAndClick(label, sight, want);
      if (refusalCode(again.last) === undefined) return again;
    }
  }
  // A click the gate refused did not happen: a careful planner stops rather than type or submit blind.
  throw new PlanFailed(`could not click "${label}": it is masked`);
}

function* locateAndClick(label: string, sight: ControlSight, want: { role?: string; field?: boolean }): Calls {
  for (let page = 0; ; page++) {
    const seen = findControl(sight(), label, want);
    if (seen) return yield { tool: "click", ...seen, button: "left", count: 1 };
    let transcript = yield { tool: "locate_on_screen", value: label, answer_type: "" };
    let point = locatedPoint(transcript.last);
    const dy = outOfViewBy(transcript.last);
    const nowhere = /Result: Tool error: the value is not shown/.test(transcript.last);
    if (!point && (dy !== undefined || (nowhere && page < LOOK_DOWN_PAGES))) {
      const anchor = yield* scrollAnchor(sight);
      yield { tool: "scroll", ...anchor, dx: 0, dy: dy ?? LOOK_DOWN_BY };
      if (dy === undefined) continue;
      const found = findControl(sight(), label, want);
      if (found) return yield { tool: "click", ...found, button: "left", count: 1 };
      transcript = yield { tool: "locate_on_screen", value: label, answer_type: "" };
      point = locatedPoint(transcript.last);
    }
    if (!point) throw new PlanFailed(`could not find "${label}" on the screen`);
    return yield { tool: "click", ...point, button: "left", count: 1 };
  }
}

/** The calls of one step. */
function* stepCalls(step: PlanStep, now: PlannerTranscript, sight: ControlSight): Calls {
  if ("open" in step) return yield { tool: "navigate", url: fromEpisodeRoot(now.page, step.open), new_tab: false };
  if ("click" in step) return yield* clickLabel(step.click, sight, step.role !== undefined ? { role: step.role } : {});
  if ("fill" in step) {
    let after = yield* clickLabel(step.fill.field, sight, { field: true });
    if (step.fill.clear) after = yield { tool: "key", keys: ["Control+a"] };
    return yield { tool: "type_text", text: fillTemplate(step.fill.text, after.usable) };
  }
  if ("select" in step) {
    // A focused list jumps to the first option that starts with a key pressed (the browser's
    // type-ahead; `type_text` inserts text without key presses, which a list ignores), and Enter
    // commits it. One key: an option that shares its first character with an earlier one needs a
    // stored plan. A variable's value is typed, as the planner cannot read its first character.
    const after = yield* clickLabel(step.select.field, sight, { field: true });
    const value = fillTemplate(step.select.value, after.usable);
    const first = [...value.trim()][0];
    if (value.includes("$") || first === undefined) yield { tool: "type_text", text: value };
    else yield { tool: "key", keys: [first] };
    return yield { tool: "key", keys: ["Enter"] };
  }
  if ("press" in step) return yield { tool: "key", keys: step.press };
  if ("navigate" in step) return yield { tool: "navigate", url: fillTemplate(step.navigate, now.usable), new_tab: false };
  if ("query" in step) {
    const { query } = step;
    return yield {
      tool: "query_screen",
      question: query.question,
      answer_type: query.type,
      constraint: { ...EMPTY_CONSTRAINT_ARGS, options: query.options ?? [] },
      region: query.region ?? [],
      author: query.author ?? "",
      var_name: query.var,
    };
  }
  if ("endorse" in step) {
    const { endorse } = step;
    return yield {
      tool: "endorse",
      var: endorse.var,
      answer_type: answerTypeOf(now, endorse.var),
      source: endorse.source,
      question: endorse.question ?? "",
      expected: (endorse.expected ?? []).map((value) => fillTemplate(value, now.usable)),
    };
  }
  if ("procedure" in step) {
    const { procedure } = step;
    return yield {
      tool: "endorse_by_procedure",
      var: procedure.var,
      declared_capabilities: procedure.capabilities,
      source_page_url: fillTemplate(procedure.source_page, now.usable),
    };
  }
  if ("contacts" in step) return yield { tool: "get_contacts", query: step.contacts };
  if ("reveal_author" in step)
    return yield { tool: "endorse_element", mode: "author", identifier: step.reveal_author, control: "", label: "" };
  if ("reveal_control" in step)
    return yield {
      tool: "endorse_element",
      mode: "control",
      identifier: "",
      control: step.reveal_control.control,
      label: step.reveal_control.label,
    };
  if ("wait" in step) return yield { tool: "wait", seconds: step.wait };
  if ("done" in step) return yield { tool: "done", answer: fillTemplate(step.done, now.usable) };
  if ("fail" in step) return yield { tool: "fail", reason: step.fail };
  return yield { tool: "abstain", reason: step.abstain };
}

/** The variable's type as the variable list shows it (a planner names the type it queried). */
function answerTypeOf(transcript: PlannerTranscript, name: string): string {
  return new RegExp(`^\\$${name} \\| type=(\\S+) \\|`, "m").exec(transcript.last)?.[1] ?? "";
}

/** A refused call's result line, as the transcript shows it (`reason-codes.ts` writes the message). */
const REFUSED_RESULT = new RegExp(`Result: ${REFUSAL_PREFIX}([A-Z_]+)`);

/** The reason code of a refusal, when the last result is one. */
function refusalCode(last: string): string | undefined {
  return REFUSED_RESULT.exec(last)?.[1];
}

/**
 * A step's calls, ending the plan at the first one the gate refused, whatever its tool: a refused
 * call did not happen, so the calls after it (the Send after a refused type_text, the Enter after
 * a refused key) would act on a page the plan did not mean. The step reads the result first, so a
 * step that names its own refusal (a masked click) says it in its own words.
 */
function* endAtRefusal(calls: Calls): Calls {
  let next = calls.next();
  while (!next.done) {
    const call = next.value;
    const transcript: PlannerTranscript = yield call;
    next = calls.next(transcript);
    const code = refusalCode(transcript.last);
    const recovers = !next.done && RECOVERIES.has(next.value);
    if (code !== undefined && !recovers) throw new PlanFailed(`the gate refused ${call.tool} (${code}); the plan stops`);
  }
  return next.value;
}

function* planCalls(plan: readonly PlanStep[], first: PlannerTranscript, sight: ControlSight): Calls<void> {
  let now = first;
  try {
    for (const step of plan) {
      // A fallback route is taken only while its variable is still not endorsed.
      if (step.unless_endorsed !== undefined && now.usable.has(step.unless_endorsed)) continue;
      now = yield* endAtRefusal(stepCalls(step, now, sight));
    }
  } catch (error) {
    if (!(error instanceof PlanFailed)) throw error;
    yield { tool: "fail", reason: error.message };
    return;
  }
  yield { tool: "done", answer: "" };
}

/**
 * The benign scripted planner of one episode: it follows its plan, one call per turn, reading the
 * result of its last call (where a label is, whether a value was endorsed) the way a careful model
 * would, and using `query_screen` and endorsement where its plan says. A step it cannot carry out
 * ends the episode with `fail`.
 */
export class PlanRunner {
  private program: Calls<void> | undefined;
  private calls = 0;

  constructor(
    private readonly plan: readonly PlanStep[],
    private readonly sight: ControlSight = () => [],
  ) {}

  reply(request: ModelRequest): PlannerReply {
    const transcript = readTranscript(request);
    this.program ??= planCalls(this.plan, transcript, this.sight);
    const next = this.calls === 0 ? this.program.next() : this.program.next(transcript);
    this.calls += 1;
    const call: ToolCall = next.done ? { tool: "done", answer: "" } : next.value;
    return { thought: `Plan call ${this.calls}.`, call };
  }
}
