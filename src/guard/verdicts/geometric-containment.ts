import { boxArea, boxContains } from "../geometry/rect.js";
import type { PageModel } from "../rows/page-model.js";
import type { Verdict } from "./verdict.js";

/** Slack for sub-pixel layout and borders (spec §1.8, [RECON]). */
export const CONTAINMENT_TOLERANCE_PX = 2;
/** Containers smaller than this (the 2×1 wrappers the seed saw) pass no trust at all. */
export const DEGENERATE_AREA_PX = 16;

/**
 * Does trust pass from `containerId` down to `nodeId`? Only when the container has a real box
 * and the node lies inside it on screen — and inside every intermediate ancestor that has a real
 * box — so that `aria-owns` reparenting cannot make distant content inherit a small strip's
 * trust. Intermediates without a box (display: contents) or with a degenerate one are skipped:
 * they cannot define an area, and the granted container still bounds the node.
 */
export function containmentHolds(model: PageModel, nodeId: string, containerId: string): boolean {
  if (nodeId === containerId) return true;
  const container = model.tree.byId.get(containerId);
  const node = model.tree.byId.get(nodeId);
  if (container === undefined || node === undefined) return false;
  if (container.box === null || boxArea(container.box) < DEGENERATE_AREA_PX) return false;
  // A node without a box paints nothing; its descendants are judged on their own boxes.
  if (node.box === null) return true;
  if (!boxContains(container.box, node.box, CONTAINMENT_TOLERANCE_PX)) return false;
  const chain = model.info.get(nodeId)?.chain ?? [];
  const start = chain.findIndex((entry) => entry.id === containerId);
  for (let q = start + 1; q < chain.length - 1; q++) {
    const box = chain[q]!.box;
    if (box === null || boxArea(box) < DEGENERATE_AREA_PX) continue;
    if (!boxContains(box, node.box, CONTAINMENT_TOLERANCE_PX)) return false;
  }
  return true;
}

/**
 * Safety check 3 (spec §1.8): demotes every trusted verdict whose container's trust cannot
 * geometrically reach the node. Can only mask.
 */
export function applyContainment(model: PageModel, nodeIds: readonly string[], verdicts: readonly Verdict[]): Verdict[] {
  return verdicts.map((verdict, i) => {
    if (verdict.verdict !== "trusted" || verdict.container === null) return verdict;
    return containmentHolds(model, nodeIds[i]!, verdict.container) ? verdict : { verdict: "untrusted", source: "containment", container: null };
  });
}
