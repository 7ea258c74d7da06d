import type { ModelRequest } from "../../../models/index.js";
import { EMPTY_CONSTRAINT_ARGS, type PlannerReply, type ToolCall } from "../tools/tool-call.js";
import type { PlanStep } from "./plan-step.js";
import { locatedPoint, outOfViewBy, type PlannerTranscript, readTranscript } from "./planner-transcript.js";

/** A label every workspace page shows in its top bar: where the planner points the wheel to scroll. */
export const SCROLL_ANCHOR = "Now:";

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

/** Finds a label (scrolling it into view when the host says it is out of view) and clicks it. */
function* clickLabel(label: string): Calls {
  let transcript = yield { tool: "locate_on_screen", value: label, answer_type: "" };
  let point = locatedPoint(transcript.last);
  const dy = outOfViewBy(transcript.last);
  if (!point && dy !== undefined) {
    transcript = yield { tool: "locate_on_screen", value: SCROLL_ANCHOR, answer_type: "" };
    const anchor = locatedPoint(transcript.last);
    if (!anchor) throw new PlanFailed(`could not find a place to scroll at`);
    yield { tool: "scroll", ...anchor, dx: 0, dy };
    transcript = yield { tool: "locate_on_screen", value: label, answer_type: "" };
    point = locatedPoint(transcript.last);
  }
  if (!point) throw new PlanFailed(`could not find "${label}" on the screen`);
  return yield { tool: "click", ...point, button: "left", count: 1 };
}

/** The calls of one step. */
function* stepCalls(step: PlanStep, now: PlannerTranscript): Calls {
  if ("open" in step) return yield { tool: "navigate", url: fromEpisodeRoot(now.page, step.open), new_tab: false };
  if ("click" in step) return yield* clickLabel(step.click);
  if ("fill" in step) {
    let after = yield* clickLabel(step.fill.field);
    if (step.fill.clear) after = yield { tool: "key", keys: ["Control+a"] };
    return yield { tool: "type_text", text: fillTemplate(step.fill.text, after.usable) };
  }
  if ("select" in step) {
    // A focused list takes the option's name typed (the browser's type-ahead); Enter commits it.
    const after = yield* clickLabel(step.select.field);
    yield { tool: "type_text", text: fillTemplate(step.select.value, after.usable) };
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

function* planCalls(plan: readonly PlanStep[], first: PlannerTranscript): Calls<void> {
  let now = first;
  try {
    for (const step of plan) now = yield* stepCalls(step, now);
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

  constructor(private readonly plan: readonly PlanStep[]) {}

  reply(request: ModelRequest): PlannerReply {
    const transcript = readTranscript(request);
    this.program ??= planCalls(this.plan, transcript);
    const next = this.calls === 0 ? this.program.next() : this.program.next(transcript);
    this.calls += 1;
    const call: ToolCall = next.done ? { tool: "done", answer: "" } : next.value;
    return { thought: `Plan call ${this.calls}.`, call };
  }
}
