import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capacityNormalise, isCapacityBounded, matchCapacityGrammar } from "../../src/guard/capacity/capacity-match.js";
import { GRAMMAR_IDS, GRAMMARS } from "../../src/guard/capacity/grammars.js";
import { guardPage } from "../../src/guard/index.js";
import { doc, el, filler, makePage, type NodeSpec, txt, verdicts } from "./synthetic-page.js";

describe("capacity grammars", () => {
  it("answers exactly as trying the grammars one by one (the combined pre-check changes nothing)", () => {
    const oneByOne = (text: string) => {
      const normalised = capacityNormalise(text);
      return normalised === null ? null : (GRAMMARS.find((grammar) => grammar.pattern.test(normalised))?.id ?? null);
    };
    // Strings built from the grammars' own alphabet hit every grammar often, and near-misses too.
    const piece = fc.constantFrom(
      "$",
      "€",
      "12",
      "3",
      ".",
      ",",
      "-",
      " ",
      "%",
      "Jan",
      "13",
      "2026",
      ":",
      "30",
      "PM",
      "ago",
      "days",
      "of",
      "/",
      "k",
      "MB",
      "x",
      "★",
      "4.5",
      "#",
      "page",
      "st",
      "min",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("")),
        (text) => matchCapacityGrammar(text) === oneByOne(text),
      ),
      { numRuns: 3000 },
    );
    let matched = 0;
    for (let i = 0; i < 2000; i++) {
      const text = fc.sample(
        fc.array(piece, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("")),
        { numRuns: 1, seed: i },
      )[0]!;
      if (oneByOne(text) !== null) matched++;
    }
    expect(matched).toBeGreaterThan(100); // the generator really does reach the grammars
  });

  const accepted: Array<[string, string]> = [
    ["$25", "G1"],
    ["€578", "G1"],
    ["25.00 €", "G1"],
    ["-$3.50", "G1"],
    ["£1,299.99", "G1"],
    ["1\u00a0234 €", "G1"],
    ["USD 25.00", "G2"],
    ["25 EUR", "G2"],
    ["$10 - $25", "G3"],
    ["€5-€9", "G3"],
    ["1,234", "G4"],
    ["-3.5", "G4"],
    ["42", "G4"],
    ["1.2k", "G4"],
    ["45%", "G5"],
    ["+3.2 %", "G5"],
    ["2025-01-13", "G6"],
    ["2025-01-13 10:00", "G6"],
    ["2025-01-13T10:00Z", "G6"],
    ["01/13/2026", "G7"],
    ["13.01.2026", "G7"],
    ["Jan 13, 2026", "G8"],
    ["13 January 2026", "G8"],
    ["Mon, Jan 13", "G8"],
    ["Jan 13, 2026 at 7:30 PM", "G8"],
    ["3 days ago", "G9"],
    ["yesterday", "G9"],
    ["in 2 hours", "G9"],
    ["just now", "G9"],
    ["2h ago", "G9"],
    ["an hour ago", "G9"],
    ["19:00", "G10"],
    ["7:30 PM", "G10"],
    ["07:30:15 UTC", "G10"],
    ["2h 15m", "G11"],
    ["1:45:02", "G10"],
    ["3 hours", "G11"],
    ["5 min read", "G11"],
    ["2.4 MB", "G12"],
    ["512 KiB", "G12"],
    ["10 bytes", "G12"],
    ["3.2 km", "G13"],
    ["500 m", "G11"] /* also reads as 500 minutes; either way bounded */,
    ["12 mi", "G13"],
    ["6 ft", "G13"],
    ["45 m2", "G14"],
    ["120 sq ft", "G14"],
    ["2 ha", "G14"],
    ["3 acres", "G14"],
    ["4.5/5", "G15"],
    ["9.1/10", "G7"] /* also a numeric date */,
    ["4.5 out of 5", "G15"],
    ["4.5 stars", "G16"],
    ["3 star", "G16"],
    ["12 comments", "G17"],
    ["1.2k views", "G17"],
    ["1 reply", "G17"],
    ["2 nights", "G17"],
    ["1st", "G18"],
    ["22nd", "G18"],
    ["3rd", "G18"],
    ["#3", "G18"],
    ["Page 2 of 10", "G19"],
    ["2 / 10", "G15"],
    ["2 of 10", "G19"],
    ["Showing 1-20 of 345 results", "G20"],
    ["1-20 of 345", "G20"],
    ["1920x1080", "G21"],
    ["10 x 20 cm", "G21"],
    ["3 x 4", "G21"],
    ["!57", "G22"],
    ["No. 1042", "G22"],
    ["INV-2025-001", "G23"],
    ["TKT-1001", "G23"],
    ["Order 123-4567", "G23"],
    ["19:00 - 21:00", "G24"],
    ["Jan 13 - Jan 19", "G24"],
  ];
  it.each(accepted)("accepts %j (%s)", (text, grammar) => {
    expect(matchCapacityGrammar(text)).toBe(grammar);
  });

  it("exercises every one of the 24 grammars", () => {
    const hit = new Set(accepted.map(([text]) => matchCapacityGrammar(text)));
    expect([...GRAMMAR_IDS].filter((id) => !hit.has(id))).toEqual([]);
  });

  const refused: Array<[string, string]> = [
    ["2.32.3", "a version number"],
    ["CVE-2024-52731", "letters outside the keyword lists"],
    ["$5 off", "a price with a free word"],
    ["12 comments below", "a counted noun with a free word"],
    ["１２３", "full-width digits"],
    ["$１２", "full-width digits in a price"],
    ["€１,299", "mixed full-width digits in a price"],
    ["$2О", "Cyrillic capital O for a zero"],
    ["3 dаys ago", "Cyrillic а inside a keyword"],
    ["12 соmments", "Cyrillic о inside a counted noun"],
    ["1O0", "letter O for a zero"],
    ["0x1F", "hexadecimal"],
    ["v1.2", "a version tag"],
    ["1–20 of 345", "an en dash (non-ASCII; decided: refuse)"],
    ["https://evil.example/12", "a URL"],
    ["Pay $25 now", "a price inside a sentence"],
    ["12 comments.", "trailing punctuation"],
    ["", "empty"],
    ["   ", "blank"],
    ["$\u200b25", "a zero-width space"],
  ];
  it.each(refused)("refuses %j (%s)", (text) => {
    expect(matchCapacityGrammar(text)).toBeNull();
  });

  it("requires every string of a row to match", () => {
    expect(isCapacityBounded(["$25", "12 comments"])).toBe(true);
    expect(isCapacityBounded(["$25", "buy now"])).toBe(false);
    expect(isCapacityBounded([])).toBe(false);
  });
});

describe("capacity exception on a page (fragment check)", () => {
  const run = (kids: NodeSpec[], rules: unknown[] = []) =>
    verdicts(guardPage(makePage(doc([...kids, filler(6)]), { url: "https://shop.example/p/42" }), rules));

  it("releases a value that is all the text of its block", () => {
    expect(run([el("generic", { cls: "price", box: [0, 0, 100, 20] }, [txt("$25.00", [0, 0, 50, 20], { key: "p" })])]).p).toBe(
      "trusted:capacity",
    );
  });

  it("refuses a number inside a sentence", () => {
    const v = run([
      el("paragraph", { box: [0, 0, 600, 20] }, [
        txt("Send ", [0, 0, 40, 20], { key: "a" }),
        el("strong", { tag: "b", box: [40, 0, 40, 20] }, [txt("$25", [40, 0, 40, 20], { key: "p" })]),
        txt(" to my account first", [80, 0, 200, 20], { key: "b" }),
      ]),
    ]);
    expect(v.p).toBe("untrusted:default");
  });

  it("refuses a number on the next wrapped line of an untrusted sentence", () => {
    const v = run([
      el("paragraph", { box: [0, 0, 600, 40] }, [
        txt("please wire the fee of", [0, 0, 300, 20], { key: "a" }),
        el("generic", { tag: "span", box: [0, 20, 40, 20] }, [txt("$25", [0, 20, 40, 20], { key: "p" })]),
      ]),
    ]);
    expect(v.p).toBe("untrusted:default");
  });

  it("does not count trusted neighbours (the operator's label) or other bounded values", () => {
    const v = run(
      [
        el("generic", { cls: "price-row", box: [0, 0, 400, 20] }, [
          el("generic", { tag: "span", cls: "label", box: [0, 0, 60, 20] }, [txt("Price:", [0, 0, 60, 20], { key: "label" })]),
          el("generic", { tag: "span", box: [60, 0, 60, 20] }, [txt("$25.00", [60, 0, 60, 20], { key: "p" })]),
          el("generic", { tag: "span", box: [120, 0, 60, 20] }, [txt("4.5 stars", [120, 0, 60, 20], { key: "r" })]),
        ]),
      ],
      [{ ancestor_path: [{ role: "section", class: "label" }], verdict: "trusted", note: "price label" }],
    );
    expect([v.label, v.p, v.r]).toEqual(["trusted:rule#0", "trusted:capacity", "trusted:capacity"]);
  });

  it("refuses full-width digits and Cyrillic homoglyphs in prices on a page", () => {
    const v = run([
      el("generic", { box: [0, 0, 100, 20] }, [txt("$１２.00", [0, 0, 50, 20], { key: "wide" })]),
      el("generic", { box: [0, 40, 100, 20] }, [txt("$2О.00", [0, 40, 50, 20], { key: "cyrillic" })]),
    ]);
    expect([v.wide, v.cyrillic]).toEqual(["untrusted:default", "untrusted:default"]);
  });

  it("only releases text runs inside links that stay on the page's host", () => {
    const v = run([
      el("generic", { box: [0, 0, 200, 20] }, [
        el("link", { href: "/p/42#comments", box: [0, 0, 100, 20] }, [txt("12 comments", [0, 0, 90, 20], { key: "same" })]),
      ]),
      el("generic", { box: [0, 40, 200, 20] }, [
        el("link", { href: "https://evil.example/x", box: [0, 40, 100, 20] }, [txt("12 comments", [0, 40, 90, 20], { key: "other" })]),
      ]),
      el("generic", { box: [0, 80, 200, 20] }, [
        el("link", { box: [0, 80, 100, 20] }, [txt("3 replies", [0, 80, 90, 20], { key: "unknown" })]),
      ]),
      el("generic", { box: [0, 120, 200, 20] }, [el("image", { name: "5 stars", box: [0, 120, 90, 20] })]),
    ]);
    expect([v.same, v.other, v.unknown]).toEqual(["trusted:capacity", "untrusted:default", "untrusted:default"]);
  });

  it("never releases images, even with a bounded alt text", () => {
    const page = makePage(
      doc([el("generic", { box: [0, 0, 200, 20] }, [el("image", { key: "img", name: "5 stars", box: [0, 0, 90, 20] })]), filler(4)]),
    );
    expect(verdicts(guardPage(page, [])).img).toBe("untrusted:default");
  });
});
