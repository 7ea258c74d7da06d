import type { CapturedPage } from "../captured-page.js";
import { guardPage } from "../guard-page.js";
import { buildPageModel } from "../rows/page-model.js";
import { matchPathRule } from "../rules/match-rule.js";
import { isPageRule, isPathRule, type Rule } from "../rules/rule.js";

/**
 * What one proposed rule covers on the page, in counts only
 * (docs/design/rule-proposal.md, "The four calls"): the proposer learns the extent of its rules
 * without reading a word of the page. Nothing here holds text, an id or a class the proposer did
 * not write itself.
 */
export interface RuleExtent {
  rule: number;
  /** Rows of the main document this rule alone would grant, by normalised role. */
  rows_by_role: Record<string, number>;
  rows: number;
  /** Distinct ancestor chains (role, id, class from the granted container down to the row's parent) among those rows. */
  ancestor_signatures: number;
  /** `rows` over the main document's rows a rule could grant (0–1, two decimals). */
  share_of_page: number;
  /** The safety checks on this rule alone: dropped by the coverage cap, or rows demoted by containment and echo. */
  coverage_cap: "kept" | "dropped";
  demoted_by_checks: number;
}

/** Per-rule extents of a rule list on a capture (page-scope rules cover the whole page by definition). */
export function ruleExtents(page: CapturedPage, rules: readonly Rule[]): RuleExtent[] {
  const model = buildPageModel(page);
  const main = model.contentRoots.find((root) => root.isMain);
  const rows = model.rows.filter((row) => row.forced === null && row.contentRootId === main?.node.id);
  return rules.map((rule, index) => {
    const byRole: Record<string, number> = {};
    const signatures = new Set<string>();
    let granted = 0;
    if (isPathRule(rule)) {
      for (const row of rows) {
        const chain = model.info.get(row.id)!.chain;
        const container = matchPathRule(rule, chain);
        if (container === null) continue;
        granted++;
        byRole[row.role] = (byRole[row.role] ?? 0) + 1;
        signatures.add(
          chain
            .slice(container, -1)
            .map((node) => `${node.rawRole}#${node.domId ?? ""}.${node.classes.join(".")}`)
            .join(">"),
        );
      }
    } else if (isPageRule(rule) && rule.verdict === "trusted") {
      granted = rows.length;
      for (const row of rows) byRole[row.role] = (byRole[row.role] ?? 0) + 1;
    }
    const alone = guardPage(page, [rule]);
    const dropped = alone.droppedRules.some((drop) => drop.main);
    const trustedAlone = alone.rows.filter((row) => row.verdict === "trusted" && row.source.startsWith("rule#")).length;
    const pageTrusted = alone.rows.filter((row) => row.verdict === "trusted" && row.source === "page").length;
    return {
      rule: index,
      rows_by_role: Object.fromEntries(Object.entries(byRole).sort(([a], [b]) => a.localeCompare(b))),
      rows: granted,
      ancestor_signatures: signatures.size,
      share_of_page: rows.length === 0 ? 0 : Math.round((granted / rows.length) * 100) / 100,
      coverage_cap: dropped ? "dropped" : "kept",
      demoted_by_checks: dropped ? 0 : Math.max(0, granted - trustedAlone - pageTrusted),
    };
  });
}
