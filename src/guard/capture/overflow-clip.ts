import type { DocRect } from "./snapshot-index.js";

/** `[left, top, right, bottom]`; infinite on an axis nothing clips. */
export type ClipEdges = [number, number, number, number];

const NO_CLIP: ClipEdges = [-Infinity, -Infinity, Infinity, Infinity];

/** The styles and boxes of one DOM node that decide clipping; all optional for nodes without layout. */
export interface ClipInput {
  parentIndex: number;
  tag: string;
  isText: boolean;
  position: string;
  overflowX: string;
  overflowY: string;
  transformed: boolean;
  /** Padding box in document coordinates (where an overflow clip cuts), null without layout. */
  paddingBox: DocRect | null;
}

function intersect(a: ClipEdges, b: ClipEdges): ClipEdges {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

// `clip` is left out on purpose: `overflow-clip-margin` lets it paint past the padding box.
const CLIPPING = new Set(["hidden", "scroll", "auto"]);

/**
 * The overflow clip that applies to each node's own painting, in document coordinates
 * (docs/design/guard.md, "Rows": paint does not follow the tree). A scroll container's content
 * scrolled out of view keeps a box where something else is painted; without the clip a trusted row
 * there would reveal those pixels and an untrusted one would hide a trusted neighbour.
 *
 * CSS clips a node by the overflow of the ancestors in its containing-block chain: every ancestor
 * for in-flow nodes, only positioned (or transformed) ones for `absolute`. Anything this cannot
 * compute exactly errs towards *no* clip, which can only leave a box larger than its paint, never
 * smaller: `fixed` nodes are never cut (a transformed ancestor would clip them, but the top layer
 * — modal dialogs, popovers — escapes even that), transforms and zoom (box arithmetic mixes
 * transformed and local units), `html`/`body` (their overflow belongs to the viewport, which the
 * frame clip covers), `overflow: clip` (it may paint into `overflow-clip-margin`), and containing
 * blocks made by `filter`, `contain` or `will-change`.
 */
export function computeOverflowClips(nodes: readonly ClipInput[]): (ClipEdges | null)[] {
  const normal: ClipEdges[] = [];
  const absolute: ClipEdges[] = [];
  const underTransform: boolean[] = [];
  const own: (ClipEdges | null)[] = [];
  const compute = (index: number): void => {
    if (normal[index] !== undefined) return;
    const node = nodes[index]!;
    const parent = node.parentIndex;
    if (parent >= 0 && parent < nodes.length && normal[parent] === undefined) compute(parent);
    const hasParent = parent >= 0 && parent < nodes.length;
    const parentNormal = hasParent ? normal[parent]! : NO_CLIP;
    const position = node.isText ? "static" : node.position;
    const self = !hasParent || position === "fixed" ? NO_CLIP : position === "absolute" ? absolute[parent]! : parentNormal;
    const transformedHere = (hasParent && underTransform[parent]!) || node.transformed;
    let content = self;
    const clipsX = CLIPPING.has(node.overflowX);
    const clipsY = CLIPPING.has(node.overflowY);
    if ((clipsX || clipsY) && !transformedHere && node.paddingBox !== null && node.tag !== "html" && node.tag !== "body") {
      const [x, y, w, h] = node.paddingBox;
      content = intersect(self, [clipsX ? x : -Infinity, clipsY ? y : -Infinity, clipsX ? x + w : Infinity, clipsY ? y + h : Infinity]);
    }
    own[index] = self === NO_CLIP ? null : self;
    normal[index] = content;
    absolute[index] = position !== "static" || node.transformed ? content : hasParent ? absolute[parent]! : NO_CLIP;
    underTransform[index] = transformedHere;
  };
  for (let index = 0; index < nodes.length; index++) compute(index);
  return own;
}
