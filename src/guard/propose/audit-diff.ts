import { canonicalJson } from "../../core/index.js";
import type { RuleSet } from "../rules/rule.js";

/**
 * The host's remove-only check on an audit answer (docs/design/rule-proposal.md, "The four calls"):
 * the audit reads page text, so its authority over trust must be monotone. The answer is accepted
 * only when it is the input list with some rules left out: every kept rule identical (canonical
 * JSON) to an input rule, in the input's order, none twice. Anything else — a new rule, an edited
 * one, a reordering — is rejected, and a rejected audit counts as an invalid reply (fail closed:
 * the page stays masked).
 */
export type AuditDiff = { ok: true; kept: number[] } | { ok: false; problem: string };

export function auditDiff(proposed: RuleSet, answered: readonly unknown[]): AuditDiff {
  const keys = proposed.map((rule) => canonicalJson(rule));
  const kept: number[] = [];
  let from = 0;
  for (const [position, rule] of answered.entries()) {
    const key = canonicalJson(rule);
    const index = keys.indexOf(key, from);
    if (index === -1) {
      const anywhere = keys.indexOf(key);
      return {
        ok: false,
        problem:
          anywhere === -1
            ? `rule ${position} of the answer is not one of the audited rules (an audit may only remove rules)`
            : `rule ${position} of the answer repeats or reorders audited rule ${anywhere}`,
      };
    }
    kept.push(index);
    from = index + 1;
  }
  return { ok: true, kept };
}
