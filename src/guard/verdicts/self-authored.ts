import type { CapturedNode } from "../captured-page.js";
import type { PageTree } from "../page-tree.js";
import { identifierMatches } from "../rules/match-rule.js";
import type { SelfRule } from "../rules/rule.js";

/** Identity comparison: NFC and trimmed, otherwise exact (no case folding: `Alice` ≠ `alice`). */
export function sameIdentity(a: string, b: string): boolean {
  return a.normalize("NFC").trim() === b.normalize("NFC").trim() && a.trim() !== "";
}

function bylineText(tree: PageTree, node: CapturedNode): string {
  if (node.name.trim() !== "") return node.name;
  if (node.text.trim() !== "") return node.text;
  const parts: string[] = [];
  const stack = [...tree.children(node.id)].reverse();
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.role === "text" && !next.ignored) parts.push(next.name.trim() !== "" ? next.name : next.text);
    stack.push(...[...tree.children(next.id)].reverse());
  }
  return parts.join("").replace(/\s+/g, " ");
}

/**
 * Resolves a self-authored rule (docs/design/guard.md, "Self-authored content") for one node: the
 * innermost container around it that matches `rule.container` is granted when exactly one
 * `rule.byline` node sits inside that container but outside any nested container, and its text is
 * the declared identity. Nested containers (replies under the user's comment) are judged on their
 * own byline, so a stranger's reply inside the user's thread stays masked. Returns the index in
 * `chain` of the container.
 */
export function matchSelfRule(
  rule: SelfRule,
  chain: readonly CapturedNode[],
  tree: PageTree,
  identity: string | null,
  cache: Map<string, boolean>,
): number | null {
  if (identity === null || identity.trim() === "") return null;
  let container = -1;
  for (let q = chain.length - 1; q >= 0; q--) {
    if (identifierMatches(rule.container, chain[q]!)) {
      container = q;
      break;
    }
  }
  if (container < 0) return null;
  const containerNode = chain[container]!;
  let ok = cache.get(containerNode.id);
  if (ok === undefined) {
    const bylines: CapturedNode[] = [];
    const stack = [...tree.children(containerNode.id)];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (identifierMatches(rule.container, node)) continue;
      if (identifierMatches(rule.byline, node)) bylines.push(node);
      stack.push(...tree.children(node.id));
    }
    ok = bylines.length === 1 && sameIdentity(bylineText(tree, bylines[0]!), identity);
    cache.set(containerNode.id, ok);
  }
  return ok ? container : null;
}
