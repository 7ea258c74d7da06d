// Fakes for the read tools and the gate in front of them (no browser): a guarded screen built by
// hand, model clients that answer the quarantined schema, and a session that runs one planner call
// the way the episode does — gate first, then the read tool.

import type { Page } from "../../../src/browser/index.js";
import type { Contact } from "../../../src/guard/agent/contacts/contact-directory.js";
import type { ShapeRule } from "../../../src/guard/agent/endorse/endorse-value.js";
import type { EndorsementSources } from "../../../src/guard/agent/endorse/endorsement-sources.js";
import type { GuardedRoles } from "../../../src/guard/agent/episode/guarded-episode.js";
import { runReadTool, type ToolOutcome } from "../../../src/guard/agent/episode/read-tools.js";
import { gateCall } from "../../../src/guard/agent/gate/policy-gate.js";
import { type ReasonCode, refusalMessage } from "../../../src/guard/agent/gate/reason-codes.js";
import type { RevealRecord } from "../../../src/guard/agent/reveal/reveal-record.js";
import type { GuardedScreen } from "../../../src/guard/agent/screen/guarded-screen.js";
import { type ConstraintArgs, END_TOOLS, type ToolCall, ToolCallSchema, UI_TOOLS } from "../../../src/guard/agent/tools/tool-call.js";
import { VariableStore } from "../../../src/guard/agent/variables/variable-store.js";
import { type Box, CapturedPageSchema } from "../../../src/guard/captured-page.js";
import type { Rect } from "../../../src/guard/geometry/rect.js";
import type { NormalisedRole } from "../../../src/guard/roles.js";
import type { TrustVerdict } from "../../../src/guard/verdicts/verdict.js";
import type { ModelClient, ModelResponse } from "../../../src/models/index.js";
import { type FakeModelClient, fakeModelClient } from "../../support/fake-model-client.js";
import { EMPTY_CONSTRAINT } from "./support.js";

export const WIDTH = 1280;
export const HEIGHT = 800;

/** Stand-ins for the two images: the quarantined model must get the first, the planner only ever the second. */
export const UNMASKED_PNG = Buffer.from("unmasked screenshot");
export const MASKED_PNG = Buffer.from("masked screenshot");

export interface RowSpec {
  text: string;
  box: Box;
  /** Untrusted (masked) unless said otherwise. */
  verdict?: TrustVerdict;
  role?: NormalisedRole;
  id?: string;
}

export interface ScreenOptions {
  id?: number;
  app?: string | null;
  url?: string;
  shownUrl?: string;
  /** F; by default the boxes of the untrusted rows. */
  mask?: Rect[];
  screenshot?: Buffer;
  focus?: GuardedScreen["focus"];
}

/**
 * A guarded screen written by hand: rows with text, boxes and verdicts, a minimal capture with one
 * text node per row (so bylines and provenance find nothing unless a capture is given), and the
 * mask as a rectangle list.
 */
export function fakeScreen(rows: readonly RowSpec[], options: ScreenOptions = {}): GuardedScreen {
  const guardRows = rows.map((row, index) => ({
    nodeId: row.id ?? `r${index}`,
    role: row.role ?? ("text" as const),
    text: row.text,
    box: row.box,
    verdict: row.verdict ?? ("untrusted" as const),
    source: row.verdict === "trusted" ? ("page" as const) : ("default" as const),
    container: null,
  }));
  const url = options.url ?? "http://127.0.0.1:4000/e/ep-1/mail/inbox/3";
  const page = CapturedPageSchema.parse({
    url,
    viewport: { width: WIDTH, height: HEIGHT },
    alignment: { ok: true },
    nodes: [
      { id: "root", parentId: null, role: "document_web", rawRole: "RootWebArea", box: [0, 0, WIDTH, HEIGHT] },
      ...guardRows.map((row) => ({
        id: row.nodeId,
        parentId: "root",
        role: row.role,
        rawRole: "StaticText",
        name: row.text,
        box: row.box,
      })),
    ],
  });
  const mask = options.mask ?? guardRows.filter((row) => row.verdict === "untrusted").map((row) => [...row.box] as Rect);
  return {
    id: options.id ?? 7,
    url,
    shownUrl: options.shownUrl ?? "http://127.0.0.1:4000/e/{episode}/mail/inbox/{n}",
    app: options.app === undefined ? "mail" : options.app,
    page,
    rows: guardRows,
    mask,
    width: WIDTH,
    height: HEIGHT,
    screenshot: options.screenshot ?? UNMASKED_PNG,
    masked: MASKED_PNG,
    hash: "0000000000000000",
    reveals: [],
    focus: options.focus ?? "visible",
  };
}

/** A PNG of the screen's size, for the queries that crop a region out of it. */
export async function blankPng(width = WIDTH, height = HEIGHT): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .png()
    .toBuffer();
}

// --- Model clients -------------------------------------------------------------------------------

/** A reply of the quarantined, recall and crosscheck schema (`{value, abstain}`). */
export function answer(value: string): Partial<ModelResponse> {
  const object = { value, abstain: false };
  return { text: JSON.stringify(object), object };
}

export function abstention(): Partial<ModelResponse> {
  const object = { value: "", abstain: true };
  return { text: JSON.stringify(object), object };
}

/** A reply the model layer could not parse into the schema. */
export function unparsable(): Partial<ModelResponse> {
  return { text: "I think it is the second one.", parse_error: "not JSON" };
}

/** A client whose replies come in order (the last repeats); it records every request. */
export function answering(...replies: Array<Partial<ModelResponse>>): FakeModelClient {
  return fakeModelClient(replies.length === 0 ? [new Error("this model was not expected to be asked")] : replies);
}

/** A client that must not be called by a read tool (the planner and the classifier). */
function unused(role: string): ModelClient {
  return {
    spec: `fake:${role}`,
    generate: () => Promise.reject(new Error(`the ${role} must not be called by a read tool`)),
  };
}

/**
 * The episode's browser page, as a read tool sees it. Only a crosscheck opens anything, through
 * `page.context().browser()`: here there is none, so it must fail closed. Any other use is a read
 * tool touching the page, which none may do, and throws.
 */
function pageWithoutBrowser(): Page {
  const members: Record<string, unknown> = {
    context: () => ({ browser: () => null }),
    viewportSize: () => ({ width: WIDTH, height: HEIGHT }),
  };
  const page = new Proxy(members, {
    get(target, key) {
      if (typeof key === "symbol") return undefined;
      if (key in target) return target[key];
      throw new Error(`a read tool touched page.${key}`);
    },
  });
  // Playwright's Page is a large interface; this fake provides the two members the crosscheck reads.
  return page as unknown as Page;
}

// --- A session: the gate, then the read tool -----------------------------------------------------

export interface SessionOptions {
  task: string;
  screen: GuardedScreen;
  directory?: Contact[];
  quarantined?: FakeModelClient;
  /** The recall and crosscheck role. */
  crosscheck?: FakeModelClient;
  fetchAllowlist?: string[];
  store?: VariableStore;
  /** What shape endorsement requires (default: trusted provenance). */
  shapeRule?: ShapeRule;
  /** Registries, listing hosts and fetchers (default: none, as in a workspace without a terminal). */
  endorsementSources?: EndorsementSources;
}

export type TurnResult =
  /** Refused by the gate, with the planner's fixed message. */
  | { kind: "refused"; code: ReasonCode; result: string }
  /** A tool error raised by the gate (an unknown `$name`). */
  | { kind: "error"; error: string; result: string }
  /** A UI or end call the gate let through (acting is not the read tools' part). */
  | { kind: "allowed" }
  | ({ kind: "ran" } & ToolOutcome);

export class Session {
  screen: GuardedScreen;
  task: string;
  readonly store: VariableStore;
  readonly directory: Contact[];
  readonly reveals: RevealRecord[] = [];
  readonly quarantined: FakeModelClient;
  readonly crosscheck: FakeModelClient;
  readonly fetchAllowlist: Set<string>;
  readonly page = pageWithoutBrowser();
  readonly shapeRule: ShapeRule;
  readonly endorsementSources: EndorsementSources | undefined;

  constructor(options: SessionOptions) {
    this.shapeRule = options.shapeRule ?? "provenance";
    this.endorsementSources = options.endorsementSources;
    this.task = options.task;
    this.screen = options.screen;
    this.store = options.store ?? new VariableStore();
    this.directory = options.directory ?? [];
    this.quarantined = options.quarantined ?? answering();
    this.crosscheck = options.crosscheck ?? answering();
    this.fetchAllowlist = new Set(options.fetchAllowlist ?? ["127.0.0.1"]);
  }

  get roles(): GuardedRoles {
    return { planner: unused("planner"), classifier: unused("classifier"), quarantined: this.quarantined, crosscheck: this.crosscheck };
  }

  /** One planner call: parsed by the strict schema, gated, and run when it is a read tool. */
  async turn(raw: ToolCall): Promise<TurnResult> {
    const call = ToolCallSchema.parse(raw);
    const { screen, store } = this;
    const verdict = gateCall(call, { width: screen.width, height: screen.height, mask: screen.mask, focus: screen.focus }, store, {
      fetchAllowlist: this.fetchAllowlist,
      pageUrl: screen.url,
    });
    if (!verdict.ok) {
      return "refused" in verdict
        ? { kind: "refused", code: verdict.refused, result: refusalMessage(verdict.refused, false) }
        : { kind: "error", error: verdict.error, result: `Tool error: ${verdict.error}.` };
    }
    if (UI_TOOLS.has(call.tool) || END_TOOLS.has(call.tool)) return { kind: "allowed" };
    const outcome = await runReadTool(call, {
      screen,
      page: this.page,
      store,
      task: this.task,
      directory: this.directory,
      reveals: this.reveals,
      roles: this.roles,
      fetchAllowlist: this.fetchAllowlist,
      seed: 1,
      shapeRule: this.shapeRule,
      ...(this.endorsementSources && { endorsementSources: this.endorsementSources }),
    });
    return { kind: "ran", ...outcome };
  }

  /** The integrity label of a variable, as its planner line says it; undefined when there is none. */
  integrity(name: string): string | undefined {
    const found = this.store.get(name);
    if (found === undefined) return undefined;
    return found.integrity.level === "endorsed" ? `endorsed:${found.integrity.route}` : found.integrity.level;
  }
}

/** What a turn came to, compactly: `refused:CODE`, `error`, `allowed`, or the tool's outcome. */
export function summary(result: TurnResult): string {
  switch (result.kind) {
    case "refused":
      return `refused:${result.code}`;
    case "error":
      return "error";
    case "allowed":
      return "allowed";
    case "ran":
      if (result.verdict === "error") return `error:${result.reason}`;
      return result.endorsement ? `${result.endorsement.outcome}:${result.endorsement.route}` : "ok";
  }
}

/** The text a turn puts in front of the planner. */
export function resultText(result: TurnResult): string {
  return result.kind === "allowed" ? "" : result.result;
}

// --- Call builders (every field present, as the strict schema wants) ----------------------------

export const call = {
  query(
    question: string,
    answer_type: string,
    var_name: string,
    options: { constraint?: Partial<ConstraintArgs>; region?: number[]; author?: string } = {},
  ): ToolCall {
    return {
      tool: "query_screen",
      question,
      answer_type,
      constraint: { ...EMPTY_CONSTRAINT, ...options.constraint },
      region: options.region ?? [],
      author: options.author ?? "",
      var_name,
    };
  },
  endorse(
    variable: string,
    answer_type: string,
    source: "task" | "recall" | "expected" | "shape" | "byline",
    options: { question?: string; expected?: string[] } = {},
  ): ToolCall {
    return { tool: "endorse", var: variable, answer_type, source, question: options.question ?? "", expected: options.expected ?? [] };
  },
  locate(value: string, answer_type = ""): ToolCall {
    return { tool: "locate_on_screen", value, answer_type };
  },
  find(value: string): ToolCall {
    return { tool: "find_by_text", value };
  },
  attest(variable: string): ToolCall {
    return { tool: "attest_screen_value", var: variable };
  },
  contacts(query: string): ToolCall {
    return { tool: "get_contacts", query };
  },
  author(identifier: string): ToolCall {
    return { tool: "endorse_element", mode: "author", identifier, control: "", label: "" };
  },
  control(control: string, label = ""): ToolCall {
    return { tool: "endorse_element", mode: "control", identifier: "", control, label };
  },
  registry(variable: string, registry: string): ToolCall {
    return { tool: "endorse_by_registry", var: variable, registry };
  },
  listing(variable: string, listing_url: string): ToolCall {
    return { tool: "endorse_by_listing", var: variable, listing_url };
  },
  procedure(variable: string, source_page_url = "", declared_capabilities: string[] = []): ToolCall {
    return { tool: "endorse_by_procedure", var: variable, declared_capabilities, source_page_url };
  },
  crosscheck(
    variable: string,
    options: { question?: string; source_url?: string; search_query?: string; hypothesis?: string } = {},
  ): ToolCall {
    return {
      tool: "endorse_by_crosscheck",
      var: variable,
      question: options.question ?? "",
      source_url: options.source_url ?? "",
      search_query: options.search_query ?? "",
      hypothesis: options.hypothesis ?? "",
    };
  },
  typeText(text: string): ToolCall {
    return { tool: "type_text", text };
  },
  navigate(url: string): ToolCall {
    return { tool: "navigate", url, new_tab: false };
  },
  click(x: number, y: number): ToolCall {
    return { tool: "click", x, y, button: "left", count: 1 };
  },
};
