import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { snapOutward } from "../../src/guard/geometry/rect.js";
import { subtractRects } from "../../src/guard/geometry/rect-set.js";
import {
  type CapturedPage,
  CapturedPageSchema,
  guardPage,
  isMasked,
  parseRuleSet,
  type Rect,
  type Verdict,
} from "../../src/guard/index.js";
import { buildPageModel } from "../../src/guard/rows/page-model.js";
import { applyExceptions, type GuardException } from "../../src/guard/verdicts/apply-exceptions.js";
import { findConsentContainers } from "../../src/guard/verdicts/consent-fingerprints.js";
import { coverageCap } from "../../src/guard/verdicts/coverage-cap.js";
import { applyEchoDemotion } from "../../src/guard/verdicts/echo-demotion.js";
import { ownedFilesFrom } from "../../src/guard/verdicts/file-ownership.js";
import { applyContainment } from "../../src/guard/verdicts/geometric-containment.js";
import { resolveVerdict } from "../../src/guard/verdicts/resolve-verdict.js";
import type { RuleContext } from "../../src/guard/verdicts/rule-context.js";
import { optionsArb, pageArb, pageWithRulesArb, SCREEN } from "./random-page.js";

const RUNS = 300;

function pixelsOf(rect: Rect): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = Math.max(0, rect[1]); y < Math.min(SCREEN.height, rect[1] + rect[3]); y++) {
    for (let x = Math.max(0, rect[0]); x < Math.min(SCREEN.width, rect[0] + rect[2]); x++) out.push([x, y]);
  }
  return out;
}

function contextFor(page: CapturedPage, rules: unknown, userIdentity?: string): RuleContext {
  const model = buildPageModel(page);
  const ruleSet = parseRuleSet(rules);
  return {
    model,
    rules: new Map(model.contentRoots.map((root) => [root.node.id, root.isMain ? ruleSet : []])),
    dropped: new Map(),
    consentContainers: findConsentContainers(model),
    userIdentity: userIdentity ?? null,
    selfCache: new Map(),
  };
}

describe("properties: the mask does not leak", () => {
  it("every on-screen pixel of every untrusted row's box is inside F (checked pixel by pixel)", () => {
    fc.assert(
      fc.property(pageWithRulesArb, optionsArb, ({ page, rules }, options) => {
        const result = guardPage(page, rules, options);
        // `offscreen` is the capture's word that the node paints nothing on screen (scrolled out of
        // its container, or outside the viewport); its box is where it would be, not where it is.
        const offscreen = new Set(page.nodes.filter((node) => node.offscreen).map((node) => node.id));
        for (const row of result.rows) {
          if (row.verdict !== "untrusted" || offscreen.has(row.nodeId)) continue;
          for (const [x, y] of pixelsOf(snapOutward(row.box))) {
            if (!isMasked(result.mask, x + 0.5, y + 0.5)) {
              throw new Error(`pixel ${x},${y} of untrusted row ${row.nodeId} (${row.source}) is visible`);
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("F is disjoint, inside the screenshot, and everything outside trusted rows is masked", () => {
    fc.assert(
      fc.property(pageWithRulesArb, optionsArb, ({ page, rules }, options) => {
        const result = guardPage(page, rules, options);
        const { width, height } = SCREEN;
        const covered = new Uint8Array(width * height);
        for (const rect of result.mask) {
          expect(rect[0] >= 0 && rect[1] >= 0 && rect[0] + rect[2] <= width && rect[1] + rect[3] <= height).toBe(true);
          for (const [x, y] of pixelsOf(rect)) {
            if (covered[y * width + x]! > 0) throw new Error(`pixel ${x},${y} in two rectangles`);
            covered[y * width + x] = 1;
          }
        }
        // Default deny: a visible pixel must lie wholly inside some trusted, on-screen row's box.
        const allowed = new Uint8Array(width * height);
        for (const row of result.rows) {
          if (row.verdict !== "trusted") continue;
          const [bx, by, bw, bh] = row.box;
          for (let y = Math.max(0, Math.ceil(by)); y + 1 <= Math.min(height, by + bh); y++) {
            for (let x = Math.max(0, Math.ceil(bx)); x + 1 <= Math.min(width, bx + bw); x++) allowed[y * width + x] = 1;
          }
        }
        for (let p = 0; p < width * height; p++) {
          if (covered[p] === 0 && allowed[p] === 0)
            throw new Error(`pixel ${p % width},${Math.floor(p / width)} is visible but inside no trusted row`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("forced rows (opaque frame, truncated region, no URL) are never trusted", () => {
    fc.assert(
      fc.property(pageWithRulesArb, optionsArb, ({ page, rules }, options) => {
        const model = buildPageModel(CapturedPageSchema.parse(page));
        const result = guardPage(page, rules, options);
        for (const row of model.rows) {
          if (row.forced !== null) expect(result.rows[row.index]!.verdict).toBe("untrusted");
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("properties: safety checks only mask, exceptions only unmask", () => {
  const verdictArb = (length: number) =>
    fc
      .array(fc.boolean(), { minLength: length, maxLength: length })
      .map((flags) =>
        flags.map<Verdict>((trusted) =>
          trusted
            ? { verdict: "trusted", source: "rule#0", container: "n0" }
            : { verdict: "untrusted", source: "default", container: null },
        ),
      );

  it("the coverage cap only removes grants", () => {
    fc.assert(
      fc.property(pageWithRulesArb, optionsArb, ({ page: raw, rules }, options) => {
        const context = contextFor(CapturedPageSchema.parse(raw), rules, options.userIdentity);
        const capped: RuleContext = { ...context, dropped: coverageCap(context).dropped };
        for (const node of context.model.tree.ordered) {
          if (resolveVerdict(node.id, capped).verdict === "trusted") expect(resolveVerdict(node.id, context).verdict).toBe("trusted");
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("containment and echo demotion never turn an untrusted verdict trusted", () => {
    fc.assert(
      fc.property(
        pageArb.chain((raw) => {
          const page = CapturedPageSchema.parse(raw);
          const ids = page.nodes.map((node) => node.id);
          return fc.tuple(
            fc.constant(page),
            fc.array(fc.record({ trusted: fc.boolean(), container: fc.constantFrom(...ids) }), {
              minLength: ids.length,
              maxLength: ids.length,
            }),
            fc.array(fc.constantFrom("Home", "home page", "alice", "zz", "Reply now", "12 comments", ""), {
              minLength: ids.length,
              maxLength: ids.length,
            }),
          );
        }),
        ([page, picks, texts]) => {
          const model = buildPageModel(page);
          const ids = model.tree.ordered.map((node) => node.id);
          const input = picks
            .slice(0, ids.length)
            .map<Verdict>((pick) =>
              pick.trusted
                ? { verdict: "trusted", source: "rule#0", container: pick.container }
                : { verdict: "untrusted", source: "default", container: null },
            );
          const contained = applyContainment(model, ids, input);
          const echoed = applyEchoDemotion(texts.slice(0, ids.length), input);
          input.forEach((verdict, i) => {
            if (verdict.verdict === "untrusted") {
              expect(contained[i]).toBe(verdict);
              expect(echoed[i]).toBe(verdict);
            }
            if (contained[i]!.verdict === "trusted") expect(contained[i]).toBe(verdict);
            if (echoed[i]!.verdict === "trusted") expect(echoed[i]).toBe(verdict);
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("exceptions never turn a trusted verdict untrusted", () => {
    fc.assert(
      fc.property(
        pageArb.chain((raw) => {
          const page = CapturedPageSchema.parse(raw);
          const model = buildPageModel(page);
          return fc.tuple(fc.constant(model), verdictArb(model.rows.length), fc.subarray(model.rows.map((row) => row.index)));
        }),
        ([model, input, consent]) => {
          const out = applyExceptions(
            {
              model,
              consentRows: new Set(consent),
              owned: ownedFilesFrom(["/home/u/Home", "/x/alice"]),
              // Every row in a file listing: the most an exception could release.
              fileListingRows: new Set(model.rows.map((row) => row.index)),
              // And every row vouched for by the host: the terminal exception at its widest.
              hostTrusted: new Set(model.rows.map((row) => row.id)),
            },
            input,
          );
          input.forEach((verdict, i) => {
            if (verdict.verdict === "trusted") expect(out[i]).toBe(verdict);
            if (out[i]!.verdict === "trusted" && verdict.verdict === "untrusted") {
              expect(["consent", "capacity", "file", "terminal"]).toContain(out[i]!.source);
              expect(model.rows[i]!.forced).toBeNull();
            }
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("the pipeline keeps the exceptions' guarantee: an exception that claims any rows cannot mask one or show a forced one", () => {
    fc.assert(
      fc.property(
        pageArb.chain((raw) => {
          const model = buildPageModel(CapturedPageSchema.parse(raw));
          const claims = fc.array(fc.integer({ min: -2, max: model.rows.length + 2 }), { maxLength: 3 * model.rows.length + 3 });
          return fc.tuple(fc.constant(model), verdictArb(model.rows.length), claims, fc.boolean());
        }),
        ([model, input, claimed, ablated]) => {
          const rogue: GuardException = { source: "capacity", ablation: "capacity-grammars", releases: () => claimed };
          const inputs = {
            model,
            consentRows: new Set<number>(),
            owned: ownedFilesFrom([]),
            fileListingRows: new Set<number>(),
            hostTrusted: new Set<string>(),
          };
          const out = applyExceptions(inputs, input, new Set(ablated ? (["capacity-grammars"] as const) : []), [rogue]);
          expect(out).toHaveLength(input.length);
          input.forEach((verdict, i) => {
            const released = !ablated && claimed.includes(i) && verdict.verdict === "untrusted" && model.rows[i]!.forced === null;
            expect(out[i]).toEqual(released ? { verdict: "trusted", source: "capacity", container: null } : verdict);
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("guardPage's final trusted rows are a subset of what the rules and exceptions alone would grant", () => {
    fc.assert(
      fc.property(pageWithRulesArb, ({ page: raw, rules }) => {
        const page = CapturedPageSchema.parse(raw);
        const context = contextFor(page, rules);
        const result = guardPage(page, rules);
        const model = context.model;
        const unchecked = model.rows.map((row) => resolveVerdict(row.id, context));
        const ceiling = applyExceptions(
          {
            model,
            consentRows: new Set(model.rows.filter((row) => unchecked[row.index]!.source === "consent").map((row) => row.index)),
            owned: ownedFilesFrom([]),
            fileListingRows: new Set(),
            hostTrusted: new Set<string>(),
          },
          unchecked,
        );
        result.rows.forEach((row, i) => {
          if (row.verdict === "trusted") expect(ceiling[i]!.verdict).toBe("trusted");
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe("properties: rectangle algebra is exact", () => {
  const rectArb = fc.tuple(
    fc.integer({ min: -3, max: 20 }),
    fc.integer({ min: -3, max: 20 }),
    fc.integer({ min: 0, max: 12 }),
    fc.integer({ min: 0, max: 12 }),
  ) as fc.Arbitrary<Rect>;
  it("subtractRects covers exactly the pixels in A and not in B", () => {
    fc.assert(
      fc.property(fc.array(rectArb, { maxLength: 6 }), fc.array(rectArb, { maxLength: 6 }), (a, b) => {
        const out = subtractRects(a, b);
        const inside = (rects: Rect[], x: number, y: number) =>
          rects.some((r) => x >= r[0] && x < r[0] + r[2] && y >= r[1] && y < r[1] + r[3]);
        for (let y = -4; y < 34; y++) {
          for (let x = -4; x < 34; x++) {
            const covered = out.filter((r) => x >= r[0] && x < r[0] + r[2] && y >= r[1] && y < r[1] + r[3]).length;
            const expected = inside(a, x, y) && !inside(b, x, y) ? 1 : 0;
            if (covered !== expected) throw new Error(`pixel ${x},${y}: covered ${covered} times, expected ${expected}`);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
