/**
 * Guarantee: no string of four or more characters that the page wrote as text (an accessible
 * name, a value, a link target, the title, the URL) appears in the skeleton, compared without
 * regard to case. The proposal call reads only the skeleton, so the page cannot address it
 * (docs/design/rule-proposal.md, "The skeleton").
 *
 * The skeleton is one line per node of the main document, in document order:
 *
 *   |3|nav|0|#top|.site-nav|
 *   |4|ln|9|
 *
 * — depth, a role code, the length of the node's name and text, then the DOM id (`#`) and class
 * tokens (`.`) when they pass the filter below. Everything else a page can write is left out: the
 * text itself, `aria-label`/`title`/`alt` values (they are the accessible name, given only as its
 * length), `href`s, `data-*` attributes, the URL and the title.
 *
 * How the guarantee is kept (every case is a property of the format, not a hope about pages):
 * - Fields are separated by a character `S` that occurs in none of the page's texts (the first of
 *   a fixed list that is free on this page; there are thousands of candidates and a page has
 *   finitely many characters). Every window of four characters that contains `S` is therefore
 *   not page text. Lines are `S…S` joined by a newline, so the newline is a field of its own.
 * - Every fixed field is at most three characters: depth (capped at 999), role codes (never the
 *   role's name: a page whose text is "navigation" or "button" must not find that word here),
 *   lengths (`1k`…`9k` past 999). A window of four characters cannot fit inside one of them.
 * - Ids and class tokens are the only page-written strings kept (rules need them). A token is
 *   kept only when it is plain ASCII (`A–Z a–z 0–9 _ -`, at most 40 characters) and its rendered
 *   field (`#id`, `.class`) shares no four-character window with any page text, case-folded. So a
 *   class named after a comment's words, or crafted as an instruction that a comment repeats, is
 *   dropped; a class that is an instruction and appears in no text still reaches the proposer,
 *   which is the paper's accepted limit (ids and classes are the operator's template on the sites
 *   the threat model covers).
 */
import type { CapturedNode, CapturedPage } from "../captured-page.js";
import { buildPageTree } from "../page-tree.js";
import { roleCode } from "./role-codes.js";

export interface Skeleton {
  /** The lines, joined by `\n`. */
  text: string;
  /** The field separator chosen for this page (a character no page text contains). */
  separator: string;
  lines: number;
  /** Id and class tokens left out because they were too long, not plain ASCII, or shared text with the page. */
  droppedTokens: number;
}

const SEPARATOR_CANDIDATES = ["|", "¦", "¤", "§", "¶", "¬"];
const PRIVATE_USE_FIRST = 0xe000;
const PRIVATE_USE_LAST = 0xf8ff;
const TOKEN = /^[A-Za-z0-9_-]{1,40}$/;
const MAX_CLASSES = 8;
const MAX_DEPTH = 999;

/** Every string of the page a person other than the template's author may have written, or that names the page. */
export function pageTexts(page: CapturedPage): string[] {
  const texts: string[] = [page.title];
  if (page.url !== null) texts.push(page.url);
  for (const frame of page.frames) if (frame.url !== null) texts.push(frame.url);
  for (const node of page.nodes) {
    texts.push(node.name, node.text);
    if (node.href !== null) texts.push(node.href);
  }
  return texts.filter((text) => text !== "");
}

function windowsOf(text: string, into: Set<string>): void {
  for (let i = 0; i + 4 <= text.length; i++) into.add(text.slice(i, i + 4));
}

function chooseSeparator(texts: readonly string[]): string {
  const used = new Set<string>();
  for (const text of texts) for (const char of `${text}${text.toLowerCase()}${text.toUpperCase()}`) used.add(char);
  for (const candidate of SEPARATOR_CANDIDATES) if (!used.has(candidate)) return candidate;
  for (let code = PRIVATE_USE_FIRST; code <= PRIVATE_USE_LAST; code++) {
    const candidate = String.fromCharCode(code);
    if (!used.has(candidate)) return candidate;
  }
  // Unreachable for any page a browser can render in one capture; refusing is the closed failure.
  throw new Error("no free separator character: the page uses every candidate");
}

function lengthField(length: number): string {
  return length < 1000 ? String(length) : `${Math.min(9, Math.floor(length / 1000))}k`;
}

function textLength(node: CapturedNode): number {
  const name = node.name.trim();
  const text = node.text.trim();
  const strings = text === "" || text === name ? [name] : name === "" ? [text] : [name, text];
  return strings.reduce((sum, value) => sum + [...value].length, 0);
}

/** Builds the text-free skeleton of a capture's main document (child frames are one line each). */
export function buildSkeleton(page: CapturedPage): Skeleton {
  const texts = pageTexts(page);
  const separator = chooseSeparator(texts);
  const textWindows = new Set<string>();
  for (const text of texts) windowsOf(text.toLowerCase(), textWindows);
  let droppedTokens = 0;
  const keep = (field: string): boolean => {
    const lower = field.toLowerCase();
    for (let i = 0; i + 4 <= lower.length; i++) if (textWindows.has(lower.slice(i, i + 4))) return false;
    return true;
  };
  const token = (prefix: string, value: string): string | null => {
    if (!TOKEN.test(value)) {
      droppedTokens++;
      return null;
    }
    const field = `${prefix}${value}`;
    if (keep(field)) return field;
    droppedTokens++;
    return null;
  };

  const tree = buildPageTree(page);
  const lines: string[] = [];
  const walk = (node: CapturedNode, depth: number): void => {
    const fields = [String(Math.min(depth, MAX_DEPTH)), roleCode(node.rawRole, node.role), lengthField(textLength(node))];
    if (node.domId !== null && node.domId !== "") {
      const id = token("#", node.domId);
      if (id !== null) fields.push(id);
    }
    for (const name of node.classes.slice(0, MAX_CLASSES)) {
      const cls = token(".", name);
      if (cls !== null) fields.push(cls);
    }
    droppedTokens += Math.max(0, node.classes.length - MAX_CLASSES);
    lines.push(`${separator}${fields.join(separator)}${separator}`);
    // A child frame's document gets its own rules (never the main page's): the iframe line is enough.
    if (node.role === "frame" && node !== tree.root) return;
    for (const child of tree.children(node.id)) walk(child, depth + 1);
  };
  walk(tree.root, 0);
  return { text: lines.join("\n"), separator, lines: lines.length, droppedTokens };
}
