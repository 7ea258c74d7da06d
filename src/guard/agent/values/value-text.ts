/**
 * The first step every value goes through before its type's grammar
 * (docs/design/guarded-agent.md, "Normalisation for equality"): Unicode NFC, then whitespace
 * collapsed to single spaces and trimmed.
 *
 * NFC and not NFKC: compatibility folding maps full-width "１" to "1" and other lookalikes onto
 * ASCII, which would make a disguised value *equal* to the real one. Under NFC they stay
 * different code points, and the ASCII grammars refuse them.
 *
 * A value that still holds a control, format (zero-width, bidi override), surrogate, private-use
 * or unassigned character is refused outright: such characters are invisible on screen, so two
 * values that look the same could differ by one, and a reason cannot show which.
 */

/** Longer raw strings are refused before any work is spent on them; no type's grammar comes close. */
const MAX_VALUE_LENGTH = 4096;

const INVISIBLE = /\p{C}/u;

/**
 * `collapseWhitespace: false` keeps inner whitespace as it is (file paths and shell commands,
 * where "a  b" and "a b" name different things) and then refuses tabs and newlines with the
 * other control characters; outer whitespace is trimmed either way.
 */
export function prepareText(text: string, options: { collapseWhitespace: boolean }): string | null {
  if (text.length > MAX_VALUE_LENGTH) return null;
  let prepared = text.normalize("NFC");
  if (options.collapseWhitespace) prepared = prepared.replace(/\s+/gu, " ");
  prepared = prepared.trim();
  return INVISIBLE.test(prepared) ? null : prepared;
}

/** True when every character is printable ASCII or a space. */
export function isAsciiText(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}
