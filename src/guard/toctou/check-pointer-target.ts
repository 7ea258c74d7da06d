import type { Page } from "playwright-core";
import { pageCdpSession } from "../../browser/index.js";
import type { Box, CapturedNode, CapturedPage } from "../captured-page.js";
import type { Rect } from "../geometry/rect.js";
import { isMasked } from "../mask/is-masked.js";

/** The parts of a guard result this check reads (rows with verdicts, and the mask F). */
export interface GuardedView {
  /** `container`: the node whose grant trusts the row (null for page scope, exceptions and reveals). */
  rows: ReadonlyArray<{ nodeId: string; verdict: string; box: Box | null; container: string | null }>;
  mask: readonly Rect[];
}

type PointerRefusal =
  /** The point is inside F: the planner saw nothing there. */
  | "masked"
  /** No trusted row was shown under the point (revealed area between rows, or outside every row). */
  | "no_trusted_row"
  /**
   * The page changed since the capture: something else is under the point now
   * (docs/design/guard.md, "Time of use").
   */
  | "stale_screen";

export type PointerCheck = { ok: true; nodeId: string; hitNodeId: string } | { ok: false; reason: PointerRefusal; detail: string };

function contains(box: Box, x: number, y: number): boolean {
  return x >= box[0] && x < box[0] + box[2] && y >= box[1] && y < box[1] + box[3];
}

/**
 * Time-of-check/time-of-use guard for pointer actions (docs/design/guard.md, "Time of use"). The
 * mask was computed on one capture; the click lands later, and a page can slide untrusted content
 * under a trusted button in between. Immediately before dispatching, this asks Chromium what is
 * under the point *now* (`DOM.getNodeForLocation`, the same hit test a click uses, honouring
 * `pointer-events`) and accepts only when:
 * - the point is not masked and a trusted, on-screen row of the capture covers it;
 * - the node hit now is the row's element (the row itself, or for a text leaf the element that
 *   paints it: hit testing never returns text nodes) or one of its descendants, or an ancestor of
 *   the row that is still inside the container whose grant trusts it (a button whose trusted label
 *   is the row). An ancestor outside that container is refused: a wrapper around trusted content
 *   is not trusted (a page makes the row `pointer-events: none` and the click falls through to an
 *   untrusted wrapper's handler); and
 * - that row is still where the capture put it (`DOM.getContentQuads` of its node contains the point).
 * Everything else is refused as stale; the caller re-captures. Nodes are compared by backend node
 * id within their frame, so a node created after the capture never matches.
 */
export async function checkPointerTarget(
  page: Page,
  capture: CapturedPage,
  guard: GuardedView,
  x: number,
  y: number,
): Promise<PointerCheck> {
  const screen = {
    width: Math.round(capture.viewport.width * capture.devicePixelRatio),
    height: Math.round(capture.viewport.height * capture.devicePixelRatio),
  };
  if (isMasked(guard.mask, x, y, screen)) return { ok: false, reason: "masked", detail: `(${x}, ${y}) is masked` };

  const byId = new Map<string, CapturedNode>(capture.nodes.map((node) => [node.id, node]));
  const candidates = guard.rows.filter((row) => {
    const node = byId.get(row.nodeId);
    return row.verdict === "trusted" && row.box !== null && node !== undefined && !node.offscreen && contains(row.box, x, y);
  });
  if (candidates.length === 0) return { ok: false, reason: "no_trusted_row", detail: `no trusted row is shown at (${x}, ${y})` };

  const cdp = await pageCdpSession(page);
  const metrics = await cdp.send("Page.getLayoutMetrics");
  const dpr = capture.devicePixelRatio;
  let hit: { backendNodeId: number; frameId: string };
  try {
    // Document coordinates: the hit test wants the point plus the current scroll offset.
    hit = await cdp.send("DOM.getNodeForLocation", {
      x: Math.floor(x / dpr + metrics.cssLayoutViewport.pageX),
      y: Math.floor(y / dpr + metrics.cssLayoutViewport.pageY),
      includeUserAgentShadowDOM: false,
    });
  } catch (error) {
    return { ok: false, reason: "stale_screen", detail: `nothing can be hit at (${x}, ${y}) now: ${(error as Error).message}` };
  }
  const hitNode = capture.nodes.find((node) => node.backendNodeId === hit.backendNodeId && node.frameId === hit.frameId);
  if (hitNode === undefined) {
    return {
      ok: false,
      reason: "stale_screen",
      detail: `the node under (${x}, ${y}) is not in the capture (backend node ${hit.backendNodeId})`,
    };
  }

  for (const row of candidates) {
    const rowNode = byId.get(row.nodeId)!;
    if (!isTrustedHit(rowNode, row.container, hitNode, byId)) continue;
    if (rowNode.backendNodeId === null) continue;
    if (await stillCovers(page, rowNode.backendNodeId, x / dpr, y / dpr)) return { ok: true, nodeId: rowNode.id, hitNodeId: hitNode.id };
  }
  return {
    ok: false,
    reason: "stale_screen",
    detail: `the node under (${x}, ${y}) is ${describe(hitNode)}, not the trusted row the mask showed there (${candidates.map((row) => describe(byId.get(row.nodeId)!)).join(", ")})`,
  };
}

/**
 * Is `hit` the row's element or inside it, or an ancestor of the row no higher than the container
 * that trusts it? Without a container (page scope, an exception, a reveal) only the row's element
 * and what it holds count.
 */
function isTrustedHit(row: CapturedNode, container: string | null, hit: CapturedNode, byId: ReadonlyMap<string, CapturedNode>): boolean {
  const element = row.tag === "#text" && row.parentId !== null ? (byId.get(row.parentId) ?? row) : row;
  if (isAncestorOrSelf(hit, element, byId)) return true;
  const top = container === null ? undefined : byId.get(container);
  return top !== undefined && isAncestorOrSelf(row, hit, byId) && isAncestorOrSelf(hit, top, byId);
}

function isAncestorOrSelf(node: CapturedNode, candidate: CapturedNode, byId: ReadonlyMap<string, CapturedNode>): boolean {
  for (
    let current: CapturedNode | undefined = node;
    current !== undefined;
    current = current.parentId === null ? undefined : byId.get(current.parentId)
  ) {
    if (current.id === candidate.id) return true;
  }
  return false;
}

async function stillCovers(page: Page, backendNodeId: number, cssX: number, cssY: number): Promise<boolean> {
  const cdp = await pageCdpSession(page);
  try {
    const { quads } = await cdp.send("DOM.getContentQuads", { backendNodeId });
    return quads.some((quad) => insideQuad(quad, cssX, cssY));
  } catch {
    return false;
  }
}

/** Point in a convex quad (four corners, either winding), edges included. */
function insideQuad(quad: readonly number[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const x1 = quad[i * 2]!;
    const y1 = quad[i * 2 + 1]!;
    const x2 = quad[((i + 1) % 4) * 2]!;
    const y2 = quad[((i + 1) % 4) * 2 + 1]!;
    const cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

function describe(node: CapturedNode): string {
  const id = node.domId !== null ? `#${node.domId}` : "";
  const classes = node.classes.length > 0 ? `.${node.classes.join(".")}` : "";
  return `${node.rawRole} <${node.tag ?? "?"}${id}${classes}> (${node.id})`;
}
