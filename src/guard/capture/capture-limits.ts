import type { CaptureLimit } from "../captured-page.js";

/**
 * The original's walk limits (docs/design/guard.md, "Capture"): depth 50, 1,024 children per node,
 * 5,000 nodes per target. A page that exceeds them is cut, and the node whose children were cut is
 * flagged so the guard keeps the region masked (default-deny: what was not read cannot be trusted).
 */
export interface CaptureLimits {
  depth: number;
  width: number;
  nodes: number;
}

export const DEFAULT_CAPTURE_LIMITS: Readonly<CaptureLimits> = { depth: 50, width: 1024, nodes: 5000 };

export interface LimitedWalk<T> {
  /** Kept nodes in breadth-first order, each with its kept parent (null for the root). */
  kept: { node: T; parent: T | null; depth: number }[];
  /** Kept nodes whose children were not all kept. */
  truncated: Set<T>;
  limitsHit: CaptureLimit[];
}

/**
 * Breadth-first, so that when the node budget runs out the cut falls on the deepest, latest
 * regions rather than on a whole late branch of the page's top level.
 */
export function walkWithLimits<T extends { children: readonly T[] }>(root: T, limits: CaptureLimits): LimitedWalk<T> {
  const kept: LimitedWalk<T>["kept"] = [];
  const truncated = new Set<T>();
  const hit = new Set<CaptureLimit>();
  const queue: { node: T; parent: T | null; depth: number }[] = [{ node: root, parent: null, depth: 0 }];
  for (let head = 0; head < queue.length; head++) {
    const item = queue[head]!;
    if (kept.length >= limits.nodes) {
      hit.add("nodes");
      if (item.parent !== null) truncated.add(item.parent);
      continue;
    }
    kept.push(item);
    const children = item.node.children;
    if (children.length === 0) continue;
    if (item.depth >= limits.depth) {
      hit.add("depth");
      truncated.add(item.node);
      continue;
    }
    if (children.length > limits.width) {
      hit.add("width");
      truncated.add(item.node);
    }
    for (const child of children.slice(0, limits.width)) queue.push({ node: child, parent: item.node, depth: item.depth + 1 });
  }
  const order: CaptureLimit[] = ["depth", "width", "nodes"];
  return { kept, truncated, limitsHit: order.filter((limit) => hit.has(limit)) };
}
