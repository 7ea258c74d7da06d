import { type Box, type CapturedNode, type CapturedPage, screenshotSize } from "../captured-page.js";
import { clipRect, type Rect, snapOutward } from "../geometry/rect.js";
import { buildPageTree, type PageTree } from "../page-tree.js";
import type { ContentRoot } from "./content-root.js";
import type { AncestorRecord, ForcedReason, Row } from "./row.js";

/** Per-node facts the rule matcher and the mask need, computed once per capture. */
interface NodeInfo {
  node: CapturedNode;
  /** The content root the node belongs to (its nearest document ancestor-or-self). */
  contentRootId: string;
  /** Content root … node, inclusive: what `ancestor_path` is matched against. */
  chain: CapturedNode[];
  forced: ForcedReason | null;
  /** Set when the node is a row. */
  rowIndex: number | null;
  /** Set when the node is folded into a row (a descendant of a leaf such as an image or control). */
  foldedInto: string | null;
}

export interface PageModel {
  tree: PageTree;
  screen: { width: number; height: number };
  contentRoots: ContentRoot[];
  rows: Row[];
  info: ReadonlyMap<string, NodeInfo>;
}

// Leaves whose inside is not separately drawn content: the row stands for the whole subtree.
// An iframe is not among them: with a readable document it is a container of its own content root.
const FOLDING_ROLES = new Set(["text", "img", "media", "textbox", "checkbox", "radio"]);
const FOLDING_RAW_ROLES = new Set([
  "slider",
  "spinbutton",
  "switch",
  "listbox",
  "combobox",
  "progressindicator",
  "meter",
  "colorwell",
  "date",
  "datetime",
  "inputtime",
  "searchbox",
]);

function isFoldingLeaf(node: CapturedNode): boolean {
  return FOLDING_ROLES.has(node.role) || FOLDING_RAW_ROLES.has(node.rawRole.toLowerCase());
}

function hasArea(box: Box | null): box is Box {
  return box !== null && box[2] > 0 && box[3] > 0;
}

function ancestorRecord(node: CapturedNode): AncestorRecord {
  return {
    nodeId: node.id,
    role: node.role,
    rawRole: node.rawRole,
    domId: node.domId,
    classes: node.classes.join(" "),
    tag: node.tag,
    box: node.box,
  };
}

/** The chain's records nearest first, the node itself left out: one array, not a slice, a reverse and a map. */
function ancestorsOf(chain: readonly CapturedNode[], recordOf: (node: CapturedNode) => AncestorRecord): AncestorRecord[] {
  const out = new Array<AncestorRecord>(chain.length - 1);
  for (let i = chain.length - 2, k = 0; i >= 0; i--, k++) out[k] = recordOf(chain[i]!);
  return out;
}

/**
 * `[...chain, node]` in an array of exactly its length: each node keeps its own chain, and a
 * spread goes through the iterator and leaves spare capacity in every one of them.
 */
function extendChain(chain: readonly CapturedNode[], node: CapturedNode): CapturedNode[] {
  const out = new Array<CapturedNode>(chain.length + 1);
  for (let i = 0; i < chain.length; i++) out[i] = chain[i]!;
  out[chain.length] = node;
  return out;
}

function resolveHref(href: string, base: string | null): string {
  try {
    return new URL(href, base ?? undefined).href;
  } catch {
    return href;
  }
}

function pushStrings(target: string[], node: CapturedNode): void {
  for (const value of [node.name, node.text]) {
    const trimmed = value.trim();
    if (trimmed !== "" && !target.includes(trimmed)) target.push(trimmed);
  }
}

/**
 * Builds content roots and rows (docs/design/guard.md, "Rows") from a validated capture. A row is a
 * non-ignored node with a non-empty box that is a presentation leaf: a text run, an
 * image/media/iframe element, a form control, or a childless element (an empty ad slot is exactly
 * what must stay masked). Opaque frames and truncated regions become one forced-untrusted row each.
 */
export function buildPageModel(page: CapturedPage): PageModel {
  const tree = buildPageTree(page);
  const screen = screenshotSize(page);
  const frameUrls = new Map(page.frames.map((frame) => [frame.frameId, frame.url]));
  const contentRoots: ContentRoot[] = [];
  const rows: Row[] = [];
  const info = new Map<string, NodeInfo>();
  // Rows share their ancestors: one record per node, not one per row and ancestor.
  const records = new Map<CapturedNode, AncestorRecord>();
  const recordOf = (node: CapturedNode): AncestorRecord => {
    let record = records.get(node);
    if (record === undefined) {
      record = ancestorRecord(node);
      records.set(node, record);
    }
    return record;
  };

  interface Frame {
    node: CapturedNode;
    root: ContentRoot | null;
    chain: CapturedNode[];
    forced: ForcedReason | null;
    foldedInto: string | null;
    link: CapturedNode | null;
  }

  // Chains follow the layout: where `aria-owns` made another node a node's accessibility parent,
  // its chain (what rules match and containment checks) runs through its layout parent instead,
  // so owning a node neither lends it the owner's ancestors nor takes away its own.
  const chains = new Map<string, CapturedNode[]>();
  const layoutChain = (id: string): CapturedNode[] => {
    const known = chains.get(id);
    if (known !== undefined) return known;
    const path: CapturedNode[] = [];
    const seen = new Set<string>();
    for (let at = tree.byId.get(id); at !== undefined && !seen.has(at.id); ) {
      seen.add(at.id);
      path.push(at);
      if (at.role === "document_web") break;
      const up = at.layoutParentId ?? at.parentId;
      at = up === null ? undefined : tree.byId.get(up);
    }
    const chain = path.reverse();
    chains.set(id, chain);
    return chain;
  };

  const stack: Frame[] = [{ node: tree.root, root: null, chain: [], forced: null, foldedInto: null, link: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { node } = frame;
    let root = frame.root;
    const reparented = node.layoutParentId !== null && tree.byId.has(node.layoutParentId);
    let chain = reparented ? extendChain(layoutChain(node.layoutParentId!), node) : extendChain(frame.chain, node);
    chains.set(node.id, chain);
    let forced = frame.forced;

    if (node.role === "document_web" && frame.foldedInto === null) {
      const isMain = root === null;
      const url = isMain ? page.url : (frameUrls.get(node.frameId) ?? null);
      let rect: Rect | null;
      if (isMain) rect = [0, 0, screen.width, screen.height];
      else {
        // A child document is drawn inside its iframe; use whichever box is known, masked outward.
        const parent = tree.parent(node.id);
        const box = hasArea(node.box) ? node.box : parent !== null && hasArea(parent.box) ? parent.box : null;
        rect = box === null ? null : clipRect(snapOutward(box), screen.width, screen.height);
      }
      root = { node, frameId: node.frameId, url, isMain, rect };
      contentRoots.push(root);
      chain = [node];
      if (url === null || url.trim() === "") forced ??= "no-url";
    }
    if (forced === null && node.opaque) forced = "opaque";
    if (forced === null && node.truncated) forced = "truncated";

    const link = node.role === "link" ? node : reparented ? ([...chain].reverse().find((at) => at.role === "link") ?? null) : frame.link;
    let rowIndex: number | null = null;
    // An owned node is not part of its owner's row: its text is its own, judged on its own chain.
    let foldedInto = reparented ? null : frame.foldedInto;
    const children = tree.children(node.id);

    if (foldedInto === null && root !== null && node.role !== "document_web") {
      // Opaque and truncated nodes stand for everything that could not be read below them.
      const stopsHere = node.opaque || node.truncated || (node.role === "frame" && children.length === 0);
      const isRow = stopsHere || (!node.ignored && (isFoldingLeaf(node) || children.length === 0));
      if (isRow && hasArea(node.box)) {
        const rowForced: ForcedReason | null = forced ?? (node.role === "frame" && children.length === 0 ? "opaque" : null);
        const strings: string[] = [];
        pushStrings(strings, node);
        rowIndex = rows.length;
        const clipped = clipRect(snapOutward(node.box), screen.width, screen.height);
        rows.push({
          index: rowIndex,
          id: node.id,
          node,
          role: node.role,
          rawRole: node.rawRole,
          domId: node.domId,
          classes: node.classes.join(" "),
          tag: node.tag,
          strings,
          text: "",
          box: node.box,
          offscreen: node.offscreen || clipped === null,
          ancestors: ancestorsOf(chain, recordOf),
          contentRootId: root.node.id,
          linkUrl: link?.href != null ? resolveHref(link.href, root.url) : null,
          inLink: link !== null,
          forced: rowForced,
        });
        forced = rowForced;
        foldedInto = node.id;
      } else if (isRow && stopsHere) {
        // Nothing on screen to mask, but nothing below may be trusted either.
        foldedInto = node.id;
      }
    } else if (foldedInto !== null) {
      const host = rows[info.get(foldedInto)?.rowIndex ?? -1];
      if (host !== undefined) pushStrings(host.strings, node);
    }

    info.set(node.id, {
      node,
      contentRootId: root?.node.id ?? node.id,
      chain,
      forced,
      rowIndex,
      foldedInto: rowIndex === null ? foldedInto : null,
    });
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i]!, root, chain, forced, foldedInto, link });
    }
  }
  for (const row of rows) row.text = row.strings.join(" ");
  return { tree, screen, contentRoots, rows, info };
}
