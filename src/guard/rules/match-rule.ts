import type { CapturedNode } from "../captured-page.js";
import { roleMatches } from "../roles.js";
import type { Identifier, PathRule } from "./rule.js";

// The full class string is asked for thousands of times per capture; build it once per node.
const classStrings = new WeakMap<CapturedNode, string>();
function classString(node: CapturedNode): string {
  let value = classStrings.get(node);
  if (value === undefined) {
    value = node.classes.join(" ");
    classStrings.set(node, value);
  }
  return value;
}

/**
 * Does one identifier (role + optional exact id + optional class substring) name this node? An id
 * names an element only while it is unique in its document: a page that lets a stranger's element
 * carry the trusted container's id would otherwise have that element matched (and trusted). With
 * `sharedIdMatches` (an `except` signature, which only takes trust away) a shared id still names it.
 */
export function identifierMatches(identifier: Identifier, node: CapturedNode, sharedIdMatches = false): boolean {
  // The id first: one comparison turns most nodes of a chain away before the role's lower-case
  // lookups (all three tests are pure, so their order changes nothing but the cost).
  if (identifier.id !== undefined && (node.domId !== identifier.id || (node.idShared && !sharedIdMatches))) return false;
  if (!roleMatches(identifier.role, node)) return false;
  if (identifier.class !== undefined && !classString(node).includes(identifier.class)) return false;
  return true;
}

/**
 * Matches an `ancestor_path` rule against a node's chain (content root … node, inclusive;
 * docs/design/guard.md, "Rule language"): the identifiers are a subsequence of the chain, matched
 * greedily from the root; the last one names the granted container, which is the node itself or one
 * of its ancestors. Returns the index in `chain` of the granted container, or null when the rule
 * does not grant this node.
 *
 * When several containers match the last identifier the outermost is used: `except` then
 * excludes anything below *any* of them, which is the stricter reading.
 */
export function matchPathRule(rule: PathRule, chain: readonly CapturedNode[]): number | null {
  const path = rule.ancestor_path;
  let position = -1;
  for (let i = 0; i < path.length - 1; i++) {
    let found = -1;
    for (let q = position + 1; q < chain.length; q++) {
      if (identifierMatches(path[i]!, chain[q]!)) {
        found = q;
        break;
      }
    }
    if (found < 0) return null;
    position = found;
  }
  const last = path[path.length - 1]!;
  let container = -1;
  for (let q = position + 1; q < chain.length; q++) {
    if (identifierMatches(last, chain[q]!)) {
      container = q;
      break;
    }
  }
  if (container < 0) return null;

  // "Below" = chain[container + 1 …]; when the node is the container itself, own_role tests it.
  if (rule.except !== undefined) {
    for (let q = container + 1; q < chain.length; q++) {
      const node = chain[q]!;
      if (rule.except.some((signature) => identifierMatches(signature, node, true))) return null;
    }
  }
  if (rule.own_role !== undefined) {
    const from = container + 1 < chain.length ? container + 1 : container;
    let found = false;
    for (let q = from; q < chain.length && !found; q++) found = roleMatches(rule.own_role, chain[q]!);
    if (!found) return null;
  }
  return container;
}
