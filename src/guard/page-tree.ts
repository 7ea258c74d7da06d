import type { CapturedNode, CapturedPage } from "./captured-page.js";

/**
 * A capture indexed for the guard: children in order, document order, and subtree intervals
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
    if (list === undefined || inListedOrder(list, node.childIds)) continue;
    const rank = new Map(node.childIds.map((id, i) => [id, i]));
    list.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  }

  // Pre-order numbering: a node's subtree is the run of orders after its own up to `last`, so
  // "is A an ancestor of B" is two comparisons, with two arrays instead of two maps of ids.
  const ordered: CapturedNode[] = [];
  const orderIndex = new Map<string, number>();
  // Iterative DFS: captures can be 50 levels deep and 5,000 nodes wide.
  const stack: CapturedNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    orderIndex.set(node.id, ordered.length);
    ordered.push(node);
    const kids = childLists.get(node.id);
    if (kids !== undefined) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  const last = new Int32Array(ordered.length);
  for (let i = ordered.length - 1; i >= 0; i--) {
    if (last[i]! < i) last[i] = i;
    const parentId = ordered[i]!.parentId;
    const parent = parentId === null ? undefined : orderIndex.get(parentId);
    if (parent !== undefined && last[parent]! < last[i]!) last[parent] = last[i]!;
  }

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
      const a = orderIndex.get(ancestorId);
      const b = orderIndex.get(id);
      if (a === undefined || b === undefined) return false;
      return a < b && b <= last[a]!;
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

/**
 * The children already stand in `childIds` order: sorting by rank would leave them as they are.
 * A capture from `capturePage` always lists children in order of appearance, and a map of ranks
 * per parent was a tenth of what building this tree allocated at 2,000 nodes.
 */
function inListedOrder(list: readonly CapturedNode[], childIds: readonly string[]): boolean {
  if (list.length !== childIds.length) return false;
  for (let i = 0; i < list.length; i++) if (list[i]!.id !== childIds[i]) return false;
  return true;
}
