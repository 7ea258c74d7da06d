import type { CapturedNode } from "../captured-page.js";
import type { PageModel } from "../rows/page-model.js";
import { matchPathRule } from "../rules/match-rule.js";
import { isPageRule, isPathRule, isSelfRule, type PageRule, type Rule, type RuleSet } from "../rules/rule.js";
import { matchSelfRule } from "./self-authored.js";

/** Everything verdict resolution needs besides the node: rules per content root, banners, identity. */
export interface RuleContext {
  model: PageModel;
  /** The rule set that applies inside each content root (by the root's node id). */
  rules: ReadonlyMap<string, RuleSet>;
  /** Indexes of rules dropped by the coverage cap, per content root. */
  dropped: ReadonlyMap<string, ReadonlySet<number>>;
  consentContainers: ReadonlySet<string>;
  userIdentity: string | null;
  /** Memo of self-rule container decisions, keyed by rule index and container id. */
  selfCache: Map<string, Map<string, boolean>>;
}

export function pageRuleOf(context: RuleContext, contentRootId: string): PageRule | null {
  const rules = context.rules.get(contentRootId) ?? [];
  return rules.length === 1 && isPageRule(rules[0]!) ? rules[0] : null;
}

/**
 * The container (index in `chain`) a grant rule gives this node, or null. Page-scope rules are
 * not grants of this kind and return null. The rule is rule `ruleIndex` of content root `rootId`.
 */
export function ruleGrant(
  rule: Rule,
  rootId: string,
  ruleIndex: number,
  chain: readonly CapturedNode[],
  context: RuleContext,
): number | null {
  if (isPathRule(rule)) return matchPathRule(rule, chain);
  if (isSelfRule(rule)) {
    // Keyed here, not by the caller: building the key for every node and rule was a string per call.
    const ruleKey = `${rootId}#${ruleIndex}`;
    let cache = context.selfCache.get(ruleKey);
    if (cache === undefined) {
      cache = new Map();
      context.selfCache.set(ruleKey, cache);
    }
    return matchSelfRule(rule, chain, context.model.tree, context.userIdentity, cache);
  }
  return null;
}
