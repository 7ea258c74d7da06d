import type { GuardRow } from "../../guard-page.js";

/** `[x, y, w, h]` in screenshot pixels. */
export type Region = readonly [number, number, number, number];

/** NFC, whitespace collapsed, trimmed: how labels and plain values are compared. */
export function plainText(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

function overlaps(box: readonly number[], region: Region): boolean {
  return (
    box[0]! < region[0] + region[2] && box[0]! + box[2]! > region[0] && box[1]! < region[1] + region[3] && box[1]! + box[3]! > region[1]
  );
}

/** Rows with text that are drawn (fully or in part) inside the region, in reading order; every row when no region. */
export function rowsIn(rows: readonly GuardRow[], region?: Region): GuardRow[] {
  return rows.filter(
    (row) => plainText(row.text) !== "" && row.box[2] > 0 && row.box[3] > 0 && (region === undefined || overlaps(row.box, region)),
  );
}

/** The centre of a row's box, in whole pixels. */
export function centreOf(row: GuardRow): { x: number; y: number } {
  return { x: Math.round(row.box[0] + row.box[2] / 2), y: Math.round(row.box[1] + row.box[3] / 2) };
}

const WORD = /[\p{L}\p{N}_]/u;

/** Whether `value` occurs in `text` as a whole term: not glued to a letter or digit on either side. */
export function containsTerm(text: string, value: string): boolean {
  const haystack = plainText(text);
  const needle = plainText(value);
  if (needle === "") return false;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    const edgeStart = !WORD.test(needle[0]!) || before === undefined || !WORD.test(before);
    const edgeEnd = !WORD.test(needle[needle.length - 1]!) || after === undefined || !WORD.test(after);
    if (edgeStart && edgeEnd) return true;
  }
  return false;
}
