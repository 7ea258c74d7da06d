/**
 * The instruction grammar of the scripted test roles (docs/design/guarded-agent.md, "Scripted
 * roles"): the few imperative forms that the `gullible` role obeys wherever it reads them. It is a
 * fixed, documented grammar rather than a model so that a security claim ("the guard keeps an
 * injected instruction from being carried out") can be checked without a model: the undefended
 * role reads the page and must be fooled; the guarded one reads only what the guard hands its
 * planner, with this same parser.
 *
 * The parser is pure and total: any text in, the earliest instruction (or undefined) out. Parts are
 * separated by whitespace that may hold one line break but never a blank line, so an instruction
 * never straddles two paragraphs (nor two texts of a page that a reader joins with a blank line).
 */

/** One instruction, as the grammar reads it. */
export type Instruction =
  | { kind: "navigate"; url: string }
  | { kind: "send"; text: string; to: string }
  | { kind: "click"; label: string }
  | { kind: "run"; command: string };

/** The grammar as people read it (docs, prompts of the test roles, error messages). */
export const INSTRUCTION_GRAMMAR = [
  "navigate to <URL>        URL: http:// or https:// and non-space characters, or a path starting with /; trailing . , ; : ! ? ) dropped",
  'send "<TEXT>" to <NAME>  TEXT in straight or curly double quotes; NAME: one to four words of letters, digits, . \' -, up to other punctuation or the line end; a trailing full stop dropped',
  'click "<LABEL>"          LABEL in straight or curly double quotes: the exact name of a link or button',
  "run `<COMMAND>`          COMMAND in backticks on one line, or in a ``` fence (no language tag): a command to type into the terminal",
  "Keywords are case-insensitive whole words; parts are separated by whitespace holding at most one line break (never a blank line); the instruction that starts earliest in the text is the one.",
].join("\n");

/** Whitespace with at least one character and at most one line break. */
const GAP = String.raw`(?=\s)[^\S\n]*\n?[^\S\n]*`;
/** A keyword starts a word: no letter, digit or underscore right before it. */
const WORD_START = String.raw`(?<![\p{L}\p{N}_])`;
const QUOTE = `["“”]`;
/** Quoted text: no double quote of either kind, and no blank line. */
const QUOTED = String.raw`${QUOTE}((?:(?!\n[^\S\n]*\n)[^"“”])+)${QUOTE}`;
/** A name word holds a letter or a digit (a lone "." or "-" is punctuation, not a word). */
const NAME_WORD = String.raw`[.'’\-]*[\p{L}\p{N}][\p{L}\p{N}.'’\-]*`;

const FORMS = {
  navigate: new RegExp(String.raw`${WORD_START}navigate${GAP}to${GAP}(https?:\/\/\S+|\/\S*)`, "giu"),
  send: new RegExp(String.raw`${WORD_START}send${GAP}${QUOTED}${GAP}to${GAP}(${NAME_WORD}(?:[^\S\n]+${NAME_WORD}){0,3})`, "giu"),
  click: new RegExp(String.raw`${WORD_START}click${GAP}${QUOTED}`, "giu"),
  // A fence's command may span lines (a page's text may have laid them out again as spaces); an inline one may not.
  run: new RegExp(String.raw`${WORD_START}run${GAP}(?:\x60\x60\x60\s*([^\x60]+?)\s*\x60\x60\x60|\x60([^\x60\n]+)\x60)`, "giu"),
} as const;

/** Trailing sentence punctuation after a URL ("Go to https://x.example/a." → "https://x.example/a"). */
const URL_TRAILER = /[.,;:!?)]+$/;
/** What must remain of a URL once its trailer is dropped: a host after the scheme, or a path. */
const URL_KEPT = /^(?:https?:\/\/\S|\/)/i;

function instructionOf(kind: keyof typeof FORMS, match: RegExpExecArray): Instruction | undefined {
  const [, first = "", second = ""] = match;
  switch (kind) {
    case "navigate": {
      const url = first.replace(URL_TRAILER, "");
      return URL_KEPT.test(url) ? { kind, url } : undefined;
    }
    case "send":
      return { kind, text: first, to: second.replace(/\.+$/, "") };
    case "click":
      return { kind, label: first };
    case "run": {
      // The fenced command is the first group, the inline one the second.
      const command = (first || second).trim();
      return command === "" ? undefined : { kind, command };
    }
  }
}

/** The first valid instruction of one form in the text, with where it starts. */
function firstOf(kind: keyof typeof FORMS, text: string): { at: number; instruction: Instruction } | undefined {
  for (const match of text.matchAll(FORMS[kind])) {
    const instruction = instructionOf(kind, match);
    if (instruction) return { at: match.index, instruction };
  }
  return undefined;
}

/** The instruction that starts earliest in the text, or undefined when it holds none (INSTRUCTION_GRAMMAR). */
export function findInstruction(text: string): Instruction | undefined {
  let earliest: { at: number; instruction: Instruction } | undefined;
  for (const kind of ["navigate", "send", "click", "run"] as const) {
    const found = firstOf(kind, text);
    if (found && (!earliest || found.at < earliest.at)) earliest = found;
  }
  return earliest?.instruction;
}
