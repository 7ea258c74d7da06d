// Each ablation switch (`bench --guard-ablate`) changes the decision it names on a synthetic page,
// and nothing else: every other row keeps the full guard's verdict.

import { describe, expect, it } from "vitest";
import type { ShapeRule } from "../../src/guard/agent/endorse/endorse-value.js";
import type { ContentOrigin } from "../../src/guard/agent/provenance/content-origin.js";
import { GUARD_ABLATION_NAMES, type GuardAblation, guardPage, isMasked } from "../../src/guard/index.js";
import { call, fakeScreen, Session, summary } from "./agent/read-tools-support.js";
import { variable } from "./agent/support.js";
import { doc, el, filler, makePage, txt, verdicts } from "./synthetic-page.js";

const note = "test region";
const title = "How do I comment out code in Vim?";

// One page with one row for each mask protection: a breadcrumb echoing the post's title (echo),
// a product grid reparented into a trusted legal strip but drawn far from it (containment), and a
// price in a paragraph of its own (capacity).
const page = makePage(
  doc([
    el("navigation", { cls: "breadcrumbs", box: [0, 0, 1280, 30] }, [
      txt("Forum", [0, 0, 50, 20], { key: "crumb-home" }),
      txt(title, [60, 0, 300, 20], { key: "crumb-title" }),
    ]),
    el("article", { box: [0, 40, 1280, 100] }, [
      el("heading", { box: [0, 40, 1280, 40] }, [txt(title, [0, 40, 400, 30], { key: "heading" })]),
    ]),
    el("generic", { cls: "legal-strip", box: [0, 150, 400, 20] }, [
      txt("Prices include VAT", [0, 150, 120, 20], { key: "legal" }),
      el("list", { box: [0, 500, 800, 60] }, [txt("Buy this now", [0, 500, 100, 20], { key: "product" })]),
    ]),
    el("paragraph", { box: [0, 200, 300, 20] }, [txt("$12.50", [0, 200, 60, 20], { key: "price" })]),
    filler(6),
  ]),
);
const rules = [
  { ancestor_path: [{ role: "landmark", class: "breadcrumbs" }], verdict: "trusted", note },
  { ancestor_path: [{ role: "section", class: "legal-strip" }], verdict: "trusted", note },
];

// Ten rows, six of them comments: a rule granting `.content` grabs 60% of the page.
const broad = makePage(
  doc([
    el(
      "generic",
      { cls: "content", box: [0, 0, 1280, 500] },
      Array.from({ length: 6 }, (_, i) => txt(`comment body number ${i}`, [0, i * 40, 300, 20], { key: `c${i}` })),
    ),
    el(
      "generic",
      { cls: "chrome", box: [0, 600, 1280, 200] },
      Array.from({ length: 4 }, (_, i) => txt(`Menu entry ${i}`, [0, 600 + i * 40, 200, 20], { key: `m${i}` })),
    ),
  ]),
);
const broadRules = [{ ancestor_path: [{ role: "section", class: "content" }], verdict: "trusted", note }];

/** The rows whose verdict differs between the full guard and the ablated one, with the ablated verdict. */
function changed(capture: typeof page, ruleSet: unknown, ablate: GuardAblation): Record<string, string> {
  const full = verdicts(guardPage(capture, ruleSet));
  const ablated = verdicts(guardPage(capture, ruleSet, { ablate: new Set([ablate]) }));
  expect(Object.keys(ablated).sort()).toEqual(Object.keys(full).sort());
  return Object.fromEntries(Object.entries(ablated).filter(([key, verdict]) => full[key] !== verdict));
}

describe("guard ablations on the mask", () => {
  it("the full guard: echo, containment and capacity each decide one row", () => {
    const v = verdicts(guardPage(page, rules));
    expect([v["crumb-home"], v["crumb-title"], v.legal, v.product, v.price, v.heading]).toEqual([
      "trusted:rule#0",
      "untrusted:echo",
      "trusted:rule#1",
      "untrusted:containment",
      "trusted:capacity",
      "untrusted:default",
    ]);
    expect(guardPage(page, rules, { ablate: new Set() })).toEqual(guardPage(page, rules));
  });

  it.each([
    ["echo-demotion", { "crumb-title": "trusted:rule#0" }],
    ["containment", { product: "trusted:rule#1" }],
    ["capacity-grammars", { price: "untrusted:default" }],
  ] as const)("%s: changes exactly its own row", (ablate, expected) => {
    expect(changed(page, rules, ablate)).toEqual(expected);
  });

  it("echo-demotion: the echoed title's pixels leave the mask; the post's own title stays under it", () => {
    const ablated = guardPage(page, rules, { ablate: new Set(["echo-demotion"]) });
    expect(isMasked(guardPage(page, rules).mask, 100, 10)).toBe(true);
    expect(isMasked(ablated.mask, 100, 10)).toBe(false);
    expect(isMasked(ablated.mask, 100, 50)).toBe(true);
  });

  it("coverage-cap: an over-broad rule is kept and grants the comments", () => {
    const full = guardPage(broad, broadRules);
    expect(full.droppedRules).toHaveLength(1);
    const ablated = guardPage(broad, broadRules, { ablate: new Set(["coverage-cap"]) });
    expect(ablated.droppedRules).toEqual([]);
    expect(changed(broad, broadRules, "coverage-cap")).toEqual(
      Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`c${i}`, "trusted:rule#0"])),
    );
    // A rule dropped on an earlier capture is not kept dropped either.
    expect(verdicts(guardPage(broad, broadRules, { ablate: new Set(["coverage-cap"]), keepDropped: new Set([0]) })).c0).toBe(
      "trusted:rule#0",
    );
  });

  it("endorsement-by-shape and shape-provenance change nothing on the mask", () => {
    for (const name of ["endorsement-by-shape", "shape-provenance"] as const) {
      expect(changed(page, rules, name)).toEqual({});
      expect(changed(broad, broadRules, name)).toEqual({});
    }
  });

  it("differential-check changes nothing in the pure core: it switches off the live second render (build-mask-with-retries)", () => {
    expect(changed(page, rules, "differential-check")).toEqual({});
  });

  it("names every switch once", () => {
    expect(GUARD_ABLATION_NAMES).toEqual([
      "echo-demotion",
      "containment",
      "differential-check",
      "coverage-cap",
      "capacity-grammars",
      "terminal-trust",
      "endorsement-by-shape",
      "shape-provenance",
    ]);
  });
});

describe("guard ablations on endorsement", () => {
  const session = (shapeRule: ShapeRule) =>
    new Session({ task: "Tell me how many replies there are, and bump requests to 2.32.3.", screen: fakeScreen([]), shapeRule });
  const OPERATOR: ContentOrigin[] = [{ kind: "operator" }];
  const STRANGER: ContentOrigin[] = [{ kind: "operator" }, { kind: "stranger" }];

  it("the three shape rules side by side: refused, provenance (ours), any (the paper's); other routes unchanged", async () => {
    const outcomes: Record<string, string[]> = {};
    for (const rule of ["off", "provenance", "any"] as const) {
      const s = session(rule);
      s.store.define(variable("chrome", "count", "4", { level: "untrusted" }, OPERATOR));
      s.store.define(variable("stranger", "count", "5", { level: "untrusted" }, STRANGER));
      s.store.define(variable("v", "version", "2.32.3"));
      outcomes[rule] = [
        summary(await s.turn(call.endorse("chrome", "count", "shape"))),
        summary(await s.turn(call.endorse("stranger", "count", "shape"))),
      ];
      expect(summary(await s.turn(call.endorse("v", "version", "task")))).toBe("endorsed:task");
    }
    expect(outcomes).toEqual({
      off: ["refused:shape", "refused:shape"],
      provenance: ["endorsed:shape", "refused:shape"],
      any: ["endorsed:shape", "endorsed:shape"],
    });
  });
});
