import { z } from "zod";

/**
 * The small role vocabulary rules are written against (docs/design/guard.md, "Capture"), so that
 * one rule language works whatever accessibility API produced the tree. `frame` (iframe element),
 * `media` (video/audio/canvas) and `other` are additions: rows need to know a node is an iframe or
 * media element, and a role outside the vocabulary must still be representable (rules can always
 * name the raw role instead).
 */
export const NORMALISED_ROLES = [
  "document_web",
  "landmark",
  "section",
  "text",
  "link",
  "button",
  "textbox",
  "checkbox",
  "radio",
  "menuitem",
  "tab",
  "heading",
  "list",
  "listitem",
  "table",
  "row",
  "cell",
  "columnheader",
  "img",
  "article",
  "dialog",
  "alert",
  "status",
  "toolbar",
  "menubar",
  "menu",
  "frame",
  "media",
  "other",
] as const;

export type NormalisedRole = (typeof NORMALISED_ROLES)[number];
export const NormalisedRoleSchema = z.enum(NORMALISED_ROLES);

// Chromium role names (as CDP's Accessibility domain reports them) mapped onto the vocabulary.
// Keys are lower-cased so that "StaticText", "staticText" and "statictext" all map the same way.
const CHROMIUM_TO_NORMALISED: Readonly<Record<string, NormalisedRole>> = {
  rootwebarea: "document_web",
  webarea: "document_web",
  banner: "landmark",
  navigation: "landmark",
  main: "landmark",
  contentinfo: "landmark",
  complementary: "landmark",
  search: "landmark",
  region: "landmark",
  form: "landmark",
  statictext: "text",
  inlinetextbox: "text",
  linebreak: "text",
  generic: "section",
  group: "section",
  section: "section",
  div: "section",
  genericcontainer: "section",
  link: "link",
  button: "button",
  popupbutton: "button",
  togglebutton: "button",
  textbox: "textbox",
  searchbox: "textbox",
  combobox: "textbox",
  textfield: "textbox",
  textfieldwithcombobox: "textbox",
  checkbox: "checkbox",
  switch: "checkbox",
  radio: "radio",
  radiobutton: "radio",
  menuitem: "menuitem",
  menuitemcheckbox: "menuitem",
  menuitemradio: "menuitem",
  menulistoption: "menuitem",
  option: "menuitem",
  tab: "tab",
  heading: "heading",
  list: "list",
  listbox: "list",
  listitem: "listitem",
  table: "table",
  grid: "table",
  treegrid: "table",
  layouttable: "table",
  row: "row",
  layouttablerow: "row",
  cell: "cell",
  gridcell: "cell",
  layouttablecell: "cell",
  rowheader: "cell",
  columnheader: "columnheader",
  img: "img",
  image: "img",
  svgroot: "img",
  graphicsdocument: "img",
  article: "article",
  dialog: "dialog",
  alertdialog: "dialog",
  alert: "alert",
  status: "status",
  toolbar: "toolbar",
  menubar: "menubar",
  menu: "menu",
  menulistpopup: "menu",
  iframe: "frame",
  iframepresentational: "frame",
  frame: "frame",
  video: "media",
  audio: "media",
  canvas: "media",
  embeddedobject: "media",
  pluginobject: "media",
};

/** Maps a raw (Chromium) role to the rule vocabulary; unknown roles become `other`. */
export function normaliseRole(rawRole: string): NormalisedRole {
  return CHROMIUM_TO_NORMALISED[rawRole.toLowerCase()] ?? "other";
}

/** Raw role names a rule may use besides the normalised ones (lower-cased). */
const KNOWN_RAW_ROLES: ReadonlySet<string> = new Set([
  ...Object.keys(CHROMIUM_TO_NORMALISED),
  // Chromium roles that normalise to `other` but are useful to name in a rule.
  "paragraph",
  "blockquote",
  "figure",
  "figcaption",
  "caption",
  "code",
  "emphasis",
  "strong",
  "time",
  "mark",
  "labeltext",
  "legend",
  "listmarker",
  "separator",
  "slider",
  "spinbutton",
  "progressindicator",
  "meter",
  "tree",
  "treeitem",
  "tablist",
  "tabpanel",
  "tooltip",
  "note",
  "log",
  "marquee",
  "timer",
  "feed",
  "definition",
  "term",
  "descriptionlist",
  "descriptionlistterm",
  "descriptionlistdetail",
  "details",
  "disclosuretriangle",
  "abbr",
  "subscript",
  "superscript",
  "deletion",
  "insertion",
  "math",
  "none",
  "presentation",
  "ignored",
  "unknown",
  "pre",
  "ruby",
  "header",
  "footer",
  "sectionheader",
  "sectionfooter",
  "contentdeletion",
  "contentinsertion",
  "docsection",
  "application",
  "document",
  "columnheader",
]);

export function isKnownRole(role: string): boolean {
  const lower = role.toLowerCase();
  return (NORMALISED_ROLES as readonly string[]).includes(lower) || KNOWN_RAW_ROLES.has(lower);
}

/** A rule identifier's role matches a node when it names the node's normalised or raw role. */
export function roleMatches(ruleRole: string, node: { role: string; rawRole: string }): boolean {
  if (ruleRole === node.role || ruleRole === node.rawRole) return true;
  const lower = lowerCase(ruleRole);
  return lower === node.role || lower === lowerCase(node.rawRole);
}

// Rules ask this for every node of every chain: lower-casing `StaticText` each time was a new
// string per call. Role names are few (Chromium's and the rules'); the bound only guards memory.
const lowerCases = new Map<string, string>();
function lowerCase(value: string): string {
  let lower = lowerCases.get(value);
  if (lower === undefined) {
    lower = value.toLowerCase();
    if (lowerCases.size < 1024) lowerCases.set(value, lower);
  }
  return lower;
}
