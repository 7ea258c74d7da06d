import type { CapturedNode, CapturedPage } from "./captured-page.js";

/**
 * A capture indexed for the guard: children in order, document order, and Euler-tour intervals
 * so that "is A an ancestor of B" is two comparisons (the overlap check asks it thousands of
 * times per page).
 */
export interface PageTree {
  readonly page: CapturedPage;
  readonly root: CapturedNode;
  readonly byId: ReadonlyMap<string, CapturedNode>;
  /** Nodes in document (pre-)order. */
  readonly ordered: readonly CapturedNode[];
  children(id: string): readonly CapturedNode[];
  parent(id: string): CapturedNode | null;
  /** Position in document order. */
  order(id: string): number;
  /** True when `ancestorId` is a proper ancestor of `id`. */
  isAncestor(ancestorId: string, id: string): boolean;
  /** Root … node, inclusive. */
  chain(id: string): CapturedNode[];
}

export function buildPageTree(page: CapturedPage): PageTree {
  const byId = new Map<string, CapturedNode>();
  for (const node of page.nodes) byId.set(node.id, node);
  const childLists = new Map<string, CapturedNode[]>();
  let root: CapturedNode | undefined;
  for (const node of page.nodes) {
    if (node.parentId === null) {
      root = node;
      continue;
    }
    const list = childLists.get(node.parentId) ?? [];
    list.push(node);
    childLists.set(node.parentId, list);
  }
  if (root === undefined) throw new Error("capture has no root node");
  // `childIds`, when given, fixes the order; otherwise the order of appearance stands.
  for (const node of page.nodes) {
    if (node.childIds.length === 0) continue;
    const list = childLists.get(node.id);
    if (list === undefined) continue;
    const rank = new Map(node.childIds.map((id, i) => [id, i]));
    list.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  }

  const enter = new Map<string, number>();
  const leave = new Map<string, number>();
  const ordered: CapturedNode[] = [];
  // Iterative DFS: captures can be 50 levels deep and 5,000 nodes wide.
  const stack: Array<{ node: CapturedNode; exiting: boolean }> = [{ node: root, exiting: false }];
  let clock = 0;
  while (stack.length > 0) {
    const { node, exiting } = stack.pop()!;
    if (exiting) {
      leave.set(node.id, clock++);
      continue;
    }
    enter.set(node.id, clock++);
    ordered.push(node);
    stack.push({ node, exiting: true });
    const kids = childLists.get(node.id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, exiting: false });
  }
  const orderIndex = new Map(ordered.map((node, i) => [node.id, i]));

  return {
    page,
    root,
    byId,
    ordered,
    children: (id) => childLists.get(id) ?? [],
    parent: (id) => {
      const parentId = byId.get(id)?.parentId;
      return parentId === null || parentId === undefined ? null : (byId.get(parentId) ?? null);
    },
    order: (id) => orderIndex.get(id) ?? -1,
    isAncestor: (ancestorId, id) => {
      if (ancestorId === id) return false;
      const a0 = enter.get(ancestorId);
      const a1 = leave.get(ancestorId);
      const b0 = enter.get(id);
      if (a0 === undefined || a1 === undefined || b0 === undefined) return false;
      return a0 < b0 && b0 < a1;
    },
    chain: (id) => {
      const out: CapturedNode[] = [];
      let current = byId.get(id);
      while (current !== undefined) {
        out.push(current);
        current = current.parentId === null ? undefined : byId.get(current.parentId);
      }
      return out.reverse();
    },
  };
}
