import { isSelfRule } from "../rules/rule.js";
import { pageRuleOf, type RuleContext, ruleGrant } from "./rule-context.js";
import { UNTRUSTED_DEFAULT, type Verdict } from "./verdict.js";

/**
 * The verdict order for one node (docs/design/guard.md, "Verdict order"): (1) the consent-banner
 * allowlist, (2) the page-scope rule, (3) the rules in order, first match wins, (4) untrusted. Step
 * (2) is read as the page-scope rule, never as "the document title": titles carry attacker text on
 * forums and issue trackers. A page-scope `untrusted` rule (a self-published page, whose operator
 * is the author) also switches the consent allowlist off, because there the banner's id is the
 * attacker's to choose. Forced nodes (opaque frame, truncated region, document without URL) are
 * untrusted before any step.
 */
export function resolveVerdict(nodeId: string, context: RuleContext): Verdict {
  const info = context.model.info.get(nodeId);
  if (info === undefined) return UNTRUSTED_DEFAULT;
  if (info.forced !== null) return { verdict: "untrusted", source: info.forced, container: null };
  const pageRule = pageRuleOf(context, info.contentRootId);

  if (pageRule?.verdict !== "untrusted") {
    for (let q = info.chain.length - 1; q >= 0; q--) {
      const node = info.chain[q]!;
      if (context.consentContainers.has(node.id)) return { verdict: "trusted", source: "consent", container: node.id };
    }
  }
  if (pageRule !== null) return { verdict: pageRule.verdict, source: "page", container: null };

  const rules = context.rules.get(info.contentRootId) ?? [];
  const dropped = context.dropped.get(info.contentRootId);
  for (let k = 0; k < rules.length; k++) {
    if (dropped?.has(k)) continue;
    const rule = rules[k]!;
    const container = ruleGrant(rule, info.contentRootId, k, info.chain, context);
    if (container !== null) {
      return { verdict: "trusted", source: isSelfRule(rule) ? "self" : `rule#${k}`, container: info.chain[container]!.id };
    }
  }
  return UNTRUSTED_DEFAULT;
}
