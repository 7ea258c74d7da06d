/**
 * The audit is remove-only: whatever an audit answers, an accepted answer is the audited list
 * with rules left out — never a new rule, an edited one, a reordering or a repeat. Checked as a
 * property over random answers built from the audited rules, edits of them and strangers; a
 * diff that compares rules by note only (a plausible shortcut) fails it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../src/core/index.js";
import { auditDiff } from "../../../src/guard/propose/audit-diff.js";
import { parseRuleSet } from "../../../src/guard/rules/parse-rule-set.js";
import type { Rule, RuleSet } from "../../../src/guard/rules/rule.js";

const path = (role: string, note: string, extra: Record<string, unknown> = {}): Rule =>
  parseRuleSet([{ ancestor_path: [{ role }], verdict: "trusted", note, ...extra }])[0]!;
const POOL: Rule[] = [
  path("banner", "site header"),
  path("contentinfo", "site footer"),
  path("navigation", "main menu"),
  path("article", "site header"), // a stranger that borrows a kept rule's note
  path("banner", "site header", { own_role: "link" }), // an edit that widens nothing but is not the same rule
  path("main", "the page"),
];

/** Accepted answers keep audited rules only, in order, once each. */
function removeOnly(proposed: RuleSet, answer: readonly Rule[], accept: typeof auditDiff): boolean {
  const result = accept(proposed, answer);
  if (!result.ok) return true;
  const keys = proposed.map((rule) => canonicalJson(rule));
  const kept = answer.map((rule) => keys.indexOf(canonicalJson(rule)));
  return kept.every((index, i) => index !== -1 && (i === 0 || index > kept[i - 1]!)) && result.kept.join() === kept.join();
}

const caseArb = fc.record({
  proposed: fc.uniqueArray(fc.constantFrom(...POOL.slice(0, 3)), { minLength: 1, maxLength: 3 }),
  answer: fc.array(fc.constantFrom(...POOL), { maxLength: 4 }),
});

/** The shortcut: a kept rule counts as audited when some audited rule has the same note. */
const byNote: typeof auditDiff = (proposed, answered) => {
  const notes = proposed.map((rule) => ("note" in rule ? rule.note : ""));
  const kept = answered.map((rule) => notes.indexOf((rule as { note?: string }).note ?? ""));
  return kept.includes(-1) ? { ok: false, problem: "unknown note" } : { ok: true, kept };
};

describe("auditDiff", () => {
  it("accepts only the audited rules with some left out, whatever the answer", () => {
    fc.assert(
      fc.property(caseArb, ({ proposed, answer }) => removeOnly(proposed, answer, auditDiff)),
      { numRuns: 500 },
    );
  });

  it("a diff by note alone lets an audit add a rule under a borrowed note", () => {
    expect(
      fc.check(
        fc.property(caseArb, ({ proposed, answer }) => removeOnly(proposed, answer, byNote)),
        { numRuns: 500 },
      ).failed,
    ).toBe(true);
  });

  it("names what was wrong: a new rule, a reordering", () => {
    const [header, footer] = [POOL[0]!, POOL[1]!];
    expect(auditDiff([header, footer], [footer])).toEqual({ ok: true, kept: [1] });
    expect(auditDiff([header, footer], [POOL[4]!])).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/not one of the audited rules/),
    });
    expect(auditDiff([header, footer], [footer, header])).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/repeats or reorders/),
    });
    expect(auditDiff([header], [header, header])).toMatchObject({ ok: false });
  });
});
