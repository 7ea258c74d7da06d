import type { CDPSession, Page } from "playwright-core";
import { type DomIndex, type DomNode, hasAttribute, readDomIndex, selfAndAncestors } from "./dom-index.js";

/**
 * The DOM of a page as the host sees it (every frame), read over a DevTools session of its own so
 * nothing it enables touches the guard's capture. It reads the workspace's measurement marks
 * (`data-operator`, `data-content`): never the guard, whose rules may not use them.
 */
export class PageMarks {
  private index: DomIndex | undefined;

  private constructor(private readonly cdp: CDPSession) {}

  static async open(page: Page): Promise<PageMarks> {
    const marks = new PageMarks(await page.context().newCDPSession(page));
    await marks.refresh();
    return marks;
  }

  async refresh(): Promise<void> {
    this.index = await readDomIndex(this.cdp);
  }

  private nodeAndAncestors(backendNodeId: number): Iterable<DomNode> {
    return this.index ? selfAndAncestors(this.index, backendNodeId) : [];
  }

  /** The first of `names` carried by the node or its nearest ancestor that carries any of them (across frames); null when none does. */
  nearestAttribute(backendNodeId: number, names: readonly string[]): string | null {
    for (const node of this.nodeAndAncestors(backendNodeId)) {
      const attributes = node.attributes ?? [];
      for (let i = 0; i < attributes.length; i += 2) if (names.includes(attributes[i] as string)) return attributes[i] as string;
    }
    return null;
  }

  /** Is the node inside a closed `<details>`, outside its `<summary>`? Such content keeps layout boxes in a capture but paints nothing. */
  inClosedDetails(backendNodeId: number): boolean {
    let child: DomNode | undefined;
    for (const node of this.nodeAndAncestors(backendNodeId)) {
      if (node.nodeName === "DETAILS" && !hasAttribute(node, "open")) return child?.nodeName !== "SUMMARY";
      child = node;
    }
    return false;
  }

  async close(): Promise<void> {
    await this.cdp.detach();
  }
}
