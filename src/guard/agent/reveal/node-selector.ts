import type { CapturedNode } from "../../captured-page.js";

/** A node by its normalised role, DOM id or class (the rule identifier language's terms). */
export interface NodeSelector {
  role?: string;
  id?: string;
  class?: string;
}

export function matchesSelector(node: CapturedNode, selector: NodeSelector): boolean {
  if (selector.role !== undefined && node.role !== selector.role) return false;
  if (selector.id !== undefined && node.domId !== selector.id) return false;
  if (selector.class !== undefined && !node.classes.includes(selector.class)) return false;
  return selector.role !== undefined || selector.id !== undefined || selector.class !== undefined;
}
