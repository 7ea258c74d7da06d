import type { CDPSession, Page } from "playwright-core";
import { pageCdpSession } from "../../browser/index.js";
import type { CapturedFrame, CapturedNode, CapturedPage } from "../captured-page.js";
import { normaliseRole } from "../roles.js";
import { type AlignmentCandidate, checkAlignment, pickAlignmentSample } from "./alignment-check.js";
import { type CaptureLimits, DEFAULT_CAPTURE_LIMITS, type LimitedWalk, walkWithLimits } from "./capture-limits.js";
import { type AxNode, type DomSnapshot, type FrameTreeNode, SNAPSHOT_STYLES } from "./cdp-shapes.js";
import { buildFrameDraft, type DraftNode, type FrameDraft } from "./draft-tree.js";
import { childFrameGeometry, clipToScreen, type FrameGeometry, mainFrameGeometry, toScreen } from "./frame-geometry.js";
import { rawRoleOf } from "./raw-role.js";
import type { SecondRenderHints } from "./render-kept-only.js";
import { intersectRects, isOutside, type Rect } from "./screen-rect.js";
import { type DocumentIndex, indexSnapshotDocument } from "./snapshot-index.js";

export interface CaptureOptions {
  limits?: Partial<CaptureLimits>;
  /** Boxes cross-checked with `DOM.getContentQuads` (plus one per child frame). */
  alignmentSamples?: number;
  alignmentTolerancePx?: number;
}

/** Raised when there is nothing to build a mask from (no accessibility tree for the main frame). */
export class CaptureError extends Error {
  override readonly name = "CaptureError";
}

const FRAME_HOST_TAGS = new Set(["iframe", "frame", "object", "embed"]);

function flattenFrames(tree: FrameTreeNode): FrameTreeNode["frame"][] {
  const out: FrameTreeNode["frame"][] = [];
  const stack = [tree];
  while (stack.length > 0) {
    const node = stack.shift()!;
    out.push(node.frame);
    stack.unshift(...(node.childFrames ?? []));
  }
  return out;
}

/** A frame's accessibility tree (the main frame's when `frameId` is undefined); null when unreadable. */
async function fullAxTree(cdp: CDPSession, frameId: string | undefined): Promise<AxNode[] | null> {
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree", frameId === undefined ? {} : { frameId });
    return nodes as AxNode[];
  } catch {
    return null;
  }
}

async function frameOwner(cdp: CDPSession, frameId: string): Promise<number | null> {
  try {
    return (await cdp.send("DOM.getFrameOwner", { frameId })).backendNodeId;
  } catch {
    return null;
  }
}

function stringValue(value: { value?: unknown } | undefined): string {
  const raw = value?.value;
  return typeof raw === "string" ? raw : typeof raw === "number" || typeof raw === "boolean" ? String(raw) : "";
}

function axProperty(ax: AxNode | null, name: string): unknown {
  return ax?.properties?.find((property) => property.name === name)?.value.value;
}

/**
 * Captures the page as the guard sees it, from the host only (DevTools calls; nothing runs in the
 * page): the accessibility tree of every readable frame joined with the DOM snapshot (id, class,
 * tag, href, layout box, paint order) on backend node ids, boxes in screenshot pixels, focus,
 * off-screen flags, capture limits and a `DOM.getContentQuads` alignment cross-check
 * (docs/design/guard.md, "Capture"). Take the screenshot right after, with the same viewport;
 * nothing here waits for the page to settle.
 */
export async function capturePage(page: Page, options: CaptureOptions = {}): Promise<CapturedPage> {
  return (await captureSampledPage(page, options)).page;
}

/** A capture together with what the re-check after the screenshot may sample. */
export interface SampledCapture {
  page: CapturedPage;
  /**
   * Backend ids of the elements whose captured box `DOM.getContentQuads` measures alike: every
   * laid-out element except plain inline boxes (see `DomEntry.inline`).
   */
  alignable: ReadonlySet<number>;
  /** The boxes the alignment check samples (screenshot pixels, before clipping). */
  alignmentSample: AlignmentCandidate[];
  /** What the differential check's second render needs from the DOM snapshot. */
  hints: SecondRenderHints;
}

/** What a capture says before its boxes are checked: not verified, so no mask can be built from it. */
const UNCHECKED: CapturedPage["alignment"] = { ok: false, sampled: 0, maxDeviationPx: null };

/**
 * `capturePage`, also naming the elements an alignment check may sample. With `check` false the
 * sample is not measured and the capture says `alignment.ok: false` until the caller measures it
 * (`captureScreen` does, once, after its screenshot).
 */
export async function captureSampledPage(page: Page, options: CaptureOptions = {}, check = true): Promise<SampledCapture> {
  const limits: CaptureLimits = { ...DEFAULT_CAPTURE_LIMITS, ...options.limits };
  const cdp = await pageCdpSession(page);
  const { frames, axTrees, metrics, snapshot } = await readPage(cdp);

  const cssViewport = metrics.cssVisualViewport;
  const dpr = cssViewport.clientWidth > 0 ? metrics.visualViewport.clientWidth / cssViewport.clientWidth : 1;
  const viewport = page.viewportSize() ?? { width: Math.round(cssViewport.clientWidth), height: Math.round(cssViewport.clientHeight) };

  const docs = snapshot.documents.map((_, index) => indexSnapshotDocument(snapshot, index));
  const docByFrameId = new Map<string, DocumentIndex>(docs.map((doc) => [doc.frameId, doc]));
  const mainFrame = frames[0]!;
  const mainDoc = docByFrameId.get(mainFrame.id);
  const mainAx = axTrees[0];
  if (mainDoc === undefined || mainAx === null || mainAx === undefined || mainAx.length === 0) {
    throw new CaptureError(`no accessibility tree or DOM snapshot for the main frame of ${page.url()}`);
  }
  const mainGeometry = mainFrameGeometry(mainDoc.scrollX, mainDoc.scrollY, viewport, dpr);
  const mainDraft = buildFrameDraft({
    ordinal: 0,
    frameId: mainFrame.id,
    doc: mainDoc,
    ax: mainAx,
    geometry: mainGeometry,
    hostPaintKey: [],
  });
  if (mainDraft === null) throw new CaptureError(`empty accessibility tree for ${page.url()}`);
  const draftByFrameId = await placeChildFrames(cdp, { frames, axTrees, docs, docByFrameId, mainDraft, mainGeometry });

  const walk = walkWithLimits(mainDraft.root, limits);
  const { nodes, alignmentPool, alignable, focusedNodeId } = capturedNodes(walk, {
    docByFrameId,
    draftByFrameId,
    mainFrameId: mainFrame.id,
  });

  const alignmentSample = pickAlignmentSample(alignmentPool, options.alignmentSamples ?? 8);
  const alignment = check ? await checkAlignment(cdp, alignmentSample, dpr, options.alignmentTolerancePx) : UNCHECKED;
  const capturedFrames: CapturedFrame[] = frames.map((frame) => ({
    frameId: frame.id,
    parentFrameId: frame.parentId ?? null,
    url: frame.url === "" ? null : frame.url,
  }));
  const rootAx = mainDraft.root.ax;
  const captured: CapturedPage = {
    url: mainFrame.url === "" ? null : mainFrame.url,
    title: stringValue(rootAx?.name) || mainDoc.title,
    viewport,
    devicePixelRatio: dpr,
    focusedNodeId,
    frames: capturedFrames,
    limitsHit: walk.limitsHit,
    alignment,
    nodes,
  };
  const hints: SecondRenderHints = {
    // Document coordinates of the screenshot's origin: a clipped screenshot is asked for in them.
    origin: { x: mainDoc.scrollX, y: mainDoc.scrollY, dpr },
    closedShadowSamples: new Map(
      docs.filter((doc) => doc.closedShadowSamples.length > 0).map((doc) => [doc.frameId, doc.closedShadowSamples]),
    ),
  };
  return { page: captured, alignable, alignmentSample, hints };
}

/**
 * What the capture reads over DevTools: the frame tree, layout metrics, the DOM snapshot and
 * every frame's accessibility tree. One round trip for the common case: the main frame's tree
 * goes out with the snapshot; child frames' trees follow once the frame tree has named them.
 */
async function readPage(cdp: CDPSession) {
  const [{ frameTree }, metrics, snapshot, mainAxTree] = await Promise.all([
    cdp.send("Page.getFrameTree"),
    cdp.send("Page.getLayoutMetrics"),
    cdp.send("DOMSnapshot.captureSnapshot", {
      computedStyles: [...SNAPSHOT_STYLES],
      includeDOMRects: true,
      includePaintOrder: true,
    }) as Promise<DomSnapshot>,
    fullAxTree(cdp, undefined),
  ]);
  const frames = flattenFrames(frameTree as FrameTreeNode);
  const axTrees = [mainAxTree, ...(await Promise.all(frames.slice(1).map((frame) => fullAxTree(cdp, frame.id))))];
  return { frames, axTrees, metrics, snapshot };
}

/**
 * Hangs each readable child frame's draft under its host element, parent frames first. A host
 * whose document could not be read (cross-site, plugin, blocked, no geometry) becomes one opaque
 * node: what it paints is unknown, so it can only be masked. Returns the drafts by frame id.
 */
async function placeChildFrames(
  cdp: CDPSession,
  input: {
    frames: readonly FrameTreeNode["frame"][];
    axTrees: readonly (AxNode[] | null | undefined)[];
    docs: readonly DocumentIndex[];
    docByFrameId: ReadonlyMap<string, DocumentIndex>;
    mainDraft: FrameDraft;
    mainGeometry: FrameGeometry;
  },
): Promise<Map<string, FrameDraft>> {
  const { frames, axTrees, docByFrameId, mainDraft } = input;
  // Which element hosts which document, so a child frame's root hangs under its iframe node.
  const hostOfDocument = new Map<number, { doc: DocumentIndex; backendNodeId: number }>();
  for (const doc of input.docs) {
    for (const entry of doc.entries) {
      if (entry.contentDocumentIndex !== null) hostOfDocument.set(entry.contentDocumentIndex, { doc, backendNodeId: entry.backendNodeId });
    }
  }
  // Frames come parent-first (depth-first), so a frame's host node exists when the frame is placed.
  const mainFrameId = frames[0]!.id;
  const draftByFrameId = new Map([[mainFrameId, mainDraft]]);
  const geometryByFrameId = new Map<string, FrameGeometry>([[mainFrameId, input.mainGeometry]]);
  const hostsWithDocument = new Set<DraftNode>();
  for (let index = 1; index < frames.length; index++) {
    const frame = frames[index]!;
    const parentDraft = frame.parentId === undefined ? undefined : draftByFrameId.get(frame.parentId);
    const parentGeometry = frame.parentId === undefined ? undefined : geometryByFrameId.get(frame.parentId);
    if (parentDraft === undefined || parentGeometry === undefined) continue; // inside an unreadable frame: already opaque
    const doc = docByFrameId.get(frame.id);
    const hostBackendId =
      doc !== undefined ? hostOfDocument.get(doc.documentIndex)?.backendNodeId : ((await frameOwner(cdp, frame.id)) ?? undefined);
    const host = hostBackendId === undefined ? undefined : parentDraft.byBackendId.get(hostBackendId);
    if (host === undefined || hostBackendId === undefined) continue; // host not painted (display: none) or not reachable
    const ax = axTrees[index];
    const geometry =
      doc === undefined ? null : await childFrameGeometry(cdp, hostBackendId, { x: doc.scrollX, y: doc.scrollY }, parentGeometry);
    const draft =
      doc === undefined || ax === null || ax === undefined || geometry === null
        ? null
        : buildFrameDraft({ ordinal: index, frameId: frame.id, doc, ax, geometry, hostPaintKey: host.paintKey });
    if (draft === null) {
      host.opaque = true;
      continue;
    }
    host.children.push(draft.root);
    hostsWithDocument.add(host);
    draftByFrameId.set(frame.id, draft);
    geometryByFrameId.set(frame.id, geometry!);
  }
  // An embedding element whose document could not be read (cross-site, plugin, blocked) is one
  // opaque node; what it paints is unknown, so it can only be masked.
  for (const draft of draftByFrameId.values()) {
    for (const node of draft.all) {
      if (node.dom !== null && FRAME_HOST_TAGS.has(node.dom.tag) && !hostsWithDocument.has(node)) node.opaque = true;
    }
  }
  return draftByFrameId;
}

/**
 * The kept nodes as captured: boxes in screenshot pixels cut to what can paint them, off-screen
 * flags, layout parents where `aria-owns` moved a node, paint ranks, focus; and the boxes the
 * alignment check may sample.
 */
function capturedNodes(
  walk: LimitedWalk<DraftNode>,
  frames: { docByFrameId: ReadonlyMap<string, DocumentIndex>; draftByFrameId: ReadonlyMap<string, FrameDraft>; mainFrameId: string },
) {
  const { docByFrameId, draftByFrameId } = frames;
  const paintRank = rankPaintKeys(walk.kept.map(({ node }) => node));
  const childIds = new Map<DraftNode, string[]>();
  for (const { node, parent } of walk.kept) {
    if (parent === null) continue;
    const list = childIds.get(parent) ?? [];
    list.push(node.id);
    childIds.set(parent, list);
  }

  // The layout parent of each node, where `aria-owns` made another node its accessibility parent.
  const keptNodes = new Set(walk.kept.map(({ node }) => node));
  const layoutParentOf = (node: DraftNode): DraftNode | null => {
    const doc = docByFrameId.get(node.frameId);
    const draft = draftByFrameId.get(node.frameId);
    if (node.dom === null || doc === undefined || draft === undefined) return null;
    for (let at = node.dom.parentIndex; at >= 0; ) {
      const entry = doc.entries[at];
      if (entry === undefined) return null;
      const found = draft.byBackendId.get(entry.backendNodeId);
      if (found !== undefined) return keptNodes.has(found) ? found : null;
      at = entry.parentIndex;
    }
    return null;
  };

  const nodes: CapturedNode[] = [];
  const alignmentPool: (AlignmentCandidate & { group: string })[] = [];
  const alignable = new Set<number>();
  let focusedNodeId: string | null = null;
  for (const { node, parent } of walk.kept) {
    const { ax, dom, geometry } = node;
    const rawRole = rawRoleOf(ax, dom);
    let box: Rect | null = null;
    let offscreen = false;
    if (dom?.box !== null && dom?.box !== undefined && geometry !== null) {
      const screen = toScreen(dom.box, geometry);
      // What can paint the node: its overflow clips, and for child-frame content the iframe's box.
      // The main frame is not cut to the viewport: the compositor clips to the screenshot.
      const overflowClip = dom.clip === null ? null : clipToScreen(dom.clip, geometry);
      const isMainFrame = node.frameId === frames.mainFrameId;
      const paintClip = isMainFrame ? overflowClip : overflowClip === null ? geometry.clip : intersectRects(overflowClip, geometry.clip);
      const visibleArea = paintClip === null ? geometry.clip : intersectRects(paintClip, geometry.clip);
      offscreen = visibleArea === null || isOutside(screen, visibleArea);
      const clipped = paintClip === null ? screen : intersectRects(screen, paintClip);
      box = offscreen || clipped === null ? screen : clipped;
      if (dom.nodeType === 1 && !dom.inline) alignable.add(dom.backendNodeId);
      if (!offscreen && !node.opaque && alignable.has(dom.backendNodeId) && !dom.tag.startsWith("::") && screen[2] >= 2 && screen[3] >= 2) {
        alignmentPool.push({ backendNodeId: dom.backendNodeId, box: screen, group: node.frameId });
      }
    }
    const name = ax === null ? "" : stringValue(ax.name);
    const value = ax === null ? "" : stringValue(ax.value);
    const text = rawRole === "StaticText" ? (ax === null ? (dom?.layoutText ?? "") : name || (dom?.layoutText ?? "")) : value;
    if (axProperty(ax, "focused") === true) focusedNodeId = node.id;
    const layoutParent = parent === null ? null : layoutParentOf(node);
    const doc = docByFrameId.get(node.frameId);
    nodes.push({
      id: node.id,
      backendNodeId: dom?.backendNodeId ?? ax?.backendDOMNodeId ?? null,
      parentId: parent?.id ?? null,
      childIds: childIds.get(node) ?? [],
      role: normaliseRole(rawRole),
      rawRole,
      name,
      text,
      tag: dom?.tag ?? null,
      domId: dom?.domId ?? null,
      classes: dom?.classes ?? [],
      href: dom?.href ?? (rawRole === "link" ? stringOrNull(axProperty(ax, "url")) : null),
      box,
      paintOrder: paintRank.get(node) ?? null,
      offscreen,
      layoutParentId: layoutParent !== null && layoutParent !== parent ? layoutParent.id : null,
      idShared: dom?.domId != null && (doc?.sharedIds.has(dom.domId) ?? false),
      frameId: node.frameId,
      opaque: node.opaque,
      truncated: walk.truncated.has(node),
      ignored: ax?.ignored ?? false,
    });
  }
  return { nodes, alignmentPool, alignable, focusedNodeId };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * Paint order across frames: a child frame's nodes paint where its iframe paints, in their own
 * order, so keys are compared as paths (host orders, then own) and ranked to one integer; equal
 * paths share a rank. Nodes without a key have none.
 */
function rankPaintKeys(nodes: readonly DraftNode[]): Map<DraftNode, number> {
  const compare = (a: readonly number[], b: readonly number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  const keyed = nodes.filter((node): node is DraftNode & { paintKey: number[] } => node.paintKey !== null);
  keyed.sort((a, b) => compare(a.paintKey, b.paintKey));
  const ranks = new Map<DraftNode, number>();
  let rank = -1;
  keyed.forEach((node, i) => {
    if (i === 0 || compare(keyed[i - 1]!.paintKey, node.paintKey) !== 0) rank++;
    ranks.set(node, rank);
  });
  return ranks;
}
