import type { Row } from "../rows/row.js";

// Tags that flow inside a line: a text run inside one of these is part of the surrounding text.
const INLINE_TAGS = new Set([
  "#text",
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "br",
  "cite",
  "code",
  "data",
  "del",
  "dfn",
  "em",
  "font",
  "i",
  "ins",
  "kbd",
  "label",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "wbr",
]);

/**
 * The text block a row belongs to: its nearest ancestor with a block-level tag. Nodes without a
 * tag count as inline, so an unknown structure makes the block larger and the check stricter.
 */
export function textBlockOf(row: Row): string {
  for (const ancestor of row.ancestors) {
    if (ancestor.role === "document_web") return ancestor.nodeId;
    const tag = ancestor.tag?.toLowerCase() ?? null;
    if (tag !== null && !INLINE_TAGS.has(tag)) return ancestor.nodeId;
  }
  return row.ancestors[row.ancestors.length - 1]?.nodeId ?? row.id;
}

/** Same line or an adjacent wrapped line: vertical bands within one line height of each other. */
function sameOrAdjacentLine(a: Row, b: Row): boolean {
  const lineHeight = Math.max(a.box[3], 1);
  return b.box[1] < a.box[1] + a.box[3] + lineHeight && b.box[1] + b.box[3] > a.box[1] - lineHeight;
}

/**
 * The fragment check of the capacity exception (docs/design/guard.md, "Exceptions"; our reading): a
 * bounded value is released only if it is all the untrusted text of its line. Any other row of the
 * same text block, on the same or an adjacent line, that is untrusted and not itself releasable
 * refuses the exception — so "$25" cannot be lifted out of "send $25 to …". Trusted neighbours (the
 * operator's "Price:" label) do not count: they are shown anyway.
 */
export function passesFragmentCheck(
  candidate: Row,
  peersInBlock: readonly Row[],
  isTrusted: (row: Row) => boolean,
  isReleasable: (row: Row) => boolean,
): boolean {
  for (const peer of peersInBlock) {
    if (peer.index === candidate.index) continue;
    if (!sameOrAdjacentLine(candidate, peer)) continue;
    if (isTrusted(peer)) continue;
    if (!isReleasable(peer)) return false;
  }
  return true;
}
