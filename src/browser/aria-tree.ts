import { yaml } from "../core/index.js";

/**
 * One node of Playwright's aria snapshot, parsed back from its YAML. `text` is the inline text a
 * node carries (`- paragraph [ref=e4]: Hello`, or a textbox's value); static text fragments are
 * nodes of role `text`; `props` holds the `/url`-style properties (`url`, `placeholder`).
 */
export interface AriaNode {
  role: string;
  name: string;
  ref?: string;
  /** Bracketed flags and values: `checked`, `active`, `level: "1"`, `cursor: "pointer"`, … */
  attributes: Record<string, string | true>;
  text?: string;
  props: Record<string, string>;
  children: AriaNode[];
}

/** Reads `role "name" [flag] [key=value]…`, the key of one snapshot entry. */
export function parseAriaKey(key: string): Omit<AriaNode, "text" | "props" | "children"> {
  let at = key.indexOf(" ");
  const role = at < 0 ? key : key.slice(0, at);
  let name = "";
  const attributes: Record<string, string | true> = {};
  if (at < 0) return { role, name, attributes };
  while (key[at] === " ") at++;
  if (key[at] === '"') {
    let end = at + 1;
    while (end < key.length && key[end] !== '"') end += key[end] === "\\" ? 2 : 1;
    try {
      name = JSON.parse(key.slice(at, end + 1)) as string;
    } catch {
      name = key.slice(at + 1, end);
    }
    at = end + 1;
  }
  for (const match of key.slice(at).matchAll(/\[([^\]=]+)(?:=([^\]]*))?\]/g)) {
    const attribute = match[1] as string;
    attributes[attribute] = match[2] ?? true;
  }
  const ref = typeof attributes.ref === "string" ? attributes.ref : undefined;
  delete attributes.ref;
  return ref === undefined ? { role, name, attributes } : { role, name, ref, attributes };
}

function nodeOf(entry: unknown): AriaNode | { prop: string; value: string } | undefined {
  if (typeof entry === "string") return { ...parseAriaKey(entry), props: {}, children: [] };
  if (entry === null || typeof entry !== "object") return undefined;
  const [key, value] = Object.entries(entry as Record<string, unknown>)[0] ?? [];
  if (key === undefined) return undefined;
  if (key.startsWith("/")) return { prop: key.slice(1), value: String(value ?? "") };
  if (key === "text") return { role: "text", name: "", attributes: {}, text: String(value ?? ""), props: {}, children: [] };
  const node: AriaNode = { ...parseAriaKey(key), props: {}, children: [] };
  if (Array.isArray(value)) {
    for (const child of value) {
      const parsed = nodeOf(child);
      if (!parsed) continue;
      if ("prop" in parsed) node.props[parsed.prop] = parsed.value;
      else node.children.push(parsed);
    }
  } else if (value !== null && value !== undefined) {
    node.text = String(value);
  }
  return node;
}

/**
 * The nodes of an aria snapshot (top level first). Returns [] for an empty snapshot and throws
 * when the text is not the YAML Playwright writes.
 */
export function parseAriaSnapshot(snapshot: string): AriaNode[] {
  const document = yaml().parse(snapshot) as unknown;
  if (document === null || document === undefined) return [];
  if (!Array.isArray(document)) throw new Error("an aria snapshot is a YAML list");
  const nodes: AriaNode[] = [];
  for (const entry of document) {
    const node = nodeOf(entry);
    if (node && !("prop" in node)) nodes.push(node);
  }
  return nodes;
}

/** Depth-first, document order. */
export function* walkAriaTree(nodes: readonly AriaNode[]): Generator<AriaNode> {
  for (const node of nodes) {
    yield node;
    yield* walkAriaTree(node.children);
  }
}

/**
 * What a node is called: its accessible name, or, when the snapshot leaves the name out (a link
 * whose only content is a `strong` child), the text of its descendants.
 */
export function ariaNodeLabel(node: AriaNode): string {
  if (node.name !== "") return node.name;
  const texts: string[] = [];
  for (const inner of walkAriaTree(node.children)) if (inner.text !== undefined && inner.text.trim() !== "") texts.push(inner.text.trim());
  return texts.join(" ");
}

/** Every string a reader of the node sees: names, inline texts and values, in document order. */
export function ariaTreeStrings(nodes: readonly AriaNode[]): string[] {
  const out: string[] = [];
  for (const node of walkAriaTree(nodes)) {
    if (node.name !== "") out.push(node.name);
    if (node.text !== undefined && node.text !== "") out.push(node.text);
  }
  return out;
}

/** The node marked `[active]` deepest in the tree (the focused element), if it is not the page itself. */
export function focusedAriaNode(nodes: readonly AriaNode[]): AriaNode | undefined {
  let found: AriaNode | undefined;
  let depthOfFound = -1;
  const visit = (list: readonly AriaNode[], depth: number) => {
    for (const node of list) {
      if (node.attributes.active === true && depth > depthOfFound) {
        found = node;
        depthOfFound = depth;
      }
      visit(node.children, depth + 1);
    }
  };
  visit(nodes, 0);
  // Nothing focused: Chromium reports the document's root container as active.
  if (found && depthOfFound === 0 && found.role === "generic" && found.name === "") return undefined;
  return found;
}
