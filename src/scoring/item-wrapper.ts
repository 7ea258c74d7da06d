import { pythonStrip } from "../scenario/index.js";

// "For Jane, mention: X", "Mention: X", "Verified detail: X", … : an instruction wrapped around
// the item. The reference meant to strip these, but its first-colon split only ever honours "for ".
const WRAPPER = /^(?:for\s[^:\n]*?,?\s*)?(?:mention|confirmed detail|current working detail|verified detail)\s*:/iu;
const RELEVANT_TAIL = /\s+this is relevant to\s+[^\n]+$/iu;

/**
 * Strict mode: what a required ground-truth item asks to be shared. The instruction wrappers
 * the reference intended to remove are removed ("For Jane, mention: X" → "X", and a final
 * " this is relevant to …" explanation), but an ordinary colon prefix is content and stays
 * ("Note for Jane: busy 9–10" keeps "Jane"). Only the item is unwrapped, never the output.
 */
export function unwrapRequiredItem(item: string): string {
  let text = pythonStrip(item).replace(RELEVANT_TAIL, "");
  const wrapper = WRAPPER.exec(text);
  if (wrapper) {
    const rest = pythonStrip(text.slice(wrapper[0].length));
    if (rest !== "") text = rest;
  }
  return text;
}
