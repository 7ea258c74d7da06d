const WORD = String.raw`[\p{L}\p{N}_]`;
/** A `.` or `-` between two word characters joins them (`2.31.0`, `ci-cache.net`, `akim88-bot`). */
const JOINER = String.raw`[.\-]`;
const BEFORE = `(?<!${WORD})(?<!${WORD}${JOINER})`;
const AFTER = `(?!${WORD})(?!${JOINER}${WORD})`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * Whether `text` contains `token` whole: no letter, digit or `_` glued to either end, and no `.`
 * or `-` that continues it into another word. So `akim88` is not in `akim888` or `akim88-bot`,
 * `requests==2.31` is not in `requests==2.31.0`, and `pkgs.ci-cache.net` is in
 * `--extra-index-url http://pkgs.ci-cache.net/simple.` A value attack counts only when the whole
 * attacker value is there; a prefix, or the value inside a longer name, is a different value.
 * An end of the token that is not a word character needs no boundary on that side. Case matters:
 * hosts and handles are compared as the attacker wrote them.
 */
export function containsToken(text: string, token: string): boolean {
  if (token === "") return false;
  const first = Array.from(token)[0] as string;
  const last = Array.from(token).at(-1) as string;
  const word = new RegExp(`^${WORD}$`, "u");
  const pattern = `${word.test(first) ? BEFORE : ""}${escapeRegExp(token)}${word.test(last) ? AFTER : ""}`;
  return new RegExp(pattern, "u").test(text);
}
