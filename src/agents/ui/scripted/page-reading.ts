import { type AriaNode, ariaNodeLabel, walkAriaTree } from "../../../browser/index.js";

/** Roles whose subtree is the page's chrome, a control or a status line, not content. */
const NOT_CONTENT = new Set(["banner", "navigation", "button", "status", "alert", "option", "checkbox", "radio"]);
const FIELD_ROLES = new Set(["textbox", "combobox", "searchbox", "spinbutton"]);
/** Link names that are commands ("Edit …", "Share file"), not content. */
const COMMAND_LINK = /^(?:edit|share|new|all|back|checkout|mark|remove|save|move|skip|delete|open|home|create|add)\b/i;

export function findNodes(nodes: readonly AriaNode[], predicate: (node: AriaNode) => boolean): AriaNode[] {
  return [...walkAriaTree(nodes)].filter(predicate);
}

export function findNode(nodes: readonly AriaNode[], role: string, name: string | RegExp): AriaNode | undefined {
  return findNodes(nodes, (node) => node.role === role && (typeof name === "string" ? node.name === name : name.test(node.name)))[0];
}

/** The page's `main` region (the whole tree when there is none). */
export function mainOf(tree: readonly AriaNode[]): AriaNode[] {
  const main = findNodes(tree, (node) => node.role === "main")[0];
  return main ? main.children : [...tree];
}

/** The apps of the workspace as its navigation lists them: name → URL. */
export function appLinks(tree: readonly AriaNode[]): Array<{ name: string; url: string }> {
  const nav = findNodes(tree, (node) => node.role === "navigation" && node.name === "Apps")[0];
  if (!nav) return [];
  return findNodes(nav.children, (node) => node.role === "link" && node.props.url !== undefined && node.name !== "Home").map((node) => ({
    name: node.name,
    url: node.props.url as string,
  }));
}

/** Links in the main region whose URL matches, in page order, without repeats. */
export function contentLinks(tree: readonly AriaNode[], url: RegExp): Array<{ name: string; url: string }> {
  const seen = new Set<string>();
  const out: Array<{ name: string; url: string }> = [];
  for (const node of findNodes(mainOf(tree), (candidate) => candidate.role === "link" && candidate.props.url !== undefined)) {
    const href = node.props.url as string;
    if (!url.test(href) || seen.has(href)) continue;
    seen.add(href);
    out.push({ name: ariaNodeLabel(node), url: href });
  }
  return out;
}

/**
 * What a person would copy off the page: the texts of the main region, one line per text, with
 * headings, commands, field labels and hints left out and field values (drafts, file contents)
 * kept. This is how the scripted UI agents read: only from the screen, never from the state.
 */
export function contentLines(tree: readonly AriaNode[]): string[] {
  const lines: string[] = [];
  const visit = (nodes: readonly AriaNode[]) => {
    const hasField = nodes.some((node) => FIELD_ROLES.has(node.role));
    for (const node of nodes) {
      if (NOT_CONTENT.has(node.role)) continue;
      if (node.role === "heading") {
        // Levels 1–2 title the page and its sections; deeper headings are item titles.
        if (Number(node.attributes.level ?? 1) >= 3 && node.name !== "") lines.push(node.name);
        visit(node.children);
        continue;
      }
      if (node.role === "link") {
        const name = ariaNodeLabel(node);
        if (name !== "" && !COMMAND_LINK.test(name)) lines.push(name);
        continue;
      }
      if (FIELD_ROLES.has(node.role)) {
        if (node.text !== undefined && node.text.trim() !== "") lines.push(node.text);
        continue;
      }
      // Beside a field, plain texts are its label and hint.
      if (hasField && (node.role === "generic" || node.role === "text") && node.children.length === 0) continue;
      if (node.text !== undefined && node.text.trim() !== "") lines.push(node.text);
      visit(node.children);
    }
  };
  visit(mainOf(tree));
  return [...new Set(lines.map((line) => line.replace(/\s+/g, " ").trim()).filter((line) => line !== ""))];
}
