/**
 * The parts of the DevTools protocol results that capture reads, typed structurally so the code
 * depends on the fields it uses rather than on Playwright's bundled protocol module (which its
 * package does not export). The objects CDP returns are assignable to these.
 */

interface AxValue {
  type?: string;
  value?: unknown;
}

interface AxProperty {
  name: string;
  value: AxValue;
}

export interface AxNode {
  nodeId: string;
  ignored: boolean;
  role?: AxValue;
  name?: AxValue;
  value?: AxValue;
  properties?: AxProperty[];
  parentId?: string;
  childIds?: string[];
  backendDOMNodeId?: number;
  frameId?: string;
}

export interface RareStringData {
  index: number[];
  value: number[];
}

export interface RareIntegerData {
  index: number[];
  value: number[];
}

interface SnapshotNodeTree {
  parentIndex?: number[];
  nodeType?: number[];
  nodeName?: number[];
  nodeValue?: number[];
  backendNodeId?: number[];
  attributes?: number[][];
  inputValue?: RareStringData;
  contentDocumentIndex?: RareIntegerData;
  pseudoType?: RareStringData;
  /** The type of the shadow root a node is in (`open`, `closed`, `user-agent`); absent outside one. */
  shadowRootType?: RareStringData;
}

interface SnapshotLayoutTree {
  nodeIndex: number[];
  styles: number[][];
  bounds: number[][];
  text: number[];
  paintOrders?: number[];
  /** With `includeDOMRects`: `[clientLeft, clientTop, clientWidth, clientHeight]` per layout node. */
  clientRects?: number[][];
}

export interface SnapshotDocument {
  documentURL: number;
  title: number;
  baseURL: number;
  frameId: number;
  nodes: SnapshotNodeTree;
  layout: SnapshotLayoutTree;
  scrollOffsetX?: number;
  scrollOffsetY?: number;
}

export interface DomSnapshot {
  documents: SnapshotDocument[];
  strings: string[];
}

export interface FrameTreeNode {
  frame: { id: string; parentId?: string; url: string; urlFragment?: string };
  childFrames?: FrameTreeNode[];
}

/**
 * Computed styles requested from `DOMSnapshot.captureSnapshot`, in this order: visibility (a hidden
 * box paints nothing), and what decides which overflow clips apply to a node (its own position,
 * the clipping element's overflow, transforms and zoom that make box arithmetic unreliable). What
 * paints beyond a node's box is not read from styles: the differential check compares pixels.
 */
export const SNAPSHOT_STYLES = [
  "visibility",
  "overflow-x",
  "overflow-y",
  "position",
  "transform",
  "zoom",
  "display",
  "scale",
  "rotate",
  "translate",
  "offset-path",
] as const;
export type SnapshotStyle = (typeof SNAPSHOT_STYLES)[number];
