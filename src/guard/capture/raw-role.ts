import type { AxNode } from "./cdp-shapes.js";
import type { DomEntry } from "./snapshot-index.js";

// Chromium reports every ignored node as role "none", which would make an uninteresting
// `<div class="post-actions">` unnameable in a rule's ancestor path. Such nodes get the role an
// exposed element of the same tag would have, so rules can name them as they name visible ones.
const TAG_ROLES: Readonly<Record<string, string>> = {
  div: "generic",
  span: "generic",
  section: "generic",
  header: "generic",
  footer: "generic",
  aside: "generic",
  nav: "generic",
  main: "generic",
  form: "generic",
  article: "generic",
  b: "generic",
  i: "generic",
  em: "generic",
  strong: "generic",
  small: "generic",
  label: "generic",
  font: "generic",
  center: "generic",
  p: "paragraph",
  ul: "list",
  ol: "list",
  li: "listitem",
  a: "link",
  img: "image",
  picture: "image",
  svg: "image",
  canvas: "canvas",
  video: "video",
  audio: "audio",
  iframe: "Iframe",
  frame: "Iframe",
  object: "EmbeddedObject",
  embed: "EmbeddedObject",
  button: "button",
  table: "table",
  tr: "row",
  td: "cell",
  th: "columnheader",
};

/** The raw (Chromium) role reported for a node, never empty. */
export function rawRoleOf(ax: AxNode | null, dom: DomEntry | null): string {
  const axRole = typeof ax?.role?.value === "string" ? ax.role.value : "";
  if (ax !== null && !(ax.ignored && (axRole === "none" || axRole === ""))) return axRole || "none";
  // Ignored, or painted but missing from the accessibility tree (layout-only).
  if (dom === null) return "none";
  if (dom.nodeType === 3 || (dom.tag.startsWith("::") && dom.layoutText.trim() !== "")) return "StaticText";
  return TAG_ROLES[dom.tag] ?? "none";
}
