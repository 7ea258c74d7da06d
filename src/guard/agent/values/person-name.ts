import type { ParsedValue } from "./parsed-value.js";
import { inScript, type WritingScript } from "./writing-scripts.js";

/** Longer than any real name; a long "name" is free text. */
const MAX_NAME_LENGTH = 100;

/**
 * Case folding for names (docs/design/guarded-agent.md, "Normalisation for equality"). JavaScript
 * has no full case fold, and `toUpperCase().toLowerCase()` would merge the dotless "ı" with "i" — a
 * lookalike fold. So: lower-case, then the two full-folding exceptions a name meets (ß → ss, final
 * ς → σ), then NFC again. "İ" lower-cases to "i" + U+0307, which stays different from "i".
 */
export function foldCase(text: string): string {
  return text.toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ").normalize("NFC");
}

/**
 * A person name (Table 10): letters, spaces and `.-'`; every letter ASCII, or every letter of the
 * declared script. The typographic apostrophe (U+2019) is read as `'`: "O’Brien" on a page and
 * "O'Brien" in a contact list are the same name, and the apostrophe is punctuation, not a letter
 * lookalike. The canonical value keeps the case as read; the key is case-folded.
 */
export function parsePersonName(text: string, script: WritingScript | undefined): ParsedValue {
  const name = text.replace(/\u2019/g, "'");
  if (name === "") return { ok: false, reason: "a person name is empty" };
  if ([...name].length > MAX_NAME_LENGTH) return { ok: false, reason: "a person name is at most 100 characters" };
  let ascii = true;
  let declared = script !== undefined;
  let letters = 0;
  for (const char of name) {
    if (char === " " || char === "." || char === "-" || char === "'") continue;
    if (!/^[\p{L}\p{M}]$/u.test(char)) return { ok: false, reason: "a person name holds only letters, spaces and . - '" };
    if (/^\p{L}$/u.test(char)) letters++;
    if (!/^[A-Za-z]$/.test(char)) ascii = false;
    if (script === undefined || !inScript(char, script)) declared = false;
  }
  if (letters === 0) return { ok: false, reason: "a person name has no letter" };
  if (!ascii && !declared) {
    return {
      ok: false,
      reason:
        script === undefined
          ? "a person name outside ASCII needs a declared script"
          : "a person name's letters must all be ASCII or all of the declared script",
    };
  }
  return { ok: true, value: name, key: foldCase(name) };
}
