/**
 * Python's `str.isspace()` set, as a regex character-class body. It differs from JavaScript's
 * `trim()`/`\s`: Python also counts the information separators U+001C–U+001F and NEL (U+0085)
 * and does not count U+FEFF. The reference strips with Python semantics.
 */
export const PY_WHITESPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const WS_CHAR = new RegExp(`[${PY_WHITESPACE}]`);

/** The [start, end) range that Python's `strip()` keeps of `text.slice(start, end)`. */
export function pythonStripRange(text: string, start = 0, end = text.length): [number, number] {
  while (start < end && WS_CHAR.test(text.charAt(start))) start++;
  while (end > start && WS_CHAR.test(text.charAt(end - 1))) end--;
  return [start, end];
}

/** Python `str.strip()` with no argument. */
export function pythonStrip(text: string): string {
  const [start, end] = pythonStripRange(text);
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
