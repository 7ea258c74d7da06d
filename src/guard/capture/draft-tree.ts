import type { AxNode } from "./cdp-shapes.js";
import type { FrameGeometry } from "./frame-geometry.js";
import { type DocumentIndex, type DomEntry, isTextEntry } from "./snapshot-index.js";

/** A node of the joined tree before limits are applied and before it becomes a `CapturedNode`. */
export interface DraftNode {
  id: string;
  frameId: string;
  /** The accessibility node; null for painted nodes the accessibility tree leaves out. */
  ax: AxNode | null;
  dom: DomEntry | null;
  /** Null when the node's frame could not be placed on the screen. */
  geometry: FrameGeometry | null;
  children: DraftNode[];
  opaque: boolean;
  /** Paint order path: the host iframes' orders, then the node's own (null: unknown). */
  paintKey: number[] | null;
}

export interface FrameDraft {
  root: DraftNode;
  byBackendId: Map<number, DraftNode>;
  /** Nodes in the order they were created (accessibility order, then layout-only nodes). */
  all: DraftNode[];
}

export interface FrameDraftInput {
  /** Short, stable prefix of node ids (`0` for the main frame, `1`, `2`, … in frame-tree order). */
  ordinal: number;
  frameId: string;
  doc: DocumentIndex;
  ax: readonly AxNode[];
  geometry: FrameGeometry;
  /** Paint key of the hosting iframe; empty for the main frame, null when the host's is unknown. */
  hostPaintKey: readonly number[] | null;
}

const INLINE_TEXT_BOX = "InlineTextBox";

function paintKey(host: readonly number[] | null, dom: DomEntry | null): number[] | null {
  return host === null || dom?.paintOrder === null || dom?.paintOrder === undefined ? null : [...host, dom.paintOrder];
}

/**
 * Joins a frame's accessibility tree with its DOM snapshot on backend node ids, keeping the
 * accessibility parentage (which already reflects `aria-owns` reparenting), and adds every painted
 * node the accessibility tree leaves out (`aria-hidden` subtrees, some generated content) as a
 * layout-only node under its nearest represented DOM ancestor. Without them, text drawn by an
 * `aria-hidden` element over a trusted button would be invisible to the mask's overlap rule.
 * Inline text boxes are dropped: their static-text parent already carries text and box.
 */
export function buildFrameDraft(input: FrameDraftInput): FrameDraft | null {
  const { ordinal, frameId, doc, geometry, hostPaintKey } = input;
  const axById = new Map<string, AxNode>();
  for (const node of input.ax) axById.set(node.nodeId, node);
  const axRoot = input.ax.find((node) => node.parentId === undefined) ?? input.ax[0];
  if (axRoot === undefined) return null;

  const byBackendId = new Map<number, DraftNode>();
  const all: DraftNode[] = [];
  const make = (id: string, ax: AxNode | null, dom: DomEntry | null): DraftNode => {
    const node: DraftNode = { id, frameId, ax, dom, geometry, children: [], opaque: false, paintKey: paintKey(hostPaintKey, dom) };
    all.push(node);
    if (dom !== null && !byBackendId.has(dom.backendNodeId)) byBackendId.set(dom.backendNodeId, node);
    return node;
  };
  const domOf = (ax: AxNode): DomEntry | null =>
    ax.backendDOMNodeId === undefined ? null : (doc.byBackendId.get(ax.backendDOMNodeId) ?? null);

  const root = make(`${ordinal}:${axRoot.nodeId}`, axRoot, domOf(axRoot));
  // Iterative, so a page nested thousands deep cannot overflow the stack before limits apply.
  // Two parallel stacks rather than a pair per node: the join allocates enough already.
  const axStack: AxNode[] = [axRoot];
  const draftStack: DraftNode[] = [root];
  const visited = new Set<string>([axRoot.nodeId]);
  while (axStack.length > 0) {
    const ax = axStack.pop()!;
    const draft = draftStack.pop()!;
    for (const childId of ax.childIds ?? []) {
      const child = axById.get(childId);
      if (child === undefined || visited.has(childId) || child.role?.value === INLINE_TEXT_BOX) continue;
      // An ignored leaf without a DOM node (under list markers) has no box, no text, nothing to match.
      if (child.ignored && child.backendDOMNodeId === undefined && (child.childIds ?? []).length === 0) continue;
      visited.add(childId);
      // Generated content (`::before`, `::after`) exposes its text as a static-text child without a
      // DOM node; what it paints is the pseudo-element's box.
      const generated =
        child.backendDOMNodeId === undefined && child.role?.value === "StaticText" && draft.dom?.tag.startsWith("::") === true;
      const childDraft = make(`${ordinal}:${child.nodeId}`, child, generated ? draft.dom : domOf(child));
      draft.children.push(childDraft);
      axStack.push(child);
      draftStack.push(childDraft);
    }
  }

  // Painted DOM nodes the accessibility tree leaves out: `aria-hidden` subtrees, and wrappers
  // Chromium finds uninteresting (a `<span class="crumb-current">` around a text run). Document
  // order guarantees a layout-only parent is created before its children.
  const parentOf = new Map<DraftNode, DraftNode>();
  const stackForParents: DraftNode[] = [root];
  while (stackForParents.length > 0) {
    const node = stackForParents.pop()!;
    for (const child of node.children) {
      parentOf.set(child, node);
      stackForParents.push(child);
    }
  }
  const nearestRepresented = (entry: DomEntry): DraftNode | undefined => {
    for (let index = entry.parentIndex; index >= 0; index = doc.entries[index]?.parentIndex ?? -1) {
      const ancestor = doc.entries[index];
      const found = ancestor === undefined ? undefined : byBackendId.get(ancestor.backendNodeId);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const nearestAccessible = (entry: DomEntry): DraftNode | undefined => {
    for (let index = entry.parentIndex; index >= 0; index = doc.entries[index]?.parentIndex ?? -1) {
      const ancestor = doc.entries[index];
      const found = ancestor === undefined ? undefined : byBackendId.get(ancestor.backendNodeId);
      if (found !== undefined && found.ax !== null) return found;
    }
    return undefined;
  };
  const layoutOnly: DraftNode[] = [];
  for (const entry of doc.entries) {
    if (byBackendId.has(entry.backendNodeId) || !isPainted(entry)) continue;
    const parent = nearestRepresented(entry) ?? root;
    const draft = make(`${ordinal}:L${entry.backendNodeId}`, null, entry);
    parent.children.push(draft);
    parentOf.set(draft, parent);
    layoutOnly.push(draft);
  }

  // Put accessible nodes back under the layout-only wrappers that contain them in the DOM, so the
  // wrapper's id and class take part in ancestor matching. Only when the accessibility parent is
  // the DOM parent chain's nearest accessible node: an `aria-owns` reparenting is kept as is.
  if (layoutOnly.length > 0) {
    const regrouped = new Set<DraftNode>();
    // Moved children leave their old parent in one pass per parent afterwards: removing them one
    // at a time was quadratic in a long list's length (a thread's comments, each in a wrapper).
    const left = new Map<DraftNode, Set<DraftNode>>();
    for (const node of all) {
      if (node.ax === null || node.dom === null || node === root) continue;
      const current = parentOf.get(node);
      const wrapper = nearestRepresented(node.dom);
      if (current === undefined || wrapper === undefined || wrapper.ax !== null || wrapper === current) continue;
      if (nearestAccessible(node.dom) !== current) continue;
      const gone = left.get(current) ?? new Set<DraftNode>();
      gone.add(node);
      left.set(current, gone);
      wrapper.children.push(node);
      parentOf.set(node, wrapper);
      regrouped.add(wrapper);
    }
    for (const [parent, gone] of left) parent.children = parent.children.filter((child) => !gone.has(child));
    for (const wrapper of regrouped) wrapper.children.sort((a, b) => (a.dom?.nodeIndex ?? 0) - (b.dom?.nodeIndex ?? 0));
  }
  return { root, byBackendId, all };
}

function isPainted(entry: DomEntry): boolean {
  if (entry.box === null || !entry.visible || entry.backendNodeId < 0) return false;
  if (isTextEntry(entry)) return entry.layoutText.trim() !== "" && entry.box[2] > 0 && entry.box[3] > 0;
  return entry.box[2] > 0 && entry.box[3] > 0;
}
