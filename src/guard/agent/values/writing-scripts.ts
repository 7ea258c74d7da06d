/**
 * The writing systems a person name may declare (constraint `script`: ASCII or the declared script
 * only; docs/design/guarded-agent.md, "Answer types and verifiers"). A name is either all ASCII
 * letters or all letters of its declared script; mixing scripts is how lookalike names are built
 * ("Lisа" with a Cyrillic а), so a name whose letters come from two scripts is refused even when
 * one of them was declared.
 *
 * `Japanese` is the one declared value that covers three Unicode scripts, because a Japanese name
 * is normally written in Han with Hiragana or Katakana.
 */
export const WRITING_SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Devanagari",
  "Bengali",
  "Tamil",
  "Thai",
  "Hangul",
  "Han",
  "Japanese",
] as const;
export type WritingScript = (typeof WRITING_SCRIPTS)[number];

function unicodeScripts(script: WritingScript): string[] {
  return script === "Japanese" ? ["Han", "Hiragana", "Katakana"] : [script];
}

// Script_Extensions rather than Script, so a character shared by a few scripts (the Katakana-
// Hiragana prolonged sound mark "ー") counts for each of them.
const LETTER_PATTERNS = new Map<WritingScript, RegExp>(
  WRITING_SCRIPTS.map((script) => [
    script,
    new RegExp(
      `^(?:${unicodeScripts(script)
        .map((s) => `\\p{Script_Extensions=${s}}`)
        .join("|")})$`,
      "u",
    ),
  ]),
);

/**
 * Whether a letter or combining mark belongs to the script. Marks of the Inherited script (a
 * combining accent left over after NFC) belong to whatever they sit on.
 */
export function inScript(char: string, script: WritingScript): boolean {
  if (/^\p{M}$/u.test(char) && /^\p{Script=Inherited}$/u.test(char)) return true;
  return LETTER_PATTERNS.get(script)!.test(char);
}
