import {
  type DomSnapshot,
  type RareIntegerData,
  type RareStringData,
  SNAPSHOT_STYLES,
  type SnapshotDocument,
  type SnapshotStyle,
} from "./cdp-shapes.js";
import { type ClipEdges, type ClipInput, computeOverflowClips } from "./overflow-clip.js";

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** `[x, y, w, h]` in document (CSS) coordinates of the node's own document. */
export type DocRect = [number, number, number, number];

/** What the DOM snapshot says about one DOM node (element, text or pseudo-element). */
export interface DomEntry {
  nodeIndex: number;
  backendNodeId: number;
  parentIndex: number;
  nodeType: number;
  /** Lower-case tag, `#text`, or the pseudo name (`::before`). */
  tag: string;
  domId: string | null;
  classes: string[];
  href: string | null;
  /** Union of the node's layout boxes; null when it has no layout object. */
  box: DocRect | null;
  /** Highest paint order of its layout boxes; null without layout or when not requested. */
  paintOrder: number | null;
  /** Text the layout draws for it (text nodes and generated content). */
  layoutText: string;
  /** Computed `visibility` is `visible` (a hidden box is laid out but paints nothing). */
  visible: boolean;
  /** Index into `snapshot.documents` of the document an `<iframe>` hosts. */
  contentDocumentIndex: number | null;
  inputValue: string | null;
  /** Overflow clip applying to the node's own paint (document coordinates); null when none. */
  clip: ClipEdges | null;
  /**
   * Laid out as a plain inline box (`display: inline`). Its snapshot box is the line fragment its
   * own font gives it (what `getBoundingClientRect` reports), while `DOM.getContentQuads` on an
   * inline without borders, padding or background (culled) returns its children's boxes instead:
   * an inline-block button inside it reaches above and below the line. The two do not measure the
   * same box, so such a node cannot verify the alignment.
   */
  inline: boolean;
}

export interface DocumentIndex {
  documentIndex: number;
  frameId: string;
  url: string;
  title: string;
  scrollX: number;
  scrollY: number;
  /** By DOM node index (snapshot order = document order). */
  entries: DomEntry[];
  byBackendId: Map<number, DomEntry>;
  /**
   * One node at the top of each closed shadow tree (backend ids): a page script cannot reach a
   * closed shadow root, but our world can from a node inside it (`getRootNode()`).
   */
  closedShadowSamples: number[];
  /** `id` values that more than one element of this document (shadow trees included) carries. */
  sharedIds: Set<string>;
}

function rareString(data: RareStringData | undefined, strings: string[]): Map<number, string> {
  const map = new Map<number, string>();
  if (data === undefined) return map;
  data.index.forEach((nodeIndex, i) => {
    const value = data.value[i];
    if (value !== undefined && value >= 0) map.set(nodeIndex, strings[value] ?? "");
  });
  return map;
}

function rareInteger(data: RareIntegerData | undefined): Map<number, number> {
  const map = new Map<number, number>();
  data?.index.forEach((nodeIndex, i) => {
    const value = data.value[i];
    if (value !== undefined) map.set(nodeIndex, value);
  });
  return map;
}

function unionRect(a: DocRect | null, b: DocRect): DocRect {
  if (a === null) return b;
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  return [x, y, Math.max(a[0] + a[2], b[0] + b[2]) - x, Math.max(a[1] + a[3], b[1] + b[3]) - y];
}

function resolveHref(raw: string, base: string): string {
  try {
    return new URL(raw, base || undefined).href;
  } catch {
    return raw;
  }
}

/** Position of each requested style in a layout node's `styles` row. */
const SLOT = Object.fromEntries(SNAPSHOT_STYLES.map((name, index) => [name, index])) as Record<SnapshotStyle, number>;
const NO_STYLES: number[] = [];
const TRANSFORMING = ["transform", "scale", "rotate", "translate", "offset-path"] as const;

/**
 * Flattens one snapshot document into per-node records keyed by backend node id, the key the
 * accessibility tree uses (`backendDOMNodeId`). The snapshot is column-oriented and string-interned;
 * this is the one place that knows its layout.
 */
export function indexSnapshotDocument(snapshot: DomSnapshot, documentIndex: number): DocumentIndex {
  const document: SnapshotDocument = snapshot.documents[documentIndex]!;
  const strings = snapshot.strings;
  const str = (index: number | undefined): string => (index === undefined || index < 0 ? "" : (strings[index] ?? ""));
  const nodes = document.nodes;
  const count = nodes.backendNodeId?.length ?? 0;
  const pseudo = rareString(nodes.pseudoType, strings);
  const inputValues = rareString(nodes.inputValue, strings);
  const contentDocuments = rareInteger(nodes.contentDocumentIndex);
  const shadowTypes = rareString(nodes.shadowRootType, strings);
  const closedShadowSamples: number[] = [];
  const seenIds = new Set<string>();
  const sharedIds = new Set<string>();
  const baseUrl = str(document.baseURL) || str(document.documentURL);

  const entries: DomEntry[] = [];
  for (let i = 0; i < count; i++) {
    const nodeType = nodes.nodeType?.[i] ?? 0;
    const rawName = str(nodes.nodeName?.[i]);
    const pseudoType = pseudo.get(i);
    let domId: string | null = null;
    let classes: string[] = [];
    let href: string | null = null;
    const attributes = nodes.attributes?.[i] ?? [];
    for (let k = 0; k + 1 < attributes.length; k += 2) {
      const name = str(attributes[k]).toLowerCase();
      const value = str(attributes[k + 1]);
      if (name === "id") domId = value;
      else if (name === "class") classes = value.split(/\s+/).filter((token) => token !== "");
      else if (name === "href") href = value;
    }
    const tag = pseudoType !== undefined ? `::${pseudoType}` : nodeType === ELEMENT_NODE ? rawName.toLowerCase() : rawName;
    if (domId !== null && nodeType === ELEMENT_NODE && pseudoType === undefined) {
      if (seenIds.has(domId)) sharedIds.add(domId);
      else seenIds.add(domId);
    }
    const parentIndex = nodes.parentIndex?.[i] ?? -1;
    if (shadowTypes.get(i) === "closed" && shadowTypes.get(parentIndex) !== "closed" && nodes.backendNodeId?.[i] !== undefined) {
      closedShadowSamples.push(nodes.backendNodeId[i]!);
    }
    entries.push({
      nodeIndex: i,
      backendNodeId: nodes.backendNodeId?.[i] ?? -1,
      parentIndex,
      nodeType,
      tag,
      domId,
      classes,
      href: href !== null && (tag === "a" || tag === "area") ? resolveHref(href, baseUrl) : null,
      box: null,
      paintOrder: null,
      layoutText: "",
      visible: true,
      contentDocumentIndex: contentDocuments.get(i) ?? null,
      inputValue: inputValues.get(i) ?? null,
      clip: null,
      inline: false,
    });
  }
  const clipInputs: ClipInput[] = entries.map((entry) => ({
    parentIndex: entry.parentIndex,
    tag: entry.tag,
    isText: entry.nodeType === TEXT_NODE,
    position: "static",
    overflowX: "visible",
    overflowY: "visible",
    transformed: false,
    paddingBox: null,
  }));
  const layout = document.layout;
  // One loop without closures per layout node: at 2,000 nodes this loop was a sixth of the join.
  for (let layoutIndex = 0; layoutIndex < layout.nodeIndex.length; layoutIndex++) {
    const nodeIndex = layout.nodeIndex[layoutIndex]!;
    const entry = entries[nodeIndex];
    const bounds = layout.bounds[layoutIndex];
    if (entry === undefined || bounds === undefined || bounds.length < 4) continue;
    entry.box = unionRect(entry.box, [bounds[0]!, bounds[1]!, bounds[2]!, bounds[3]!]);
    const order = layout.paintOrders?.[layoutIndex];
    if (order !== undefined) entry.paintOrder = Math.max(entry.paintOrder ?? order, order);
    const text = layout.text[layoutIndex];
    if (text !== undefined && text >= 0) entry.layoutText += str(text);
    const styles = layout.styles[layoutIndex] ?? NO_STYLES;
    const visibility = str(styles[SLOT.visibility]);
    if (visibility === "hidden" || visibility === "collapse") entry.visible = false;
    // The first layout box of an element carries its styles and its client rect.
    const clipInput = clipInputs[nodeIndex]!;
    if (clipInput.paddingBox === null && entry.nodeType === ELEMENT_NODE) {
      entry.inline = str(styles[SLOT.display]) === "inline";
      clipInput.position = str(styles[SLOT.position]) || "static";
      clipInput.overflowX = str(styles[SLOT["overflow-x"]]) || "visible";
      clipInput.overflowY = str(styles[SLOT["overflow-y"]]) || "visible";
      const zoom = str(styles[SLOT.zoom]);
      // The individual transform properties and a motion path move the box as `transform` does.
      clipInput.transformed =
        (zoom !== "" && zoom !== "1") || TRANSFORMING.some((name) => str(styles[SLOT[name]]) !== "" && str(styles[SLOT[name]]) !== "none");
      const client = layout.clientRects?.[layoutIndex];
      if (client !== undefined && client.length >= 4)
        clipInput.paddingBox = [bounds[0]! + client[0]!, bounds[1]! + client[1]!, client[2]!, client[3]!];
    } else if (entry.tag.startsWith("::") && clipInput.position === "static") {
      clipInput.position = str(styles[SLOT.position]) || "static";
    }
  }
  const clips = computeOverflowClips(clipInputs);
  clips.forEach((clip, index) => {
    entries[index]!.clip = clip;
  });

  const byBackendId = new Map<number, DomEntry>();
  for (const entry of entries) if (!byBackendId.has(entry.backendNodeId)) byBackendId.set(entry.backendNodeId, entry);
  return {
    documentIndex,
    frameId: str(document.frameId),
    url: str(document.documentURL),
    title: str(document.title),
    scrollX: document.scrollOffsetX ?? 0,
    scrollY: document.scrollOffsetY ?? 0,
    entries,
    byBackendId,
    closedShadowSamples,
    sharedIds,
  };
}

export function isTextEntry(entry: DomEntry): boolean {
  return entry.nodeType === TEXT_NODE;
}
