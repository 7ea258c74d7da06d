import type { CapturedNode } from "../../captured-page.js";
import type { GuardRow } from "../../guard-page.js";
import { sameIdentity } from "../../verdicts/self-authored.js";
import { plainText } from "../query/screen-text.js";
import type { AppAdapter } from "../reveal/app-adapters.js";
import { matchesSelector } from "../reveal/node-selector.js";
import { subtreeText } from "../reveal/resolve-reveals.js";
import type { GuardedScreen } from "../screen/guarded-screen.js";
import type { ContentOrigin } from "./content-origin.js";

/** Grants that make a row the app's own chrome; `self` and `file` are the user's own writing. */
function grantOrigin(row: GuardRow): ContentOrigin | null {
  if (row.verdict !== "trusted") return null;
  if (row.source === "page" || row.source === "consent" || row.source.startsWith("rule#")) return { kind: "operator" };
  if (row.source === "self" || row.source === "file") return { kind: "self" };
  // `capacity` releases a stranger's text for matching a closed grammar: shown, but still theirs.
  return null;
}

interface Authored {
  /** The one name the container's own bylines show; null when it shows none or several. */
  author: string | null;
  own: boolean;
}

/**
 * The origin of every row of a capture (by node id). The grant decides first: a row the rule set
 * trusts is the operator's, a self-authored or owned-file row the user's. Any other row belongs to
 * the innermost authored container around it (the app's adapter names containers and their
 * bylines): the user's own when the app marks it so or its byline is the user's identity, else
 * its author's. A row in no container, or in one whose own bylines name nobody or more than one
 * person, is a stranger's: fail closed, since the host cannot say who wrote it.
 */
export function rowOrigins(screen: GuardedScreen, adapter: AppAdapter | undefined, userIdentity?: string): Map<string, ContentOrigin> {
  const nodes = new Map(screen.page.nodes.map((node) => [node.id, node]));
  const children = new Map<string, CapturedNode[]>();
  for (const node of screen.page.nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  const entries = adapter?.authored ?? [];
  const entryOf = (node: CapturedNode) => entries.find((entry) => matchesSelector(node, entry.container));
  const authored = new Map<string, Authored>();
  const authoredOf = (container: CapturedNode): Authored => {
    const known = authored.get(container.id);
    if (known) return known;
    const entry = entryOf(container)!;
    const names = new Set<string>();
    const stack = [...(children.get(container.id) ?? [])];
    while (stack.length > 0) {
      const node = stack.pop()!;
      // A nested container (a reply) has bylines of its own: they do not name this one's author.
      if (entryOf(node) !== undefined) continue;
      if (matchesSelector(node, entry.byline)) names.add(plainText(subtreeText(node, children)));
      else stack.push(...(children.get(node.id) ?? []));
    }
    const only = names.size === 1 ? [...names][0]! : null;
    const result = { author: only === "" ? null : only, own: entry.own !== undefined && matchesSelector(container, entry.own) };
    authored.set(container.id, result);
    return result;
  };
  const containerOf = (id: string): CapturedNode | undefined => {
    for (let node = nodes.get(id); node !== undefined; node = node.parentId === null ? undefined : nodes.get(node.parentId))
      if (entryOf(node) !== undefined) return node;
    return undefined;
  };
  const origins = new Map<string, ContentOrigin>();
  for (const row of screen.rows) {
    const granted = grantOrigin(row);
    if (granted) {
      origins.set(row.nodeId, granted);
      continue;
    }
    const container = containerOf(row.nodeId);
    const found = container === undefined ? undefined : authoredOf(container);
    if (found?.own || (found?.author && userIdentity !== undefined && sameIdentity(found.author, userIdentity)))
      origins.set(row.nodeId, { kind: "self" });
    else if (found?.author) origins.set(row.nodeId, { kind: "author", name: found.author });
    else origins.set(row.nodeId, { kind: "stranger" });
  }
  return origins;
}
