import { describe, expect, it } from "vitest";
import { DroppedRuleMemory } from "../../../src/guard/agent/screen/dropped-rule-memory.js";
import { guardPage } from "../../../src/guard/index.js";
import { doc, el, filler, makePage, txt, verdicts } from "../synthetic-page.js";

const note = "test region";
const rules = [
  { ancestor_path: [{ role: "section", class: "feed" }], verdict: "trusted", note },
  { ancestor_path: [{ role: "section", class: "menu" }], verdict: "trusted", note },
];

/** A virtualised feed: which rows exist depends on the scroll position. */
const feed = (feedRows: number, menuRows: number, others = 0) =>
  makePage(
    doc([
      el(
        "generic",
        { cls: "feed", box: [0, 0, 800, 600] },
        Array.from({ length: feedRows }, (_, i) => txt(`feed item ${i}`, [0, i * 30, 300, 20], { key: `f${i}` })),
      ),
      el(
        "generic",
        { cls: "menu", box: [900, 0, 300, 600] },
        Array.from({ length: menuRows }, (_, i) => txt(`Menu ${i}`, [900, i * 30, 100, 20], { key: `m${i}` })),
      ),
      ...(others > 0 ? [filler(others, 620)] : []),
    ]),
  );

describe("DroppedRuleMemory", () => {
  it("keeps a rule dropped on one capture of a template dropped on the next, where the rows alone would re-admit it", () => {
    const memory = new DroppedRuleMemory();
    const template = "http://127.0.0.1:4000/e/{episode}/feed";
    const first = guardPage(feed(8, 2), rules, { keepDropped: memory.keptFor(template) });
    memory.record(template, first.droppedRules);
    expect(verdicts(first).f0).toBe("untrusted:default");
    // Scrolled: fewer feed rows exist now, so the rule alone is under the cap.
    expect(verdicts(guardPage(feed(2, 2, 6), rules)).f0).toBe("trusted:rule#0");
    const second = guardPage(feed(2, 2, 6), rules, { keepDropped: memory.keptFor(template) });
    expect([verdicts(second).f0, verdicts(second).m0]).toEqual(["untrusted:default", "trusted:rule#1"]);
    // Another template has its own memory.
    expect([...memory.keptFor("http://127.0.0.1:4000/e/{episode}/other")]).toEqual([]);
  });

  it("remembers the main document's rules only: a child frame's rule indexes are another rule set's", () => {
    const memory = new DroppedRuleMemory();
    memory.record("t", [
      { contentRootId: "frame-root", main: false, ruleIndex: 0, granted: 9, rows: 10 },
      { contentRootId: "root", main: true, ruleIndex: 2, granted: 9, rows: 10 },
    ]);
    memory.record("t", [{ contentRootId: "root", main: true, ruleIndex: 1, granted: 9, rows: 10 }]);
    expect([...memory.keptFor("t")].sort()).toEqual([1, 2]);
  });
});
