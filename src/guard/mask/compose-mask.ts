import { clipRect, type Rect } from "../geometry/rect.js";
import { subtractRects } from "../geometry/rect-set.js";

/** One row's revealed rectangle and what is cut out of it. */
export interface RevealedRect {
  /** The row it reveals. */
  rowId: string;
  rect: Rect;
  minus: readonly Rect[];
}

/** What the compositor needs, already decided: where masking starts, and what is copied back. */
export interface MaskPlan {
  screen: { width: number; height: number };
  /** M: content-root areas, masked by default. */
  masked: readonly Rect[];
  /** Trusted rows and live reveals (snapped inward), each with the boxes that win over it (snapped outward). */
  revealed: readonly RevealedRect[];
}

/**
 * The compositor (docs/design/guard.md, "The mask"): F = M − R, where R is the union of every
 * revealed rectangle minus the boxes that win over it. Returns F as disjoint integer rectangles
 * inside the screenshot — the single list that both paints the masked screenshot and answers the
 * hit test.
 */
export function composeMask(plan: MaskPlan): Rect[] {
  const { width, height } = plan.screen;
  const masked: Rect[] = [];
  for (const rect of plan.masked) {
    const clipped = clipRect(rect, width, height);
    if (clipped !== null) masked.push(clipped);
  }
  const pieces: Rect[] = [];
  for (const { rect, minus } of plan.revealed) {
    const clipped = clipRect(rect, width, height);
    if (clipped === null) continue;
    pieces.push(...(minus.length === 0 ? [clipped] : subtractRects([clipped], minus)));
  }
  return subtractRects(masked, pieces);
}
