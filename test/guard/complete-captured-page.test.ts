import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CapturedPage, CapturedPageSchema } from "../../src/guard/captured-page.js";
import { isCompleteCapturedPage } from "../../src/guard/complete-captured-page.js";
import { validateCapture } from "../../src/guard/guard-page.js";
import { pageArb } from "./random-page.js";
import { doc, el, makePage, txt } from "./synthetic-page.js";

/** A capture as `capturePage` delivers it: every field present. */
const complete = (): CapturedPage =>
  CapturedPageSchema.parse(
    makePage(doc([el("generic", { key: "a", box: [0, 0, 10, 10] }, [txt("hi", [0, 0, 5, 5], { key: "t" })])]), {
      url: "https://x.example/",
    }),
  );

// Values a broken or hostile reply could leave in any field.
const JUNK: unknown[] = [undefined, null, "", "x", -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, true, [], {}, ["x"], [0, 0, -1, 1]];
const NODE_FIELDS = Object.keys(complete().nodes[0]!);
const PAGE_FIELDS = Object.keys(complete());

describe("the cheap capture check", () => {
  it("accepts a complete capture as it stands, and validateCapture returns it without a copy", () => {
    const page = complete();
    expect(isCompleteCapturedPage(page)).toBe(true);
    expect(validateCapture(page)).toBe(page);
  });

  it("accepts every capture the schema outputs, and each is what the schema makes of it", () => {
    fc.assert(
      fc.property(pageArb, (input) => {
        const parsed = CapturedPageSchema.parse(input);
        expect(isCompleteCapturedPage(parsed)).toBe(true);
        expect(CapturedPageSchema.parse(parsed)).toEqual(parsed);
      }),
      { numRuns: 200 },
    );
  });

  it("never accepts what the schema refuses or would change: one field of a complete capture set to junk", () => {
    let refused = 0;
    fc.assert(
      fc.property(
        pageArb,
        fc.nat(),
        fc.constantFrom(...NODE_FIELDS, ...PAGE_FIELDS.map((field) => `page.${field}`)),
        fc.constantFrom(...JUNK),
        (input, pick, field, junk) => {
          const page = structuredClone(CapturedPageSchema.parse(input)) as unknown as Record<string, unknown>;
          if (field.startsWith("page.")) page[field.slice(5)] = junk;
          else (page.nodes as Record<string, unknown>[])[pick % (page.nodes as unknown[]).length]![field] = junk;
          if (!isCompleteCapturedPage(page)) {
            refused++;
            return;
          }
          const parsed = CapturedPageSchema.safeParse(page);
          expect(parsed.success).toBe(true);
          expect(parsed.data).toEqual(page);
        },
      ),
      { numRuns: 600 },
    );
    expect(refused).toBeGreaterThan(300);
  });

  const broken: Array<[string, (page: CapturedPage) => void, RegExp]> = [
    ["a missing id", (p) => delete (p.nodes[1] as Partial<CapturedPage["nodes"][number]>).id, /nodes\.1\.id/],
    ["an unknown key", (p) => Object.assign(p.nodes[1]!, { colour: "red" }), /colour/],
    ["an unknown role", (p) => Object.assign(p.nodes[1]!, { role: "wizard" }), /role/],
    ["a NaN coordinate", (p) => Object.assign(p.nodes[1]!, { box: [Number.NaN, 0, 5, 5] }), /box/],
    ["a negative width", (p) => Object.assign(p.nodes[1]!, { box: [0, 0, -1, 5] }), /box/],
    ["a fractional paint order", (p) => Object.assign(p.nodes[1]!, { paintOrder: 1.5 }), /paintOrder/],
    [
      "duplicate ids",
      (p) => {
        p.nodes[2]!.id = "a";
        p.nodes[1]!.childIds = ["a"];
      },
      /duplicate node id/,
    ],
    ["an unknown parent", (p) => Object.assign(p.nodes[2]!, { parentId: "zz" }), /not in the capture/],
    [
      "two roots",
      (p) => {
        p.nodes[1]!.parentId = null;
        p.nodes[0]!.childIds = [];
      },
      /exactly one root/,
    ],
    ["childIds that disagree", (p) => Object.assign(p.nodes[1]!, { childIds: ["nope"] }), /disagree/],
    [
      "a cycle",
      (p) => {
        p.nodes[1]!.parentId = p.nodes[2]!.id;
        p.nodes[0]!.childIds = [];
        p.nodes[2]!.childIds = [p.nodes[1]!.id];
      },
      /not reachable/,
    ],
    ["a focused node that is not there", (p) => Object.assign(p, { focusedNodeId: "ghost" }), /focused node/],
    ["a negative sample count", (p) => Object.assign(p.alignment, { sampled: -1 }), /sampled/],
  ];
  it.each(broken)("leaves %s to the schema, which refuses it with its reason", (_name, mutate, reason) => {
    const page = complete();
    mutate(page);
    expect(isCompleteCapturedPage(page)).toBe(false);
    expect(() => validateCapture(page)).toThrow(
      expect.objectContaining({ reason: "unparsable-tree", message: expect.stringMatching(reason) }),
    );
  });

  it("leaves a capture with a field to default to the schema, which fills it", () => {
    const page = complete();
    delete (page.nodes[1] as Partial<CapturedPage["nodes"][number]>).classes;
    expect(isCompleteCapturedPage(page)).toBe(false);
    expect(validateCapture(page).nodes[1]!.classes).toEqual([]);
  });

  it("leaves children listed in another order to the schema, which accepts them", () => {
    const page = makePage(
      doc([el("list", { key: "l" }, [txt("one", [0, 0, 10, 10], { key: "x" }), txt("two", [0, 10, 10, 10], { key: "y" })])]),
    );
    const parsed = CapturedPageSchema.parse(page);
    const list = parsed.nodes.find((node) => node.childIds.length === 2)!;
    list.childIds.reverse();
    expect(isCompleteCapturedPage(parsed)).toBe(false);
    expect(validateCapture(parsed).nodes).toHaveLength(parsed.nodes.length);
  });
});
