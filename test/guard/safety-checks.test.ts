import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Box } from "../../src/guard/captured-page.js";
import { guardPage, type Verdict } from "../../src/guard/index.js";
import { applyEchoDemotion, echoNormalise, echoPieces } from "../../src/guard/verdicts/echo-demotion.js";
import { doc, el, filler, makePage, type NodeSpec, txt, verdicts } from "./synthetic-page.js";

const note = "test region";

describe("coverage cap", () => {
  // Ten rows: six inside `.content`, four inside `.chrome`.
  const tenRows = (contentRows: number) =>
    makePage(
      doc([
        el(
          "generic",
          { key: "content", cls: "content", box: [0, 0, 1280, 500] },
          Array.from({ length: contentRows }, (_, i) => txt(`comment body number ${i}`, [0, i * 40, 300, 20], { key: `c${i}` })),
        ),
        el(
          "generic",
          { key: "chrome", cls: "chrome", box: [0, 600, 1280, 200] },
          Array.from({ length: 10 - contentRows }, (_, i) => txt(`Menu entry ${i}`, [0, 600 + i * 40, 200, 20], { key: `m${i}` })),
        ),
      ]),
    );

  it("drops a rule that grabs 60% of the page's rows; later rules still apply", () => {
    const result = guardPage(tenRows(6), [
      { ancestor_path: [{ role: "section", class: "content" }], verdict: "trusted", note },
      { ancestor_path: [{ role: "section", class: "chrome" }], verdict: "trusted", note },
    ]);
    expect(result.droppedRules).toEqual([{ contentRootId: "root", main: true, ruleIndex: 0, granted: 6, rows: 10 }]);
    const v = verdicts(result);
    expect(v.c0).toBe("untrusted:default");
    expect(v.m0).toBe("trusted:rule#1");
  });

  it("keeps a rule granting exactly half", () => {
    const result = guardPage(tenRows(5), [{ ancestor_path: [{ role: "section", class: "content" }], verdict: "trusted", note }]);
    expect(result.droppedRules).toEqual([]);
    expect(verdicts(result).c0).toBe("trusted:rule#0");
  });

  it("judges each rule on what it alone would grant (overlapping rules are each under half)", () => {
    const result = guardPage(tenRows(6), [
      {
        ancestor_path: [{ role: "section", class: "content" }, { role: "text" }],
        verdict: "trusted",
        note,
        except: [{ role: "text", class: "zzz" }],
      },
    ]);
    expect(result.droppedRules).toHaveLength(1);
  });

  it("counts only rows a rule could grant: forced rows (a truncated region) do not loosen the cap", () => {
    // Five of nine grantable rows; four more rows are regions the capture cut short.
    const page = makePage(
      doc([
        el(
          "generic",
          { cls: "content", box: [0, 0, 1280, 500] },
          Array.from({ length: 5 }, (_, i) => txt(`comment body number ${i}`, [0, i * 40, 300, 20], { key: `c${i}` })),
        ),
        el(
          "generic",
          { cls: "chrome", box: [0, 600, 1280, 200] },
          Array.from({ length: 4 }, (_, i) => txt(`Menu entry ${i}`, [0, 600 + i * 40, 200, 20], { key: `m${i}` })),
        ),
        // Each region the capture cut short stands as one forced row.
        ...Array.from({ length: 4 }, (_, i) => el("generic", { key: `t${i}`, truncated: true, box: [700, i * 40, 200, 20] })),
      ]),
    );
    const result = guardPage(page, [{ ancestor_path: [{ role: "section", class: "content" }], verdict: "trusted", note }]);
    expect(verdicts(result).t0).toBe("untrusted:truncated");
    expect(result.droppedRules).toEqual([{ contentRootId: "root", main: true, ruleIndex: 0, granted: 5, rows: 9 }]);
    expect(verdicts(result).c0).toBe("untrusted:default");
  });

  it("keeps a rule dropped on an earlier capture of the page dropped, though this capture alone would keep it", () => {
    const rules = [
      { ancestor_path: [{ role: "section", class: "content" }], verdict: "trusted", note },
      { ancestor_path: [{ role: "section", class: "chrome" }], verdict: "trusted", note },
    ];
    expect(verdicts(guardPage(tenRows(5), rules)).c0).toBe("trusted:rule#0");
    const result = guardPage(tenRows(5), rules, { keepDropped: new Set([0]) });
    const v = verdicts(result);
    expect([v.c0, v.m0]).toEqual(["untrusted:default", "trusted:rule#1"]);
    // The log reports what this capture dropped; the kept decision is the caller's memory already.
    expect(result.droppedRules).toEqual([]);
  });

  it("exempts page-scope rules", () => {
    const result = guardPage(tenRows(6), [{ scope: "page", verdict: "trusted", note }]);
    expect(result.droppedRules).toEqual([]);
    expect(verdicts(result).c0).toBe("trusted:page");
  });
});

describe("echo demotion", () => {
  it("demotes exactly the trusted rows with a piece that some untrusted row contains (the index finds what a search finds)", () => {
    // Few letters, so pieces recur across rows and grams share index keys often.
    const text = fc
      .array(fc.constantFrom("ab", "ba", "abab", "bbaa", "a", " ", "-", "4", "é"), { maxLength: 12 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.boolean()), { minLength: 1, maxLength: 30 }), (rows) => {
        const before: Verdict[] = rows.map(([, trusted]) =>
          trusted ? { verdict: "trusted", source: "rule#0", container: "c" } : { verdict: "untrusted", source: "default", container: null },
        );
        const untrusted = rows.filter(([, trusted]) => !trusted).map(([t]) => echoNormalise(t));
        const after = applyEchoDemotion(
          rows.map(([t]) => t),
          before,
        );
        rows.forEach(([t, trusted], i) => {
          const echoed = trusted && echoPieces(t).some((piece) => untrusted.some((u) => u !== "" && u.includes(piece)));
          expect(after[i]!.verdict).toBe(trusted && !echoed ? "trusted" : "untrusted");
        });
      }),
      { numRuns: 500 },
    );
  });

  const title = "How do I comment out code in Vim?";
  const page = (crumb: string, heading = title) =>
    makePage(
      doc([
        el("navigation", { key: "crumbs", cls: "breadcrumbs", box: [0, 0, 1280, 30] }, [
          txt("Forum", [0, 0, 50, 20], { key: "crumb-home" }),
          txt(crumb, [60, 0, 300, 20], { key: "crumb-title" }),
        ]),
        el("article", { key: "post", box: [0, 40, 1280, 400] }, [
          el("heading", { box: [0, 40, 1280, 40] }, [txt(heading, [0, 40, 400, 30], { key: "heading" })]),
        ]),
        filler(4),
      ]),
    );
  const crumbsTrusted = [{ ancestor_path: [{ role: "landmark", class: "breadcrumbs" }], verdict: "trusted" as const, note: "breadcrumbs" }];

  it.each([
    ["a title echoed in breadcrumbs", title, "untrusted:echo"],
    ["a truncated echo", "How do I comment out…", "untrusted:echo"],
    ["an echo differing in case and spacing", "HOW  DO I COMMENT out code", "untrusted:echo"],
    ["one shared word of four letters", "Comment", "untrusted:echo"],
    ["a longer trusted word containing the untrusted one is no echo", "Comments", "trusted:rule#0"],
    ["shared text of three letters only", "Vim", "trusted:rule#0"],
    ["an unrelated crumb", "Questions", "trusted:rule#0"],
  ])("%s", (_name, crumb, expected) => {
    const v = verdicts(guardPage(page(crumb), crumbsTrusted));
    expect(v["crumb-title"]).toBe(expected);
    expect(v["crumb-home"]).toBe("trusted:rule#0");
    expect(v.heading).toBe("untrusted:default");
  });

  it("compares after NFC: a decomposed accent still echoes the composed one", () => {
    const v = verdicts(guardPage(page("Caf\u0065\u0301 notes", "Caf\u00e9 notes are here"), crumbsTrusted));
    expect(v["crumb-title"]).toBe("untrusted:echo");
  });

  it("ignores pieces that are wholly one capacity-grammar value (a year, a count)", () => {
    expect(echoPieces("© 2024 Example")).toEqual(["example", "2024 example"]);
    expect(echoPieces("12 comments")).toEqual(["comments"]);
    const v = verdicts(guardPage(page("2024", "Posted 2024"), crumbsTrusted));
    expect(v["crumb-title"]).toBe("trusted:rule#0");
  });

  it("only ever demotes", () => {
    const input: Verdict[] = [
      { verdict: "trusted", source: "rule#0", container: "x" },
      { verdict: "untrusted", source: "default", container: null },
      { verdict: "trusted", source: "rule#1", container: "y" },
    ];
    const out = applyEchoDemotion(["alpha beta", "beta gamma", "delta"], input);
    expect(out.map((v) => v.verdict)).toEqual(["untrusted", "untrusted", "trusted"]);
    expect(out[0]!.source).toBe("echo");
  });
});

describe("geometric containment", () => {
  const strip = (grid: Box, extraKids: NodeSpec[] = [], stripBox: Box = [0, 0, 400, 20]) =>
    makePage(
      doc([
        el("generic", { key: "strip", cls: "legal-strip", box: stripBox }, [
          txt("Prices include VAT", [0, 0, 120, 20], { key: "legal" }),
          el("list", { key: "grid", box: grid }, [txt("Buy this now", [grid[0], grid[1], 100, 20], { key: "product" })]),
          ...extraKids,
        ]),
        filler(4),
      ]),
    );
  const rules = [
    { ancestor_path: [{ role: "section", class: "legal-strip" }], verdict: "trusted" as const, note: "legal disclaimer strip" },
  ];

  it("aria-owns reparenting: a grid drawn far away does not inherit the strip's trust", () => {
    const v = verdicts(guardPage(strip([0, 500, 800, 300]), rules));
    expect(v.legal).toBe("trusted:rule#0");
    expect(v.product).toBe("untrusted:containment");
  });

  it("a degenerate (2×1) container passes no trust at all", () => {
    const v = verdicts(guardPage(strip([0, 0, 10, 10], [], [0, 0, 2, 1]), rules));
    expect(v.legal).toBe("untrusted:containment");
    expect(v.product).toBe("untrusted:containment");
  });

  it("allows 2 px of slack but not 3", () => {
    const within = verdicts(
      guardPage(
        makePage(
          doc([
            el("generic", { cls: "legal-strip", box: [10, 10, 100, 20] }, [txt("Terms of use", [8, 10, 104, 20], { key: "x" })]),
            filler(2),
          ]),
        ),
        rules,
      ),
    );
    expect(within.x).toBe("trusted:rule#0");
    const beyond = verdicts(
      guardPage(
        makePage(
          doc([
            el("generic", { cls: "legal-strip", box: [10, 10, 100, 20] }, [txt("Terms of use", [7, 10, 104, 20], { key: "x" })]),
            filler(2),
          ]),
        ),
        rules,
      ),
    );
    expect(beyond.x).toBe("untrusted:containment");
  });

  it("checks intermediate ancestors with real boxes, skips box-less and degenerate ones", () => {
    const page = makePage(
      doc([
        el("generic", { cls: "legal-strip", box: [0, 0, 1280, 400] }, [
          el("generic", { key: "collapsed", box: [0, 0, 2, 1] }, [txt("Inside collapsed wrapper", [0, 0, 200, 20], { key: "a" })]),
          el("generic", { key: "contents" }, [txt("Inside box-less wrapper", [0, 30, 200, 20], { key: "b" })]),
          el("generic", { key: "small", box: [0, 100, 100, 20] }, [txt("Escapes its parent", [0, 300, 200, 20], { key: "c" })]),
        ]),
        filler(4),
      ]),
    );
    const v = verdicts(guardPage(page, rules));
    expect([v.a, v.b, v.c]).toEqual(["trusted:rule#0", "trusted:rule#0", "untrusted:containment"]);
  });

  it("a list bullet (::marker) may paint outside its own item, not outside the granted container", () => {
    const menu = (markerBox: Box, tag = "::marker") =>
      makePage(
        doc([
          el("generic", { cls: "legal-strip", box: [0, 0, 300, 120] }, [
            el("list", { box: [0, 0, 300, 120] }, [
              el("listitem", { box: [40, 10, 200, 20] }, [
                el("ListMarker", { key: "bullet", tag, name: "•", box: markerBox }),
                txt("Settings", [40, 10, 60, 20], { key: "label" }),
              ]),
            ]),
          ]),
          filler(4),
        ]),
      );
    const inside = verdicts(guardPage(menu([24, 10, 6, 20]), rules));
    expect([inside.bullet, inside.label]).toEqual(["trusted:rule#0", "trusted:rule#0"]);
    // The same box on an ordinary element is still cut off by its item.
    expect(verdicts(guardPage(menu([24, 10, 6, 20], "span"), rules)).bullet).toBe("untrusted:containment");
    // Outside the granted container it is demoted like anything else.
    expect(verdicts(guardPage(menu([-40, 10, 6, 20]), rules)).bullet).toBe("untrusted:containment");
  });
});
