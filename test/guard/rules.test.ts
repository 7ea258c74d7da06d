import { describe, expect, it } from "vitest";
import { CapturedPageSchema, lintRuleSet, type PathRule, parseRuleSet, RuleSetError } from "../../src/guard/index.js";
import { buildPageModel } from "../../src/guard/rows/page-model.js";
import { matchPathRule } from "../../src/guard/rules/match-rule.js";
import { doc, el, makePage, txt } from "./synthetic-page.js";

const note = "test region";

describe("parseRuleSet", () => {
  it("accepts the seed's example and every rule form", () => {
    const rules = parseRuleSet([
      {
        ancestor_path: [{ role: "landmark", class: "s-topbar" }],
        verdict: "trusted",
        note: "top navigation bar: renders Home/Questions/Tags/Users",
      },
      {
        ancestor_path: [{ role: "main" }, { role: "article", id: "post" }],
        verdict: "trusted",
        note,
        except: [{ role: "section", class: "post-body" }],
      },
      { ancestor_path: [{ role: "article" }], verdict: "trusted", note, own_role: "button" },
      { scope: "self", container: { role: "article", class: "comment" }, byline: { role: "link", class: "author" } },
      { scope: "files", listing: { role: "table", id: "file-list" }, note: "the files app's listing" },
    ]);
    expect(rules).toHaveLength(5);
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ["not a list", { rules: [] }, /\$: expected a JSON list of rules, got object/],
    ["unknown key", [{ ancestor_path: [{ role: "link" }], verdict: "trusted", note, excepts: [] }], /\$\[0\]: .*excepts/],
    [
      "unknown key in identifier",
      [{ ancestor_path: [{ role: "link", klass: "x" }], verdict: "trusted", note }],
      /\$\[0\]\.ancestor_path\[0\]: .*klass/,
    ],
    [
      "empty ancestor_path",
      [{ ancestor_path: [], verdict: "trusted", note }],
      /\$\[0\]\.ancestor_path: ancestor_path must name at least one identifier/,
    ],
    ["missing role", [{ ancestor_path: [{ class: "nav" }], verdict: "trusted", note }], /\$\[0\]\.ancestor_path\[0\]\.role/],
    [
      "untrusted path rule",
      [{ ancestor_path: [{ role: "link" }], verdict: "untrusted", note }],
      /\$\[0\]\.verdict: verdict of an ancestor_path rule must be "trusted"/,
    ],
    ["missing note", [{ ancestor_path: [{ role: "link" }], verdict: "trusted" }], /\$\[0\]\.note/],
    ["blank note", [{ ancestor_path: [{ role: "link" }], verdict: "trusted", note: "  " }], /note must say what the region is/],
    [
      "unknown own_role",
      [{ ancestor_path: [{ role: "article" }], verdict: "trusted", note, own_role: "votebutton" }],
      /\$\[0\]\.own_role: own_role "votebutton" is not a known role/,
    ],
    [
      "page rule not alone",
      [
        { scope: "page", verdict: "trusted", note },
        { ancestor_path: [{ role: "link" }], verdict: "trusted", note },
      ],
      /\$\[0\]: a page-scope rule must be the only rule for its page/,
    ],
    ["bad page verdict", [{ scope: "page", verdict: "maybe", note }], /\$\[0\]\.verdict: verdict of a page-scope rule/],
    ["unknown scope", [{ scope: "site", verdict: "trusted", note }], /\$\[0\]\.scope: unknown scope "site"/],
    ["files rule without a listing", [{ scope: "files", note }], /\$\[0\]\.listing/],
    ["files rule with a verdict", [{ scope: "files", listing: { role: "table" }, verdict: "trusted", note }], /\$\[0\]/],
    [
      "files rule with a short class",
      [{ scope: "files", listing: { role: "table", class: "fl" }, note }],
      /\$\[0\]\.listing\.class: class fragment "fl" is shorter than 3/,
    ],
    [
      "short class fragment",
      [{ ancestor_path: [{ role: "landmark", class: "nv" }], verdict: "trusted", note }],
      /\$\[0\]\.ancestor_path\[0\]\.class: class fragment "nv" is shorter than 3/,
    ],
    [
      "short class in except",
      [{ ancestor_path: [{ role: "article" }], except: [{ role: "section", class: "c" }], verdict: "trusted", note }],
      /\$\[0\]\.except\[0\]\.class/,
    ],
  ];
  it.each(bad)("refuses %s with an error naming the field", (_name, input, message) => {
    let error: unknown;
    try {
      parseRuleSet(input, "rules.json");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleSetError);
    expect((error as Error).message).toMatch(/rules\.json/);
    expect((error as Error).message).toMatch(message);
  });
});

describe("lintRuleSet", () => {
  const page = CapturedPageSchema.parse(
    makePage(
      doc([
        el("generic", { cls: "post-header post-body postal", box: [0, 0, 10, 10] }),
        el("generic", { cls: "nav-main", box: [0, 0, 10, 10] }),
      ]),
    ),
  );
  it("warns when a class fragment matches several distinct class tokens on the page", () => {
    const issues = lintRuleSet(parseRuleSet([{ ancestor_path: [{ role: "section", class: "post" }], verdict: "trusted", note }]), page);
    expect(issues).toEqual([
      expect.objectContaining({ code: "class-over-match", severity: "warning", path: [0, "ancestor_path", 0, "class"] }),
    ]);
    expect(issues[0]!.message).toMatch(/matches 3 distinct class tokens/);
  });
  it("is quiet for a fragment naming one token", () => {
    expect(
      lintRuleSet(parseRuleSet([{ ancestor_path: [{ role: "section", class: "nav-main" }], verdict: "trusted", note }]), page),
    ).toEqual([]);
  });
  it("flags short fragments, unknown roles and role-only paths", () => {
    const codes = lintRuleSet([
      { ancestor_path: [{ role: "section", class: "ab" }], verdict: "trusted", note },
      { ancestor_path: [{ role: "sidebar", id: "x" }], verdict: "trusted", note },
      { ancestor_path: [{ role: "landmark" }], verdict: "trusted", note },
    ]).map((issue) => [issue.code, issue.severity]);
    expect(codes).toEqual([
      ["class-too-short", "error"],
      ["unknown-role", "warning"],
      ["role-only-path", "warning"],
    ]);
  });
});

describe("matchPathRule", () => {
  // root > banner.s-topbar#top > nav.menu > list > listitem > link.vote > text
  const page = CapturedPageSchema.parse(
    makePage(
      doc([
        el("banner", { key: "banner", domId: "top", cls: "s-topbar ps-fixed js-top-bar", box: [0, 0, 1280, 50] }, [
          el("navigation", { key: "nav", cls: "menu", box: [0, 0, 600, 50] }, [
            el("list", { key: "list", box: [0, 0, 600, 50] }, [
              el("listitem", { key: "li", box: [0, 0, 100, 50] }, [
                el("link", { key: "link", cls: "vote-up", box: [0, 0, 100, 50] }, [txt("Home", [0, 0, 40, 20], { key: "t" })]),
              ]),
            ]),
          ]),
        ]),
      ]),
    ),
  );
  const chain = buildPageModel(page).info.get("t")!.chain;
  const rule = (extra: Partial<PathRule>): PathRule => ({ ancestor_path: [{ role: "landmark" }], verdict: "trusted", note, ...extra });
  const cases: Array<[string, Partial<PathRule>, string | null]> = [
    ["seed example: class substring of the full class string", { ancestor_path: [{ role: "landmark", class: "s-topbar" }] }, "banner"],
    ["class spanning two tokens is still a substring", { ancestor_path: [{ role: "landmark", class: "topbar ps-fi" }] }, "banner"],
    ["id is exact", { ancestor_path: [{ role: "landmark", id: "top" }] }, "banner"],
    ["id prefix does not match", { ancestor_path: [{ role: "landmark", id: "to" }] }, null],
    ["raw role names the same node", { ancestor_path: [{ role: "banner" }] }, "banner"],
    ["levels may be skipped (subsequence)", { ancestor_path: [{ role: "banner" }, { role: "listitem" }] }, "li"],
    ["order matters", { ancestor_path: [{ role: "listitem" }, { role: "banner" }] }, null],
    ["the last identifier may be the node itself", { ancestor_path: [{ role: "text" }] }, "t"],
    ["several containers match: the outermost is granted", { ancestor_path: [{ role: "landmark" }] }, "banner"],
    ["missing class", { ancestor_path: [{ role: "landmark", class: "sidebar" }] }, null],
    ["except below the container excludes", { ancestor_path: [{ role: "banner" }], except: [{ role: "link", class: "vote" }] }, null],
    ["except above the container does not", { ancestor_path: [{ role: "listitem" }], except: [{ role: "navigation" }] }, "li"],
    ["own_role present below", { ancestor_path: [{ role: "banner" }], own_role: "link" }, "banner"],
    ["own_role absent below", { ancestor_path: [{ role: "banner" }], own_role: "button" }, null],
  ];
  it.each(cases)("%s", (_name, extra, expected) => {
    const index = matchPathRule(rule(extra), chain);
    expect(index === null ? null : chain[index]!.id).toBe(expected);
  });
});
