import type { CDPSession } from "playwright-core";
import { edgeDeviation, quadsBounds, type Rect } from "./screen-rect.js";

export interface AlignmentCandidate {
  backendNodeId: number;
  /** The capture's screenshot-pixel box, before any frame clipping. */
  box: Rect;
}

export interface AlignmentResult {
  ok: boolean;
  sampled: number;
  maxDeviationPx: number | null;
}

/**
 * More than a few pixels apart means the conversion is wrong, not rounding
 * (docs/design/guard.md, "The alignment check").
 */
export const ALIGNMENT_TOLERANCE_PX = 3;

/**
 * Cross-checks converted snapshot boxes against `DOM.getContentQuads`, which Chromium computes
 * independently (viewport coordinates, transforms applied). A disagreement means the document →
 * screenshot conversion is off (a missed scroll offset or iframe offset, a zoom, a page that moved
 * between calls), and a mask built from it would sit in the wrong place: the capture then reports
 * failed alignment and the guard refuses to build a mask. A node whose quads cannot be computed is
 * skipped; if every candidate fails, nothing was verified and alignment fails too.
 */
export async function checkAlignment(
  cdp: CDPSession,
  candidates: readonly AlignmentCandidate[],
  dpr: number,
  tolerancePx = ALIGNMENT_TOLERANCE_PX,
  /** `exact`: the boxes must match; `inside`: a box may be smaller (cut by a clip) but must not stick out. */
  mode: "exact" | "inside" = "exact",
): Promise<AlignmentResult> {
  if (candidates.length === 0) return { ok: true, sampled: 0, maxDeviationPx: null };
  const deviations = await Promise.all(
    candidates.map(async (candidate) => {
      try {
        const { quads } = await cdp.send("DOM.getContentQuads", { backendNodeId: candidate.backendNodeId });
        const bounds = quadsBounds(quads);
        if (bounds === null) return null;
        const live: Rect = [bounds[0] * dpr, bounds[1] * dpr, bounds[2] * dpr, bounds[3] * dpr];
        return mode === "exact" ? edgeDeviation(candidate.box, live) : protrusion(candidate.box, live);
      } catch {
        return null;
      }
    }),
  );
  const measured = deviations.filter((deviation): deviation is number => deviation !== null);
  if (measured.length === 0) return { ok: false, sampled: 0, maxDeviationPx: null };
  const maxDeviationPx = Math.max(...measured);
  return { ok: maxDeviationPx <= tolerancePx, sampled: measured.length, maxDeviationPx: Math.round(maxDeviationPx * 100) / 100 };
}

/** How far `box` sticks out of `outer` (0 when inside): any shift of the page shows up here. */
function protrusion(box: Rect, outer: Rect): number {
  return Math.max(
    0,
    outer[0] - box[0],
    outer[1] - box[1],
    box[0] + box[2] - (outer[0] + outer[2]),
    box[1] + box[3] - (outer[1] + outer[3]),
  );
}

/**
 * Up to `count` candidates spread evenly over the list (deterministic), plus the first candidate
 * of every group (frame) not yet represented, so child-frame offsets are always verified.
 */
export function pickAlignmentSample<T extends { group: string }>(eligible: readonly T[], count: number): T[] {
  const picked = new Set<T>();
  if (eligible.length <= count) for (const item of eligible) picked.add(item);
  else for (let i = 0; i < count; i++) picked.add(eligible[Math.floor(((i + 0.5) * eligible.length) / count)]!);
  const groups = new Set([...picked].map((item) => item.group));
  for (const item of eligible) {
    if (!groups.has(item.group)) {
      picked.add(item);
      groups.add(item.group);
    }
  }
  return [...picked];
}
