import type { Page } from "playwright-core";
import { pageCdpSession } from "../../browser/index.js";
import type { CapturedPage } from "../captured-page.js";
import type { CaptureSource } from "../mask/build-mask-with-retries.js";
import { type AlignmentCandidate, type AlignmentResult, checkAlignment, pickAlignmentSample } from "./alignment-check.js";
import { type CaptureOptions, captureSampledPage } from "./capture-page.js";
import { withFrozenPage } from "./freeze-page.js";
import { type KeptOnlyRender, type KeptRow, renderKeptOnly } from "./render-kept-only.js";

export interface CapturedScreen {
  page: CapturedPage;
  /** PNG of the viewport, the pixels every box of `page` refers to. */
  screenshot: Buffer;
}

/**
 * Checks a capture against the live page: a deterministic sample of its main-frame element boxes
 * is compared with `DOM.getContentQuads` now. Anything that moved since the capture (an animation,
 * a late layout shift, a page sliding content around) shows up as a deviation. Captured boxes may
 * be cut by overflow clips while quads are not, so a box only has to lie inside its live quads.
 * Only `alignable` elements are sampled: a plain inline box and its quads measure different things
 * even on a page that stands still.
 */
export async function recheckAlignment(
  page: Page,
  capture: CapturedPage,
  alignable: ReadonlySet<number>,
  options: CaptureOptions = {},
): Promise<AlignmentResult> {
  const mainFrameId = capture.frames[0]?.frameId;
  const candidates: (AlignmentCandidate & { group: string })[] = [];
  for (const node of capture.nodes) {
    if (node.frameId !== mainFrameId || node.box === null || node.offscreen || node.opaque || node.backendNodeId === null) continue;
    if (!alignable.has(node.backendNodeId)) continue;
    if (node.tag === null || node.tag.startsWith("#") || node.tag.startsWith("::") || node.box[2] < 2 || node.box[3] < 2) continue;
    candidates.push({ backendNodeId: node.backendNodeId, box: node.box, group: node.frameId });
  }
  return checkAlignment(
    await pageCdpSession(page),
    pickAlignmentSample(candidates, options.alignmentSamples ?? 8),
    capture.devicePixelRatio,
    options.alignmentTolerancePx,
    "inside",
  );
}

/**
 * Capture, screenshot and the alignment check, all while the page is frozen (`withFrozenPage`):
 * the page's scripts and animations cannot move, insert or toggle anything between the tree and
 * the pixels, so the boxes describe the screenshot. The check runs once, after the screenshot, on
 * the capture's own sample and with the capture's exact test: it verifies the conversion to
 * screenshot pixels and, as a second line behind the freeze, that nothing sampled moved since the
 * tree was read (a scroll, a layout the freeze does not cover). A check before the screenshot as
 * well verified nothing this one does not, at eight more DevTools calls. A failed check marks the
 * capture misaligned, and the guard refuses it and captures again instead of masking the wrong
 * place. A page that cannot be frozen throws (`FreezeError`): it is never captured unfrozen.
 */
export async function captureScreen(page: Page, options: CaptureOptions = {}): Promise<CapturedScreen> {
  return captureFrozen(page, (frame) => ({ page: frame.page, screenshot: frame.screenshot }), options);
}

/** A capture while the page is still frozen: the frame can be rendered again before it resumes. */
interface FrozenCapture extends CapturedScreen {
  /** Renders this same frame again with only `rows` and their layout ancestors painting (`renderKeptOnly`). */
  renderKeptOnly(rows: readonly KeptRow[]): Promise<KeptOnlyRender>;
}

/**
 * `captureScreen`, then `work` on the capture before the page resumes: what must see the same
 * frame again (the differential check's second render) runs there. Keep `work` short: the page's
 * scripts wait for it.
 */
async function captureFrozen<T>(page: Page, work: (frame: FrozenCapture) => T | Promise<T>, options: CaptureOptions = {}): Promise<T> {
  return withFrozenPage(page, async (cdp) => {
    const { page: captured, alignmentSample, hints } = await captureSampledPage(page, options, false);
    const screenshot = Buffer.from((await cdp.send("Page.captureScreenshot", { format: "png" })).data, "base64");
    const alignment = await checkAlignment(cdp, alignmentSample, captured.devicePixelRatio, options.alignmentTolerancePx);
    const checked = { ...captured, alignment };
    return work({ page: checked, screenshot, renderKeptOnly: (rows) => renderKeptOnly(cdp, checked, rows, hints) });
  });
}

/**
 * The capture source of a live page for `buildMaskWithRetries`: each attempt is frozen, and the
 * guard's decision and the differential check's second render happen before the page resumes.
 */
export function liveCapture(page: Page, options: CaptureOptions = {}): CaptureSource {
  return (decide) => captureFrozen(page, decide, options);
}
