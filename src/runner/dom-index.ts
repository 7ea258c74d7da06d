import type { CDPSession } from "playwright-core";

/** A node of `DOM.getDocument` as far as the index and its readers use it. */
export interface DomNode {
  nodeId: number;
  backendNodeId: number;
  nodeType: number;
  nodeName: string;
  attributes?: string[];
  children?: DomNode[];
  contentDocument?: DomNode;
  shadowRoots?: DomNode[];
  pseudoElements?: DomNode[];
}

/** The whole DOM of a page (every frame, shadow roots, pseudo-elements), indexed once. */
export interface DomIndex {
  readonly root: DomNode;
  readonly byNodeId: ReadonlyMap<number, DomNode>;
  readonly byBackendId: ReadonlyMap<number, DomNode>;
  /** By node id: the node's parent; a shadow root's is its host, a frame's document's is its `<iframe>`. */
  readonly parentOf: ReadonlyMap<number, DomNode>;
}

/**
 * Reads the DOM as the host sees it, across frames, over the caller's DevTools session. Callers that
 * must not disturb the guard's capture (the workspace's measurement, the canary probe) open a
 * session of their own: enabling the DOM agent on the capture's session would renumber its nodes.
 */
export async function readDomIndex(cdp: CDPSession): Promise<DomIndex> {
  const { root } = (await cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: DomNode };
  const byNodeId = new Map<number, DomNode>();
  const byBackendId = new Map<number, DomNode>();
  const parentOf = new Map<number, DomNode>();
  // An explicit stack: a deep page must not exhaust the call stack.
  const stack: [DomNode, DomNode | null][] = [[root, null]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, parent] = entry;
    byNodeId.set(node.nodeId, node);
    byBackendId.set(node.backendNodeId, node);
    if (parent !== null) parentOf.set(node.nodeId, parent);
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? []), ...(node.pseudoElements ?? [])]) stack.push([child, node]);
    if (node.contentDocument !== undefined) stack.push([node.contentDocument, node]);
  }
  return { root, byNodeId, byBackendId, parentOf };
}

/** The node with that backend id and its ancestors up to the top document, nearest first (empty when unknown). */
export function* selfAndAncestors(index: DomIndex, backendNodeId: number): Generator<DomNode> {
  for (let node = index.byBackendId.get(backendNodeId); node !== undefined; node = index.parentOf.get(node.nodeId)) yield node;
}

/** Whether the element carries the attribute (DevTools lists attributes as name, value, name, …). */
export function hasAttribute(node: DomNode, name: string): boolean {
  const attributes = node.attributes ?? [];
  for (let i = 0; i < attributes.length; i += 2) if (attributes[i] === name) return true;
  return false;
}
