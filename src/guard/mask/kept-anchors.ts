import type { CapturedNode } from "../captured-page.js";
import type { Rect } from "../geometry/rect.js";
import type { PageModel } from "../rows/page-model.js";
import type { Verdict } from "../verdicts/verdict.js";

/** What the second render keeps painting: a node (its subtree untouched), how its ancestors paint, what it shows. */
export interface KeptAnchor {
  node: CapturedNode;
  ancestorPaint: "trusted" | "flat";
  shown: readonly Rect[];
}

interface RevealedInput {
  rowId: string;
  node: CapturedNode;
  shown: readonly Rect[];
  ancestorPaint: "trusted" | "flat";
}

/**
 * The nodes the second render keeps, as few as it can: a granted container whose whole layout
 * subtree is trusted (every node's verdict, every row's final verdict, no frame inside) is one
 * anchor for all its rows, instead of one per row. Each anchor costs a DevTools call to resolve
 * (about a millisecond of this process's CPU over Playwright), and a header or a sidebar holds
 * dozens of rows. Anything less than a clean subtree keeps its rows one by one: an untrusted node
 * inside a kept subtree would paint in both renders and never be compared.
 */
export function keptAnchors(
  model: PageModel,
  finalVerdicts: readonly Verdict[],
  nodeVerdicts: ReadonlyMap<string, Verdict>,
  revealed: readonly RevealedInput[],
): KeptAnchor[] {
  const verdictOfRow = new Map(model.rows.map((row) => [row.id, finalVerdicts[row.index]!]));
  // Every node above something not trusted (in the layout) is not a clean container.
  const dirty = new Set<string>();
  for (const node of model.tree.ordered) {
    const rowVerdict = verdictOfRow.get(node.id);
    const trusted = (rowVerdict ?? nodeVerdicts.get(node.id))?.verdict === "trusted";
    const frameRoot = node.role === "document_web" && node.parentId !== null;
    if (trusted && !frameRoot) continue;
    const chain = model.info.get(node.id)?.chain ?? [];
    for (const above of chain) if (above.id !== node.id) dirty.add(above.id);
    // A frame's document starts a chain of its own: what holds the frame is above it in the tree.
    if (frameRoot) for (const above of model.tree.chain(node.id)) dirty.add(above.id);
  }
  const out: KeptAnchor[] = [];
  const byContainer = new Map<string, { node: CapturedNode; shown: Rect[] }>();
  for (const row of revealed) {
    const container = verdictOfRow.get(row.rowId)?.container ?? null;
    const holder = container === null ? undefined : model.tree.byId.get(container);
    const element =
      holder !== undefined &&
      holder.backendNodeId !== null &&
      holder.tag !== null &&
      !holder.tag.startsWith("#") &&
      !holder.tag.startsWith("::");
    if (row.ancestorPaint !== "trusted" || holder === undefined || !element || dirty.has(holder.id)) {
      out.push({ node: row.node, ancestorPaint: row.ancestorPaint, shown: row.shown });
      continue;
    }
    const group = byContainer.get(holder.id) ?? { node: holder, shown: [] };
    group.shown.push(...row.shown);
    byContainer.set(holder.id, group);
  }
  for (const { node, shown } of byContainer.values()) out.push({ node, ancestorPaint: "trusted", shown });
  return out;
}
