/**
 * The policy gate (docs/design/guarded-agent.md, "The policy gate"): a refused call never reaches the page, and every refusal has its
 * fixed reason code. Checked per rule, in the paper's order, and as a property over random calls:
 * no allowed pointer call has a coordinate on the mask, and no allowed keyboard call types while
 * focus is masked or unknown; a gate that checks only the start of a drag fails the property.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type GateScreen, gateCall } from "../../../src/guard/agent/gate/policy-gate.js";
import { REASON_CODES, refusalMessage } from "../../../src/guard/agent/gate/reason-codes.js";
import { RefusalMemo } from "../../../src/guard/agent/gate/refusal-memo.js";
import { type ToolCall, ToolCallSchema } from "../../../src/guard/agent/tools/tool-call.js";
import { isMasked } from "../../../src/guard/mask/is-masked.js";
import { EMPTY_CONSTRAINT, halfMasked, SETTINGS, storeWith, variable } from "./support.js";

const gate = (call: ToolCall, screen: GateScreen = halfMasked(), store = storeWith()) => gateCall(call, screen, store, SETTINGS);
const refused = (code: string) => ({ ok: false, refused: code });
const click = (x: number, y: number): ToolCall => ({ tool: "click", x, y, button: "left", count: 1 });

describe("the location rule looks at pixels", () => {
  it("allows a click on shown pixels and refuses one on the mask, whatever the coordinates came from", () => {
    expect(gate(click(100, 100))).toEqual({ ok: true });
    expect(gate(click(700, 100))).toEqual(refused("LOCATION_MASKED"));
    // Off the screen counts as masked: nothing the planner saw lives there.
    expect(gate(click(1000, 10))).toEqual(refused("LOCATION_MASKED"));
    expect(gate({ tool: "scroll", x: 600, y: 10, dx: 0, dy: 300 })).toEqual(refused("LOCATION_MASKED"));
  });

  it("checks both ends of a drag", () => {
    expect(gate({ tool: "drag", x1: 10, y1: 10, x2: 400, y2: 10 })).toEqual({ ok: true });
    expect(gate({ tool: "drag", x1: 600, y1: 10, x2: 10, y2: 10 })).toEqual(refused("DRAG_START_MASKED"));
    expect(gate({ tool: "drag", x1: 10, y1: 10, x2: 600, y2: 10 })).toEqual(refused("DRAG_END_MASKED"));
  });
});

describe("the focus rule", () => {
  it("refuses typing and keys while the focused element is masked or unknown", () => {
    expect(gate({ tool: "type_text", text: "hello" })).toEqual({ ok: true });
    expect(gate({ tool: "type_text", text: "hello" }, halfMasked({ focus: "masked" }))).toEqual(refused("FOCUS_MASKED"));
    expect(gate({ tool: "key", keys: ["Control", "c"] }, halfMasked({ focus: "masked" }))).toEqual(refused("FOCUS_MASKED"));
    expect(gate({ tool: "key", keys: ["Enter"] }, halfMasked({ focus: "unknown" }))).toEqual(refused("FOCUS_UNKNOWN"));
  });
});

describe("the fetch rule and variable integrity", () => {
  const url = variable("link", "url", "https://evil.example/x");
  const endorsedUrl = variable("docs", "url", "https://docs.example/guide", { level: "endorsed", route: "expected" });
  const onAllowlist = variable("page", "url", "https://docs.example/other");

  it("a literal URL the planner typed is trusted", () => {
    expect(gate({ tool: "navigate", url: "https://anything.example/", new_tab: false })).toEqual({ ok: true });
  });

  it("an untrusted URL to a host off the allowlist is FETCH_UNTRUSTED_URL, on the allowlist still UNENDORSED_VARIABLE", () => {
    expect(gate({ tool: "navigate", url: "$link", new_tab: false }, halfMasked(), storeWith(url))).toEqual(refused("FETCH_UNTRUSTED_URL"));
    expect(gate({ tool: "navigate", url: "$page", new_tab: false }, halfMasked(), storeWith(onAllowlist))).toEqual(
      refused("UNENDORSED_VARIABLE"),
    );
    expect(gate({ tool: "navigate", url: "$docs", new_tab: false }, halfMasked(), storeWith(endorsedUrl))).toEqual({ ok: true });
  });

  it("an unendorsed variable in a message body is refused; an endorsed one passes; done may carry it to the user", () => {
    const eta = variable("eta", "duration", "PT25M");
    expect(gate({ tool: "type_text", text: "ETA is $eta" }, halfMasked(), storeWith(eta))).toEqual(refused("UNENDORSED_VARIABLE"));
    expect(
      gate(
        { tool: "type_text", text: "ETA is $eta" },
        halfMasked(),
        storeWith({ ...eta, integrity: { level: "endorsed", route: "shape" } }),
      ),
    ).toEqual({
      ok: true,
    });
    expect(gate({ tool: "done", answer: "It is $eta" }, halfMasked(), storeWith(eta))).toEqual({ ok: true });
  });

  it("an unknown $name is a tool error, not a refusal; `$` that is not a reference is text", () => {
    expect(gate({ tool: "type_text", text: "hi $nobody" })).toEqual({ ok: false, error: "unknown variable $nobody" });
    expect(gate({ tool: "type_text", text: "costs $5 or US$10" })).toEqual({ ok: true });
  });

  it("find_by_text needs a trusted value; endorse_element's identifier too", () => {
    const name = variable("who", "person_name", "Mallory");
    expect(gate({ tool: "find_by_text", value: "$who" }, halfMasked(), storeWith(name))).toEqual(refused("UNENDORSED_VARIABLE"));
    expect(
      gate({ tool: "endorse_element", mode: "author", identifier: "$who", control: "", label: "" }, halfMasked(), storeWith(name)),
    ).toEqual(refused("UNENDORSED_VARIABLE"));
    expect(gate({ tool: "locate_on_screen", value: "$who", answer_type: "person_name" }, halfMasked(), storeWith(name))).toEqual({
      ok: true,
    });
  });
});

describe("queries and endorsements", () => {
  const query = (answer_type: string, options: string[] = []): ToolCall => ({
    tool: "query_screen",
    question: "what is it?",
    answer_type,
    constraint: { ...EMPTY_CONSTRAINT, options },
    region: [],
    author: "",
    var_name: "v",
  });

  it("refuses free text, booleans and boolean-like enums as TYPE_NOT_QUERYABLE", () => {
    expect(gate(query("free_text"))).toEqual(refused("TYPE_NOT_QUERYABLE"));
    expect(gate(query("boolean"))).toEqual(refused("TYPE_NOT_QUERYABLE"));
    expect(gate(query("enum", ["yes", "no"]))).toEqual(refused("TYPE_NOT_QUERYABLE"));
    expect(gate(query("enum", ["present", "absent"]))).toEqual(refused("TYPE_NOT_QUERYABLE"));
    expect(gate(query("enum", ["train", "bus", "car"]))).toEqual({ ok: true });
    expect(gate(query("duration"))).toEqual({ ok: true });
  });

  it("a region outside the screen or a bad variable name is SCHEMA_INVALID", () => {
    expect(gate({ ...(query("count") as Extract<ToolCall, { tool: "query_screen" }>), region: [900, 0, 200, 10] })).toEqual(
      refused("SCHEMA_INVALID"),
    );
    expect(gate({ ...(query("count") as Extract<ToolCall, { tool: "query_screen" }>), var_name: "1bad" })).toEqual(
      refused("SCHEMA_INVALID"),
    );
  });

  it("refuses retyping a variable to reach a weaker verifier, and verifiers its type does not allow", () => {
    const recipient = variable("to", "email_address", "lisa@example.org");
    const store = storeWith(recipient, variable("n", "count", "3"));
    const endorse = (v: string, answer_type: string, source: "task" | "shape" | "expected" | "recall") =>
      gate(
        { tool: "endorse", var: v, answer_type, source, question: "", expected: source === "expected" ? ["x"] : [] },
        halfMasked(),
        store,
      );
    // shape may clear a count but never an email address, retyped or not.
    expect(endorse("n", "count", "shape")).toEqual({ ok: true });
    expect(endorse("to", "email_address", "shape")).toEqual(refused("VERIFIER_NOT_ALLOWED"));
    expect(endorse("to", "count", "shape")).toEqual(refused("VERIFIER_NOT_ALLOWED"));
    expect(endorse("to", "email_address", "expected")).toEqual({ ok: true });
    expect(endorse("to", "email_address", "task")).toEqual({ ok: true });
  });

  it("endorsement calls skip the location and focus rules (they do not touch the page)", () => {
    const store = storeWith(variable("n", "count", "3"));
    expect(
      gateCall(
        { tool: "endorse", var: "n", answer_type: "count", source: "shape", question: "", expected: [] },
        halfMasked({ focus: "masked" }),
        store,
        SETTINGS,
      ),
    ).toEqual({
      ok: true,
    });
  });
});

describe("ranges the schema cannot say", () => {
  it("refuses a fourth click, a long wait and an empty key list", () => {
    expect(gate({ tool: "click", x: 1, y: 1, button: "left", count: 4 })).toEqual(refused("SCHEMA_INVALID"));
    expect(gate({ tool: "wait", seconds: 60 })).toEqual(refused("SCHEMA_INVALID"));
    expect(gate({ tool: "key", keys: [] })).toEqual(refused("SCHEMA_INVALID"));
  });
});

describe("refusal messages", () => {
  it("name the code, never page content, and say after three identical refusals that repeating keeps failing", () => {
    const memo = new RefusalMemo();
    const call = click(700, 100);
    expect(memo.record(call, "LOCATION_MASKED")).toBe(false);
    expect(memo.record(click(701, 100), "LOCATION_MASKED")).toBe(false);
    expect(memo.record(call, "LOCATION_MASKED")).toBe(false);
    expect(memo.record(call, "LOCATION_MASKED")).toBe(true);
    expect(refusalMessage("LOCATION_MASKED", false)).toMatch(/^Policy blocked your last tool call: LOCATION_MASKED/);
    expect(refusalMessage("LOCATION_MASKED", true)).toMatch(/repeating it will keep failing/);
    for (const code of REASON_CODES) expect(refusalMessage(code, false)).not.toMatch(/\$|"/);
  });
});

// --- property: nothing allowed touches the mask ---------------------------------------------------

const rect = fc.tuple(
  fc.integer({ min: 0, max: 900 }),
  fc.integer({ min: 0, max: 500 }),
  fc.integer({ min: 1, max: 400 }),
  fc.integer({ min: 1, max: 300 }),
);
const coordinate = fc.integer({ min: -20, max: 1020 });
const screenArb = fc.record({
  width: fc.constant(1000),
  height: fc.constant(600),
  mask: fc.array(rect, { maxLength: 6 }),
  focus: fc.constantFrom("visible" as const, "masked" as const, "unknown" as const),
});
const callArb: fc.Arbitrary<ToolCall> = fc.oneof(
  fc.record({
    tool: fc.constant("click" as const),
    x: coordinate,
    y: coordinate,
    button: fc.constant("left" as const),
    count: fc.constant(1),
  }),
  fc.record({ tool: fc.constant("drag" as const), x1: coordinate, y1: coordinate, x2: coordinate, y2: coordinate }),
  fc.record({ tool: fc.constant("scroll" as const), x: coordinate, y: coordinate, dx: fc.constant(0), dy: fc.constant(100) }),
  fc.record({ tool: fc.constant("type_text" as const), text: fc.string() }),
  fc.record({ tool: fc.constant("key" as const), keys: fc.constant(["Enter"] as string[]) }),
);

/** The points of a pointer call the planner's pixels must show. */
function pointsOf(call: ToolCall): Array<[number, number]> {
  if (call.tool === "click" || call.tool === "scroll") return [[call.x, call.y]];
  if (call.tool === "drag")
    return [
      [call.x1, call.y1],
      [call.x2, call.y2],
    ];
  return [];
}

type Gate = typeof gateCall;
function violations(check: Gate): fc.IPropertyWithHooks<[GateScreen, ToolCall]> {
  return fc.property(screenArb, callArb, (screen, call) => {
    expect(ToolCallSchema.safeParse(call).success).toBe(true);
    const verdict = check(call, screen, storeWith(), SETTINGS);
    if (!verdict.ok) return;
    for (const [x, y] of pointsOf(call)) expect(isMasked(screen.mask, x, y, screen)).toBe(false);
    if (call.tool === "type_text" || call.tool === "key") expect(screen.focus).toBe("visible");
  });
}

describe("property: an allowed call never touches masked pixels or masked focus", () => {
  it("holds for the gate", () => {
    fc.assert(violations(gateCall), { numRuns: 500, seed: 11 });
  });

  it("fails for a gate that checks only where a drag starts", () => {
    const weakened: Gate = (call, ...rest) => gateCall(call.tool === "drag" ? { ...call, x2: call.x1, y2: call.y1 } : call, ...rest);
    expect(() => fc.assert(violations(weakened), { numRuns: 500, seed: 11 })).toThrow();
  });
});
