import type { CapturedNode, CapturedPage } from "../../captured-page.js";
import { plainText } from "../query/screen-text.js";
import type { AppAdapter } from "./app-adapters.js";
import { matchesSelector } from "./node-selector.js";
import type { RevealRecord } from "./reveal-record.js";

/** The text a node shows: its leaves' text, in order. */
export function subtreeText(node: CapturedNode, children: ReadonlyMap<string, CapturedNode[]>): string {
  const kids = children.get(node.id) ?? [];
  if (kids.length === 0) return node.text !== "" ? node.text : node.rawRole === "StaticText" ? node.name : "";
  return kids.map((child) => subtreeText(child, children)).join(" ");
}

function childrenOf(page: CapturedPage): Map<string, CapturedNode[]> {
  const children = new Map<string, CapturedNode[]>();
  for (const node of page.nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  return children;
}

function descendants(node: CapturedNode, children: ReadonlyMap<string, CapturedNode[]>): CapturedNode[] {
  const out: CapturedNode[] = [];
  const stack = [...(children.get(node.id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(children.get(next.id) ?? []));
  }
  return out;
}

/**
 * The node and the text runs it paints, when what it paints is exactly `wanted`: the mask shows
 * rows, which are the text runs under a link, a button or a byline, not the element itself, so a
 * reveal of the element alone showed nothing. Only text, only inside the element's own box (2 px
 * slack), and only when the text read in order is the label or name the record was granted for: a
 * link named "Reply" by its aria-label that paints other words reveals none of them.
 */
function withShownText(node: CapturedNode, children: ReadonlyMap<string, CapturedNode[]>, wanted: string): string[] {
  if (plainText(subtreeText(node, children)) !== wanted || node.box === null) return [node.id];
  const [x, y, width, height] = node.box;
  const inside = (box: CapturedNode["box"]) =>
    box === null || (box[0] >= x - 2 && box[1] >= y - 2 && box[0] + box[2] <= x + width + 2 && box[1] + box[3] <= y + height + 2);
  const below = descendants(node, children);
  if (!below.every((candidate) => candidate.role === "text" && inside(candidate.box))) return [node.id];
  return [node.id, ...below.map((candidate) => candidate.id)];
}

/** A byline: the author's name and the node that shows it, inside a content container. */
interface Byline {
  name: string;
  node: CapturedNode;
  container: CapturedNode;
}

/** Every byline the app's adapter finds on a capture. */
function findBylines(page: CapturedPage, adapter: AppAdapter | undefined): Byline[] {
  if (adapter === undefined) return [];
  const children = childrenOf(page);
  const out: Byline[] = [];
  for (const { container, byline } of adapter.authored) {
    for (const box of page.nodes.filter((node) => matchesSelector(node, container))) {
      for (const node of descendants(box, children).filter((candidate) => matchesSelector(candidate, byline))) {
        out.push({ name: plainText(subtreeText(node, children)), node, container: box });
      }
    }
  }
  return out;
}

/**
 * The node ids a capture reveals for the episode's reveal records
 * (docs/design/guarded-agent.md, "Reveal records"): for an author, the byline nodes whose text
 * equals the identifier exactly (the name only, never the content); for `message_box`, the app's
 * composer; for a button or link, those whose accessible name equals the label exactly. Each
 * reveals only its own box.
 */
export function resolveReveals(page: CapturedPage, adapter: AppAdapter | undefined, records: readonly RevealRecord[]): string[] {
  const ids: string[] = [];
  const bylines = records.some((record) => record.kind === "author") ? findBylines(page, adapter) : [];
  const children = childrenOf(page);
  for (const record of records) {
    if (record.kind === "author") {
      const wanted = plainText(record.identifier);
      for (const byline of bylines) if (byline.name === wanted) ids.push(...withShownText(byline.node, children, wanted));
    } else if (record.control === "message_box") {
      for (const node of page.nodes) if (adapter?.messageBox.some((selector) => matchesSelector(node, selector))) ids.push(node.id);
    } else {
      const wanted = plainText(record.label);
      for (const node of page.nodes)
        if (node.role === record.control && plainText(node.name) === wanted) ids.push(...withShownText(node, children, wanted));
    }
  }
  return ids;
}
