import type { CDPSession } from "playwright-core";
import type { ClipEdges } from "./overflow-clip.js";
import { intersectRects, quadsBounds, type Rect } from "./screen-rect.js";
import type { DocRect } from "./snapshot-index.js";

/**
 * Where one document's coordinates land on the screenshot. Snapshot bounds are document
 * coordinates of the node's own document (scroll included, transforms applied), so a box maps to
 * screenshot pixels as `(x + originX) × dpr`; `clip` is the part of the screenshot the document can
 * paint into (the viewport for the main frame, the iframe's content box for a child, intersected
 * with the parent's clip).
 */
export interface FrameGeometry {
  originX: number;
  originY: number;
  dpr: number;
  /** Screenshot pixels. */
  clip: Rect;
}

export function mainFrameGeometry(
  scrollX: number,
  scrollY: number,
  viewport: { width: number; height: number },
  dpr: number,
): FrameGeometry {
  return { originX: -scrollX, originY: -scrollY, dpr, clip: [0, 0, viewport.width * dpr, viewport.height * dpr] };
}

/**
 * Geometry of a child document from its `<iframe>` element: `DOM.getBoxModel` gives the content box
 * in main-viewport CSS pixels (transforms included), which is where the child's document origin
 * sits before the child's own scroll. Returns null when the element has no box (the frame is then
 * treated as unreadable, hence opaque).
 */
export async function childFrameGeometry(
  cdp: CDPSession,
  hostBackendNodeId: number,
  childScroll: { x: number; y: number },
  parent: FrameGeometry,
): Promise<FrameGeometry | null> {
  let content: Rect | null;
  try {
    const { model } = await cdp.send("DOM.getBoxModel", { backendNodeId: hostBackendNodeId });
    content = quadsBounds([model.content]);
  } catch {
    return null;
  }
  if (content === null) return null;
  const dpr = parent.dpr;
  const screenContent: Rect = [content[0] * dpr, content[1] * dpr, content[2] * dpr, content[3] * dpr];
  const clip = intersectRects(screenContent, parent.clip) ?? [screenContent[0], screenContent[1], 0, 0];
  return { originX: content[0] - childScroll.x, originY: content[1] - childScroll.y, dpr, clip };
}

/** A document-coordinate box in screenshot pixels (not clipped). */
export function toScreen(box: DocRect, geometry: FrameGeometry): Rect {
  const { originX, originY, dpr } = geometry;
  return [(box[0] + originX) * dpr, (box[1] + originY) * dpr, box[2] * dpr, box[3] * dpr];
}

/**
 * An overflow clip (document edges, possibly infinite) as a screenshot rectangle. Infinite edges
 * are bounded by the frame's own clip, which is all the document can paint into anyway.
 */
export function clipToScreen(clip: ClipEdges, geometry: FrameGeometry): Rect {
  const { originX, originY, dpr } = geometry;
  const [cx, cy, cw, ch] = geometry.clip;
  const left = Number.isFinite(clip[0]) ? (clip[0] + originX) * dpr : cx;
  const top = Number.isFinite(clip[1]) ? (clip[1] + originY) * dpr : cy;
  const right = Number.isFinite(clip[2]) ? (clip[2] + originX) * dpr : cx + cw;
  const bottom = Number.isFinite(clip[3]) ? (clip[3] + originY) * dpr : cy + ch;
  return [left, top, Math.max(0, right - left), Math.max(0, bottom - top)];
}
