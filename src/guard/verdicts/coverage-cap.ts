import { isPageRule } from "../rules/rule.js";
import { type RuleContext, ruleGrant } from "./rule-context.js";

export interface DroppedRule {
  contentRootId: string;
  ruleIndex: number;
  /** Rows of the content root this rule alone would grant. */
  granted: number;
  rows: number;
}

/**
 * Safety check 1 (spec §1.8): a rule that would grant more than half of the rows of its page has
 * most likely grabbed the whole page, so it is dropped (page-scope rules are exempt). Each rule
 * is judged on the rows it alone would grant — before `except`-free siblings or earlier rules
 * take any — over every row the capture has in that content root, on- or off-screen.
 * Returns the dropped rule indexes per content root and a log for extent feedback.
 */
export function coverageCap(context: RuleContext): { dropped: Map<string, Set<number>>; log: DroppedRule[] } {
  const dropped = new Map<string, Set<number>>();
  const log: DroppedRule[] = [];
  const rowsByRoot = new Map<string, string[]>();
  for (const row of context.model.rows) {
    const list = rowsByRoot.get(row.contentRootId) ?? [];
    list.push(row.id);
    rowsByRoot.set(row.contentRootId, list);
  }
  for (const [rootId, rules] of context.rules) {
    const rowIds = rowsByRoot.get(rootId) ?? [];
    if (rowIds.length === 0) continue;
    rules.forEach((rule, k) => {
      if (isPageRule(rule)) return;
      let granted = 0;
      for (const rowId of rowIds) {
        const info = context.model.info.get(rowId)!;
        if (info.forced !== null) continue;
        if (ruleGrant(rule, `${rootId}#${k}`, info.chain, context) !== null) granted++;
      }
      if (granted * 2 > rowIds.length) {
        const set = dropped.get(rootId) ?? new Set<number>();
        set.add(k);
        dropped.set(rootId, set);
        log.push({ contentRootId: rootId, ruleIndex: k, granted, rows: rowIds.length });
      }
    });
  }
  return { dropped, log };
}
