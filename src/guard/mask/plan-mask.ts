import { clipRect, type Rect, snapInward, snapOutward } from "../geometry/rect.js";
import type { PageModel } from "../rows/page-model.js";
import type { Verdict } from "../verdicts/verdict.js";
import type { MaskPlan, RevealedRect } from "./compose-mask.js";
import { GridIndex } from "./grid-index.js";

interface Overlapper {
  id: string;
  rect: Rect;
  /** Rows and leaves are drawn content: they win over a trusted row whatever the paint order. */
  content: boolean;
  paintOrder: number | null;
}

/**
 * The geometric layer of the mask (docs/design/guard.md, "The mask"): decides what is copied back
 * over the default mask from layout boxes. Every trusted, on-screen row (and every live reveal) is
 * revealed except where a box of an unrelated branch that is not trusted overlaps it:
 * - an untrusted row or leaf (drawn content — text, image, empty slot, aria-hidden drawing)
 *   always wins, so every untrusted row's box lies inside F;
 * - any other untrusted container (a background, a border) wins unless the capture's paint order
 *   proves it was painted before the row. This is the seed's own stacking-order idea
 *   (`st:stackorder`) moved inside the page: a trusted cookie banner or sticky header painted
 *   over the page's big untrusted wrappers is not cut by them.
 * Ancestors of a row never win over it, and nothing inside a row (folded into it) does. Off-screen
 * nodes (scrolled out of their container) win over nothing. What boxes cannot tell — paint beyond
 * a box (shadows, filters, strokes), paint under a row, ancestry that is not what it seems — is
 * the differential check's (`differential-check.ts`): it compares what this layer reveals with a
 * render in which nothing outside the revealed rows paints, and masks any row that differs.
 */
export function planMask(
  model: PageModel,
  rowVerdicts: readonly Verdict[],
  nodeVerdicts: ReadonlyMap<string, Verdict>,
  reveals: ReadonlySet<string> = new Set(),
): MaskPlan {
  const { screen, tree, info } = model;
  const masked = model.contentRoots.flatMap((root) => (root.rect === null ? [] : [root.rect]));

  const shown = (rowIndex: number): boolean => {
    const row = model.rows[rowIndex]!;
    if (row.forced !== null) return false;
    return rowVerdicts[rowIndex]?.verdict === "trusted" || reveals.has(row.id);
  };
  const paintTrusted = (nodeId: string): boolean => {
    const nodeInfo = info.get(nodeId);
    if (nodeInfo === undefined || nodeInfo.forced !== null) return false;
    if (nodeInfo.rowIndex !== null) return shown(nodeInfo.rowIndex);
    if (nodeInfo.foldedInto !== null) {
      const host = info.get(nodeInfo.foldedInto);
      return host?.rowIndex != null ? shown(host.rowIndex) : false;
    }
    return nodeVerdicts.get(nodeId)?.verdict === "trusted";
  };

  const grid = new GridIndex<Overlapper>(screen.width, screen.height);
  for (const node of tree.ordered) {
    if (node.box === null || paintTrusted(node.id)) continue;
    if (node.box[2] <= 0 || node.box[3] <= 0 || node.offscreen) continue;
    const rect = clipRect(snapOutward(node.box), screen.width, screen.height);
    if (rect === null) continue;
    const nodeInfo = info.get(node.id);
    const content =
      nodeInfo === undefined || nodeInfo.rowIndex !== null || nodeInfo.foldedInto !== null || tree.children(node.id).length === 0;
    grid.insert(rect, { id: node.id, rect, content, paintOrder: node.paintOrder });
  }

  // Ancestry is the layout's: a node that owns the row by `aria-owns` is not its ancestor here.
  const reparented = tree.ordered.some((node) => node.layoutParentId !== null);
  const ancestorsOf = (rowId: string): Set<string> => {
    const nodeInfo = info.get(rowId)!;
    return new Set([...tree.chain(nodeInfo.contentRootId), ...nodeInfo.chain].map((node) => node.id));
  };
  const revealed: RevealedRect[] = [];
  for (const row of model.rows) {
    if (!shown(row.index) || row.offscreen) continue;
    const rect = clipRect(snapInward(row.box), screen.width, screen.height);
    if (rect === null) continue;
    const minus: Rect[] = [];
    const ancestors = reparented ? ancestorsOf(row.id) : null;
    for (const other of grid.query(rect)) {
      const isAncestor = ancestors === null ? tree.isAncestor(other.id, row.id) : ancestors.has(other.id);
      if (other.id === row.id || isAncestor || tree.isAncestor(row.id, other.id)) continue;
      if (!other.content) {
        const mine = row.node.paintOrder;
        if (other.paintOrder !== null && mine !== null && other.paintOrder < mine) continue;
      }
      minus.push(other.rect);
    }
    revealed.push({ rowId: row.id, rect, minus });
  }
  return { screen, masked, revealed };
}
