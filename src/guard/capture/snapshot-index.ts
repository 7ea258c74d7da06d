import {
  type DomSnapshot,
  type RareIntegerData,
  type RareStringData,
  SNAPSHOT_STYLES,
  type SnapshotDocument,
  type SnapshotStyle,
} from "./cdp-shapes.js";
import { type ClipEdges, type ClipInput, computeOverflowClips } from "./overflow-clip.js";
import {
  addOutsets,
  combiningMarkOutset,
  filterOutset,
  type Outset,
  outlineOutset,
  reflectOutset,
  textEffectOutset,
  UNBOUNDED_OUTSET,
} from "./paint-outset.js";

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
  /**
   * How far (CSS px: left, top, right, bottom) beyond its box the node paints an image or a shadow
   * of its own (background image, border image, box shadow), or copies of what it draws moved by
   * a filter (its own or an ancestor's `drop-shadow`, `blur`, SVG filter) or a reflection, a text
   * shadow, a text stroke or an outline: shapes the page chooses. Null when it paints none; zeros for an image inside its box.
   */
  shapeOutset: [number, number, number, number] | null;
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
/** Controls that draw their value's text from a shadow tree the snapshot does not list. */
const TEXT_CONTROLS = new Set(["input", "textarea", "select"]);
const TRANSFORMING = ["transform", "scale", "rotate", "translate", "offset-path"] as const;

function paintsImage(value: string): boolean {
  return value !== "" && value !== "none";
}

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
    entries.push({
      nodeIndex: i,
      backendNodeId: nodes.backendNodeId?.[i] ?? -1,
      parentIndex: nodes.parentIndex?.[i] ?? -1,
      nodeType,
      tag,
      domId,
      classes,
      href: href !== null && (tag === "a" || tag === "area") ? resolveHref(href, baseUrl) : null,
      box: null,
      paintOrder: null,
      layoutText: "",
      visible: true,
      shapeOutset: null,
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
  // Filters move the pixels of the whole subtree (own, then summed down); text effects are
  // inherited styles, given to a node without styles of its own (no layout) by its parent.
  const ownFilter: (Outset | null)[] = new Array(entries.length).fill(null);
  const ownText: (Outset | null | undefined)[] = new Array(entries.length).fill(undefined);
  // Multicol containers: 1 with horizontal columns, 2 in a vertical writing mode.
  const multicol = new Uint8Array(entries.length);
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
    // Stacked combining marks draw glyphs above and below the line box the layout reports.
    if (text !== undefined && text >= 0) {
      const marks = combiningMarkOutset(str(text), Number.parseFloat(str(styles[SLOT["font-size"]])));
      if (marks !== null) entry.shapeOutset = maxOutset(entry.shapeOutset, marks);
    }
    const visibility = str(styles[SLOT.visibility]);
    if (visibility === "hidden" || visibility === "collapse") entry.visible = false;
    const images = paintsImage(str(styles[SLOT["background-image"]])) || paintsImage(str(styles[SLOT["border-image-source"]]));
    const shadow = shadowOutset(str(styles[SLOT["box-shadow"]]));
    if (images || shadow !== null) entry.shapeOutset = maxOutset(entry.shapeOutset, shadow ?? [0, 0, 0, 0]);
    const outline = outlineOutset(
      str(styles[SLOT["outline-style"]]),
      str(styles[SLOT["outline-width"]]),
      str(styles[SLOT["outline-offset"]]),
    );
    if (outline !== null) entry.shapeOutset = maxOutset(entry.shapeOutset, outline);
    // A reflection copies the subtree like a filter does: it is passed down with the filters.
    const copies = addOutsets(
      filterOutset(str(styles[SLOT.filter])),
      reflectOutset(str(styles[SLOT["-webkit-box-reflect"]]), bounds[2]!, bounds[3]!),
    );
    if (copies !== null) ownFilter[nodeIndex] = maxOutset(ownFilter[nodeIndex] ?? null, copies);
    if (styles.length > 0) {
      const textEffect = textEffectOutset(str(styles[SLOT["text-shadow"]]), str(styles[SLOT["-webkit-text-stroke-width"]]));
      const known = ownText[nodeIndex];
      ownText[nodeIndex] =
        known === undefined || known === null || textEffect === null ? (known ?? textEffect) : maxOutset(known, textEffect);
    }
    // The first layout box of an element carries its styles and its client rect.
    const clipInput = clipInputs[nodeIndex]!;
    if (clipInput.paddingBox === null && entry.nodeType === ELEMENT_NODE) {
      entry.inline = str(styles[SLOT.display]) === "inline";
      clipInput.position = str(styles[SLOT.position]) || "static";
      clipInput.overflowX = str(styles[SLOT["overflow-x"]]) || "visible";
      clipInput.overflowY = str(styles[SLOT["overflow-y"]]) || "visible";
      const zoom = str(styles[SLOT.zoom]);
      if (isMulticol(str(styles[SLOT["column-count"]]), str(styles[SLOT["column-width"]]))) {
        multicol[nodeIndex] = (str(styles[SLOT["writing-mode"]]) || "horizontal-tb") === "horizontal-tb" ? 1 : 2;
      }
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
  applyEffectOutsets(entries, ownFilter, ownText, multicol);
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
  };
}

/**
 * Grows each node's `shapeOutset` by the effects that copy or spread its pixels: the filters of
 * the node and its ancestors (a `drop-shadow` on a wrapper paints every descendant's text again,
 * elsewhere; nested filters add up) and its text shadow and stroke (inherited; a node without
 * layout styles takes its parent's) for what draws text, the text effect filtered by the filters
 * above it.
 * Snapshot order is document order, so a parent is usually done first; otherwise it is done then.
 */
function applyEffectOutsets(
  entries: DomEntry[],
  ownFilter: readonly (Outset | null)[],
  ownText: readonly (Outset | null | undefined)[],
  multicol: Uint8Array,
): void {
  const filterAcc: (Outset | null)[] = new Array(entries.length);
  const textAcc: (Outset | null)[] = new Array(entries.length);
  /** The nearest multicol container at or above each node, -1 for none. */
  const columnsAcc = new Int32Array(entries.length).fill(-1);
  const done: boolean[] = new Array(entries.length).fill(false);
  const visit = (index: number): void => {
    // Walk up to the first finished ancestor, then finish the chain top-down (no recursion depth).
    const chain: number[] = [];
    for (let at = index; at >= 0 && at < entries.length && !done[at]; at = entries[at]!.parentIndex) chain.push(at);
    for (let k = chain.length - 1; k >= 0; k--) {
      const at = chain[k]!;
      const parent = entries[at]!.parentIndex;
      const hasParent = parent >= 0 && parent < entries.length;
      filterAcc[at] = addOutsets(ownFilter[at] ?? null, hasParent ? filterAcc[parent]! : null);
      const text = ownText[at];
      textAcc[at] = text === undefined ? (hasParent ? textAcc[parent]! : null) : text;
      columnsAcc[at] = multicol[at]! > 0 ? at : hasParent ? columnsAcc[parent]! : -1;
      done[at] = true;
      const columns = columnsAcc[at]!;
      if (columns >= 0) {
        const band = columnBandOutset(entries[at]!.box, entries[columns]!.box, multicol[columns] === 2);
        if (band !== null) entries[at]!.shapeOutset = maxOutset(entries[at]!.shapeOutset, band);
      }
      // A text effect is drawn around glyphs only: an element that merely inherits it (a page-wide
      // `text-shadow` on body) paints none of it itself, and would otherwise win over every
      // trusted row it overlaps, whatever the paint order.
      const drawsText = entries[at]!.nodeType === TEXT_NODE || entries[at]!.layoutText !== "" || TEXT_CONTROLS.has(entries[at]!.tag);
      const glyphs = drawsText ? textAcc[at]! : null;
      const effect = glyphs === null ? filterAcc[at]! : addOutsets(glyphs, filterAcc[at]! ?? [0, 0, 0, 0]);
      if (effect !== null) entries[at]!.shapeOutset = maxOutset(entries[at]!.shapeOutset, effect);
    }
  };
  for (let index = 0; index < entries.length; index++) if (!done[index]) visit(index);
}

/** A multicol container: `column-count` or `column-width` other than `auto`. */
function isMulticol(count: string, width: string): boolean {
  return (count !== "" && count !== "auto") || (width !== "" && width !== "auto");
}

/**
 * Where a node inside a multicol container may paint, as an outset of its own box. The snapshot
 * gives the text of a multicol flow in the coordinates of one column (every text box at the first
 * column's origin), so the columns after the first paint where no captured box is; with a fixed
 * height they run on beyond the container's box in the inline direction. The bound: the
 * container's band, unbounded sideways (its top to its bottom, and the node's own box); in a
 * vertical writing mode the columns run downwards, so unbounded every way. Overflow clips still
 * cut it (`capture-page`).
 */
function columnBandOutset(box: DocRect | null, container: DocRect | null, vertical: boolean): Outset | null {
  if (box === null || container === null) return null;
  if (vertical) return [UNBOUNDED_OUTSET, UNBOUNDED_OUTSET, UNBOUNDED_OUTSET, UNBOUNDED_OUTSET];
  const top = Math.max(0, box[1] - container[1]);
  const bottom = Math.max(0, container[1] + container[3] - (box[1] + box[3]));
  return [UNBOUNDED_OUTSET, top, UNBOUNDED_OUTSET, bottom];
}

export function isTextEntry(entry: DomEntry): boolean {
  return entry.nodeType === TEXT_NODE;
}

/** Splits a computed list at top-level commas (`rgb(…)` keeps its own). */
function splitTopLevel(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

/**
 * How far a computed `box-shadow` paints beyond the box, per side (left, top, right, bottom), in
 * CSS px; null for `none`. Each shadow is its box moved by its offsets, grown by its spread and
 * blurred by its blur radius; an inset shadow paints inside the box only.
 */
export function shadowOutset(value: string): [number, number, number, number] | null {
  if (value === "" || value === "none") return null;
  let out: [number, number, number, number] = [0, 0, 0, 0];
  for (const shadow of splitTopLevel(value)) {
    if (/\binset\b/.test(shadow)) continue;
    const lengths = [...shadow.replace(/\([^)]*\)/g, "").matchAll(/(-?\d*\.?\d+(?:e-?\d+)?)px/g)].map((match) => Number(match[1]));
    const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
    const grow = Math.max(0, blur) + spread;
    out = maxOutset(out, [grow - x, grow - y, grow + x, grow + y]);
  }
  return out;
}

function maxOutset(
  a: [number, number, number, number] | null,
  b: readonly [number, number, number, number],
): [number, number, number, number] {
  const base = a ?? [0, 0, 0, 0];
  return [Math.max(base[0], b[0], 0), Math.max(base[1], b[1], 0), Math.max(base[2], b[2], 0), Math.max(base[3], b[3], 0)];
}
