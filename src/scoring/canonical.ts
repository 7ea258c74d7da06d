import { PY_WHITESPACE, pythonStripRange } from "../scenario/index.js";
import { memoizeString } from "./memo.js";

const WS = `[${PY_WHITESPACE}]`;
// Python's re.IGNORECASE also lets "i" match "İ" and "ı"; JavaScript's /iu does not.
// "." in Python excludes only "\n", so the tail is written as [^\n].
const RELEVANT_TAIL = new RegExp(`${WS}+th[iİı]s [iİı]s relevant to${WS}+[^\\n]+?$`, "iu");
const HINTS = ["for ", "mention:", "confirmed detail:", "current working detail:", "verified detail:"];

/**
 * The reference's `canonical(t)`, as the [start, end) range of `text` it keeps (the result is
 * always a contiguous slice, which lets evidence spans point into the original text):
 * strip; drop a trailing " this is relevant to …" on the last line; then, if the part before the
 * first colon contains a hint and the rest is non-blank, keep only the (stripped) rest.
 * The prefix cannot contain a colon, so of the hints only "for " can ever fire.
 */
export const canonicalRange = memoizeString((text: string): [number, number] => {
  let [start, end] = pythonStripRange(text, 0, text.length);
  const tail = RELEVANT_TAIL.exec(text.slice(start, end));
  if (tail) end = start + tail.index;
  const colon = text.indexOf(":", start);
  if (colon >= 0 && colon < end) {
    const prefix = text.slice(start, colon).toLowerCase();
    const [s, e] = pythonStripRange(text, colon + 1, end);
    if (e > s && HINTS.some((h) => prefix.includes(h))) [start, end] = [s, e];
  }
  return [start, end];
});

/** The reference's `canonical(t)` (agentcibench mode only; applied to haystack and needle). */
export function canonical(text: string): string {
  const [start, end] = canonicalRange(text);
  return text.slice(start, end);
}
