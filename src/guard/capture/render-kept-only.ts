import { randomBytes } from "node:crypto";
import type { CDPSession } from "playwright-core";
import { type CapturedNode, type CapturedPage, screenshotSize } from "../captured-page.js";
import type { Rect } from "../geometry/rect.js";
import { forgetIsolatedWorld, isolatedWorld } from "./isolated-world.js";
import { KEEP_ONLY_FUNCTION, type KeepOnlyReport } from "./keep-only-script.js";

/**
 * What a kept row's layout ancestors may paint under it: anything (`trusted`: the ancestors of a
 * row an operator's grant trusts are the page's own structure) or one flat colour (`flat`: a row
 * released by an exception or a reveal sits in content nobody vouched for, whose own paint — a
 * background image, a border, a pseudo-element — could draw anything between its glyphs).
 */
type AncestorPaint = "trusted" | "flat";

export interface KeptRow {
  node: CapturedNode;
  ancestorPaint: AncestorPaint;
  /** The pixels the mask shows for it (screenshot pixels): the second screenshot need cover only these. */
  shown: readonly Rect[];
}

/** What the capture learnt from the DOM snapshot that the second render needs. */
export interface SecondRenderHints {
  /** The main document's scroll (CSS px) and the device pixel ratio: where screenshot pixels lie in the document. */
  origin: { x: number; y: number; dpr: number };
  /** Per frame id: a node inside each closed shadow tree. */
  closedShadowSamples: ReadonlyMap<string, readonly number[]>;
}

export interface KeptOnlyRender {
  /** PNG of the frame with only the kept rows (and their ancestors) painting, cut to `area`. */
  screenshot: Buffer;
  /** Where the PNGs lie on the screenshot (screenshot pixels): the rectangle around every shown row. */
  area: Rect;
  /**
   * PNG of the same with the `flat` rows' own paint hidden as well: under each such row, what is
   * left is its ancestors' paint. Null when no row is `flat`.
   */
  withoutFlatRows: Buffer | null;
  kept: number;
  hidden: number;
  /** Elements styled inline because a style sheet could not hide them (a trace on the page). */
  inline: number;
  /** What the check cannot vouch for (see `KeepOnlyReport`): the caller must not trust the comparison. */
  unverified: number;
  /** Of those, references from kept elements to an id their tree shares. */
  spoofable: number;
}

/** The second render could not be made: the capture fails (the caller retries, then fails closed). */
class SecondRenderError extends Error {
  override readonly name = "SecondRenderError";
}

/** Generous: on a loaded machine the marking and the screenshot take hundreds of milliseconds. */
const SECOND_RENDER_TIMEOUT_MS = 15_000;

const OBJECT_GROUP = "safecua-second-render";

/** The iframe node that hosts a frame's document in the capture, or null for the main frame. */
function frameHost(page: CapturedPage, byId: ReadonlyMap<string, CapturedNode>, frameId: string): CapturedNode | null {
  const documentNode = page.nodes.find((node) => node.frameId === frameId && node.role === "document_web" && node.parentId !== null);
  return documentNode?.parentId == null ? null : (byId.get(documentNode.parentId) ?? null);
}

/**
 * Rows grouped by the frame whose document holds them. A row inside a child frame keeps that
 * frame's iframe element (and so its ancestors) painting in the parent document, whole.
 */
function anchorsByFrame(page: CapturedPage, rows: readonly KeptRow[]): Map<string, KeptRow[]> {
  const byId = new Map(page.nodes.map((node) => [node.id, node]));
  const out = new Map<string, KeptRow[]>();
  const add = (row: KeptRow) => {
    const list = out.get(row.node.frameId) ?? [];
    list.push(row);
    out.set(row.node.frameId, list);
  };
  const hostsAdded = new Set<string>();
  for (const row of rows) {
    add(row);
    let frameId = row.node.frameId;
    for (let host = frameHost(page, byId, frameId); host !== null && !hostsAdded.has(frameId); host = frameHost(page, byId, frameId)) {
      hostsAdded.add(frameId);
      add({ node: host, ancestorPaint: "trusted", shown: [] });
      frameId = host.frameId;
    }
  }
  return out;
}

async function resolve(cdp: CDPSession, world: number, backendNodeId: number | null): Promise<string | null> {
  if (backendNodeId === null) return null;
  try {
    const { object } = await cdp.send("DOM.resolveNode", { backendNodeId, executionContextId: world, objectGroup: OBJECT_GROUP });
    return object.objectId ?? null;
  } catch {
    // A node that cannot be resolved is not kept: if anything hides it, its row differs and is masked.
    return null;
  }
}

/** Elements in the top layer (modal dialogs, open popovers, fullscreen): they escape their ancestors' opacity. */
async function topLayer(cdp: CDPSession, world: number): Promise<string[]> {
  await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeIds } = await cdp.send("DOM.getTopLayerElements");
  const objects: string[] = [];
  for (const nodeId of nodeIds) {
    try {
      const { object } = await cdp.send("DOM.resolveNode", { nodeId, executionContextId: world, objectGroup: OBJECT_GROUP });
      if (object.objectId !== undefined) objects.push(object.objectId);
    } catch {
      // A pseudo-element (`::backdrop`) or a node of another frame's document: the first is styled
      // through its element, the second is inside that frame's iframe, hidden or kept with it.
    }
  }
  return objects;
}

interface Marked {
  frameId: string;
  world: number;
  key: string;
  report: KeepOnlyReport;
}

/**
 * The second render of the differential check (docs/design/guard.md): on the frozen frame, every
 * element that is neither inside a kept row nor a layout ancestor of one is made to paint nothing,
 * the screen is captured again, and the page is restored. Must run inside `withFrozenPage`, after
 * the first screenshot. Any failure to mark, capture or restore throws `SecondRenderError`; the
 * page is restored on every path that can still reach it.
 */
export async function renderKeptOnly(
  cdp: CDPSession,
  page: CapturedPage,
  rows: readonly KeptRow[],
  hints: SecondRenderHints,
  timeoutMs = SECOND_RENDER_TIMEOUT_MS,
): Promise<KeptOnlyRender> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SecondRenderError(`the second render took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  deadline.catch(() => undefined);
  const inTime = <R>(step: Promise<R>): Promise<R> => Promise.race([step, deadline]);
  const mainFrameId = page.frames[0]?.frameId ?? page.nodes[0]?.frameId ?? "main";
  const marked: Marked[] = [];
  try {
    for (const [frameId, frameRows] of anchorsByFrame(page, rows)) {
      const world = await inTime(isolatedWorld(cdp, frameId === mainFrameId ? undefined : frameId));
      const objects = await inTime(Promise.all(frameRows.map((row) => resolve(cdp, world, row.node.backendNodeId))));
      const samples = await inTime(
        Promise.all((hints.closedShadowSamples.get(frameId) ?? []).map((backendNodeId) => resolve(cdp, world, backendNodeId))),
      );
      const layer = frameId === mainFrameId ? await inTime(topLayer(cdp, world)) : [];
      const key = `__safecuaRestore_${randomBytes(8).toString("hex")}`;
      const found = samples.filter((id): id is string => id !== null);
      const { result, exceptionDetails } = await inTime(
        cdp.send("Runtime.callFunctionOn", {
          functionDeclaration: KEEP_ONLY_FUNCTION,
          executionContextId: world,
          arguments: [
            { value: { key, flat: frameRows.map((row) => row.ancestorPaint === "flat"), shadowSamples: found.length } },
            ...objects.map((objectId) => (objectId === null ? { value: null } : { objectId })),
            ...found.map((objectId) => ({ objectId })),
            ...layer.map((objectId) => ({ objectId })),
          ],
          returnByValue: true,
        }),
      );
      if (exceptionDetails !== undefined) {
        throw new SecondRenderError(
          `the page half of the second render failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`,
        );
      }
      marked.push({ frameId, world, key, report: result.value as KeepOnlyReport });
    }
    const { area, clip } = screenshotArea(page, rows, hints.origin);
    const shoot = async () =>
      Buffer.from((await inTime(cdp.send("Page.captureScreenshot", { format: "png", ...(clip && { clip }) }))).data, "base64");
    const screenshot = await shoot();
    let withoutFlatRows: Buffer | null = null;
    if (rows.some((row) => row.ancestorPaint === "flat")) {
      for (const { world, key } of marked) await inTime(callHandle(cdp, world, key, "hideFlatRows"));
      withoutFlatRows = await shoot();
    }
    const totals = { kept: 0, hidden: 0, inline: 0, unverified: 0, spoofable: 0 };
    for (const { report } of marked) {
      totals.kept += report.kept;
      totals.hidden += report.hidden;
      totals.inline += report.inline;
      totals.unverified += report.unverified;
      totals.spoofable += report.spoofable;
    }
    await inTime(restoreAll(cdp, marked.splice(0)));
    return { screenshot, area, withoutFlatRows, ...totals };
  } catch (error) {
    if (marked.length > 0)
      await Promise.race([restoreAll(cdp, marked).catch(() => undefined), new Promise((r) => setTimeout(r, 2_000).unref())]);
    for (const frameId of new Set([...marked.map((entry) => entry.frameId), mainFrameId])) {
      forgetIsolatedWorld(cdp, frameId === mainFrameId ? undefined : frameId);
    }
    if (error instanceof SecondRenderError) throw error;
    throw new SecondRenderError(`the second render failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  } finally {
    clearTimeout(timer);
    await cdp.send("Runtime.releaseObjectGroup", { objectGroup: OBJECT_GROUP }).catch(() => undefined);
  }
}

/**
 * The part of the screen the comparison reads: the rectangle around every row's shown pixels. Asked
 * for as a clip (document CSS pixels) when a CSS pixel is a screenshot pixel, which cuts the
 * encoding, the transfer and the decoding; otherwise the whole screen (checked: a clip renders the
 * pixels the full screenshot has there).
 */
function screenshotArea(
  page: CapturedPage,
  rows: readonly KeptRow[],
  origin: SecondRenderHints["origin"],
): { area: Rect; clip: { x: number; y: number; width: number; height: number; scale: number } | null } {
  const screen = screenshotSize(page);
  const full: Rect = [0, 0, screen.width, screen.height];
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    for (const [x, y, w, h] of row.shown) {
      x0 = Math.min(x0, Math.floor(x));
      y0 = Math.min(y0, Math.floor(y));
      x1 = Math.max(x1, Math.ceil(x + w));
      y1 = Math.max(y1, Math.ceil(y + h));
    }
  }
  x0 = Math.max(0, x0);
  y0 = Math.max(0, y0);
  x1 = Math.min(screen.width, x1);
  y1 = Math.min(screen.height, y1);
  if (origin.dpr !== 1 || !(x1 > x0 && y1 > y0)) return { area: full, clip: null };
  const area: Rect = [x0, y0, x1 - x0, y1 - y0];
  return { area, clip: { x: origin.x + x0, y: origin.y + y0, width: x1 - x0, height: y1 - y0, scale: 1 } };
}

/** Calls one method of the handle the page half left in our world. */
async function callHandle(cdp: CDPSession, world: number, key: string, method: "hideFlatRows" | "restore"): Promise<unknown> {
  const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
    contextId: world,
    expression: `globalThis[${JSON.stringify(key)}]?.${method}()`,
    returnByValue: true,
  });
  if (exceptionDetails !== undefined) throw new SecondRenderError(`${method} failed in the page: ${exceptionDetails.text}`);
  return result.value;
}

/** Restores every marked frame, last marked first. */
async function restoreAll(cdp: CDPSession, marked: readonly Marked[]): Promise<void> {
  for (const { world, key } of [...marked].reverse()) await callHandle(cdp, world, key, "restore");
}
