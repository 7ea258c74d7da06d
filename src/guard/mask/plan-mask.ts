import { clipRect, type Rect, snapInward, snapOutward } from "../geometry/rect.js";
import type { PageModel } from "../rows/page-model.js";
import type { Verdict } from "../verdicts/verdict.js";
import type { MaskPlan } from "./compose-mask.js";
import { GridIndex } from "./grid-index.js";

interface Overlapper {
  id: string;
  rect: Rect;
  /** Rows, leaves and image or shadow paint are drawn content: they win over a trusted row whatever the paint order. */
  content: boolean;
  paintOrder: number | null;
}

/**
 * Decides what is copied back over the default mask (spec §1.12). Every trusted, on-screen row
 * (and every live reveal) is revealed except where a box of an unrelated branch that is not
 * trusted overlaps it:
 * - an untrusted row or leaf (drawn content — text, image, empty slot, aria-hidden drawing)
 *   always wins, so every untrusted row's box lies inside F;
 * - where an untrusted node paints an image or a shadow of its own (a background image, a border
 *   image, a box shadow, which may reach beyond its box), it always wins too: those pixels take
 *   any shape the page chooses, and painted under a trusted row they would show between its
 *   glyphs (the mask wins, spec §5.1 item 3);
 * - any other untrusted container (a plain background colour, a border) wins unless the capture's
 *   paint order proves it was painted before the row. This is the seed's own stacking-order idea
 *   (`st:stackorder`) moved inside the page: a trusted cookie banner or sticky header painted
 *   over the page's big untrusted wrappers is not masked by them — flat colour and lines under a
 *   row draw no text.
 * Ancestors of a row never win over it ("a trusted row inside an untrusted ancestor keeps its
 * own pixels"), and nothing inside a row (folded into it) does. Off-screen nodes (the capture found
 * nothing of their box that can paint: scrolled out of their container) win over nothing with
 * their box, but still do with what they paint beyond it (`shapeBox`).
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
    // Its own images and shadows, and copies of its text moved by effects, which may reach beyond
    // its box, win like drawn content — even when the box itself is empty or off-screen.
    const shapes = node.shapeBox === null ? null : clipRect(snapOutward(node.shapeBox), screen.width, screen.height);
    if (shapes !== null) grid.insert(shapes, { id: node.id, rect: shapes, content: true, paintOrder: node.paintOrder });
    if (node.box[2] <= 0 || node.box[3] <= 0 || node.offscreen) continue;
    const rect = clipRect(snapOutward(node.box), screen.width, screen.height);
    if (rect === null) continue;
    const nodeInfo = info.get(node.id);
    const content =
      nodeInfo === undefined || nodeInfo.rowIndex !== null || nodeInfo.foldedInto !== null || tree.children(node.id).length === 0;
    grid.insert(rect, { id: node.id, rect, content, paintOrder: node.paintOrder });
  }

  const revealed: Array<{ rect: Rect; minus: Rect[] }> = [];
  for (const row of model.rows) {
    if (!shown(row.index) || row.offscreen) continue;
    const rect = clipRect(snapInward(row.box), screen.width, screen.height);
    if (rect === null) continue;
    const minus: Rect[] = [];
    for (const other of grid.query(rect)) {
      if (other.id === row.id || tree.isAncestor(other.id, row.id) || tree.isAncestor(row.id, other.id)) continue;
      if (!other.content) {
        const mine = row.node.paintOrder;
        if (other.paintOrder !== null && mine !== null && other.paintOrder < mine) continue;
      }
      minus.push(other.rect);
    }
    revealed.push({ rect, minus });
  }
  return { screen, masked, revealed };
}
