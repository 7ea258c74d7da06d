import { isPageRule } from "../rules/rule.js";
import { type RuleContext, ruleGrant } from "./rule-context.js";

export interface DroppedRule {
  contentRootId: string;
  /** The main document's content root (rather than a child frame's): what `keepDropped` carries over. */
  main: boolean;
  ruleIndex: number;
  /** Rows of the content root this rule alone would grant. */
  granted: number;
  /** Rows of the content root a rule could grant (forced rows — opaque, truncated, no URL — are not). */
  rows: number;
}

/**
 * Safety check 1 (docs/design/guard.md, "Safety checks"): a rule that would grant more than half of
 * the rows of its page has most likely grabbed the whole page, so it is dropped (page-scope rules
 * are exempt). Each rule is judged on the rows it alone would grant — before `except`-free siblings
 * or earlier rules take any — over every row the capture has in that content root, on- or
 * off-screen, that a rule could grant at all: forced rows (an opaque frame, a truncated region)
 * would otherwise pad the denominator and loosen the cap. Rules in `keepDropped` (dropped on an
 * earlier capture of the same page template, docs/design/guard.md, "Safety checks") stay dropped in
 * the main document whatever this capture shows: scrolling a virtualised list must not re-admit
 * them. Returns the dropped rule indexes per content root and a log of the rules dropped by this
 * capture.
 */
export function coverageCap(
  context: RuleContext,
  keepDropped: ReadonlySet<number> = new Set(),
): { dropped: Map<string, Set<number>>; log: DroppedRule[] } {
  const dropped = new Map<string, Set<number>>();
  const log: DroppedRule[] = [];
  const mainRoot = context.model.contentRoots.find((root) => root.isMain)?.node.id;
  if (mainRoot !== undefined && keepDropped.size > 0) dropped.set(mainRoot, new Set(keepDropped));
  const rowsByRoot = new Map<string, string[]>();
  for (const row of context.model.rows) {
    if (row.forced !== null) continue;
    const list = rowsByRoot.get(row.contentRootId) ?? [];
    list.push(row.id);
    rowsByRoot.set(row.contentRootId, list);
  }
  for (const [rootId, rules] of context.rules) {
    const rowIds = rowsByRoot.get(rootId) ?? [];
    if (rowIds.length === 0) continue;
    rules.forEach((rule, k) => {
      if (isPageRule(rule) || dropped.get(rootId)?.has(k)) return;
      let granted = 0;
      for (const rowId of rowIds) {
        const info = context.model.info.get(rowId)!;
        if (ruleGrant(rule, rootId, k, info.chain, context) !== null) granted++;
      }
      if (granted * 2 > rowIds.length) {
        const set = dropped.get(rootId) ?? new Set<number>();
        set.add(k);
        dropped.set(rootId, set);
        log.push({ contentRootId: rootId, main: rootId === mainRoot, ruleIndex: k, granted, rows: rowIds.length });
      }
    });
  }
  return { dropped, log };
}
