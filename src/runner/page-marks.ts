import type { CDPSession, Page } from "playwright-core";

interface DomNode {
  nodeId: number;
  backendNodeId: number;
  nodeName: string;
  attributes?: string[];
  children?: DomNode[];
  contentDocument?: DomNode;
  shadowRoots?: DomNode[];
  pseudoElements?: DomNode[];
}

/**
 * The DOM of a page as the host sees it (every frame), read over a DevTools session of its own so
 * nothing it enables touches the guard's capture. It reads the workspace's measurement marks
 * (`data-operator`, `data-content`): never the guard, whose rules may not use them.
 */
export class PageMarks {
  private readonly parentOf = new Map<number, DomNode>();
  private readonly byBackendId = new Map<number, DomNode>();

  private constructor(private readonly cdp: CDPSession) {}

  static async open(page: Page): Promise<PageMarks> {
    const marks = new PageMarks(await page.context().newCDPSession(page));
    await marks.refresh();
    return marks;
  }

  async refresh(): Promise<void> {
    const { root } = await this.cdp.send("DOM.getDocument", { depth: -1, pierce: true });
    this.parentOf.clear();
    this.byBackendId.clear();
    const stack: [DomNode, DomNode | null][] = [[root as DomNode, null]];
    while (stack.length > 0) {
      const [node, parent] = stack.pop() as [DomNode, DomNode | null];
      this.byBackendId.set(node.backendNodeId, node);
      if (parent !== null) this.parentOf.set(node.nodeId, parent);
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? []), ...(node.pseudoElements ?? [])])
        stack.push([child, node]);
      if (node.contentDocument !== undefined) stack.push([node.contentDocument, node]);
    }
  }

  /** The first of `names` carried by the node or its nearest ancestor that carries any of them (across frames); null when none does. */
  nearestAttribute(backendNodeId: number, names: readonly string[]): string | null {
    for (let node = this.byBackendId.get(backendNodeId); node !== undefined; node = this.parentOf.get(node.nodeId)) {
      const attributes = node.attributes ?? [];
      for (let i = 0; i < attributes.length; i += 2) if (names.includes(attributes[i] as string)) return attributes[i] as string;
    }
    return null;
  }

  /** Is the node inside a closed `<details>`, outside its `<summary>`? Such content keeps layout boxes in a capture but paints nothing. */
  inClosedDetails(backendNodeId: number): boolean {
    let child: DomNode | undefined;
    for (let node = this.byBackendId.get(backendNodeId); node !== undefined; node = this.parentOf.get(node.nodeId)) {
      if (node.nodeName === "DETAILS" && !(node.attributes ?? []).some((name, i) => i % 2 === 0 && name === "open")) {
        return child?.nodeName !== "SUMMARY";
      }
      child = node;
    }
    return false;
  }

  async close(): Promise<void> {
    await this.cdp.detach();
  }
}
