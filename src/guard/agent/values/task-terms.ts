import { type AnswerConstraint, AnswerConstraintSchema } from "./answer-constraint.js";
import { type AnswerType, isAnswerType } from "./answer-types.js";
import { parseValue } from "./parse-value.js";
import { STOP_WORDS } from "./stop-words.js";

export type TaskTermMatch = { ok: true } | { ok: false; reason: "too_short" | "stop_word" | "not_a_term" | "not_comparable" };

/**
 * Characters that split a run of the instruction into sub-runs
 * (docs/design/guarded-agent.md, "Task terms"), plus the backtick and the typographic quotes:
 * instructions quote commands in backticks, and text typed on a phone or a Mac arrives with ‘ ’ “ ”
 * where the paper's list has ' and ".
 */
const SPLIT_CHARACTERS = new Set(["'", '"', "=", ":", "/", "@", ",", ";", "(", ")", "<", ">", "`", "\u2018", "\u2019", "\u201c", "\u201d"]);
/** A possessive after a name ("Lisa Wong's report") does not make it a longer name. */
const POSSESSIVE = /^['\u2019]s$/;
/** Sentence punctuation at the end of a run is not part of the term before it ("bump to 2.32.3."). */
const TRAILING_PUNCTUATION = /[.!?]+$/;
/** A run's trailing sentence punctuation alone ("Reply to Priya Nair."): it ends the sentence, not the value. */
const SENTENCE_END = /^[.!?]+$/;
/** What a run may end with and still be a whole run around a number ("set it to 42, then"). */
const RUN_END_PUNCTUATION = /[.,;:!?]+$/;

const MIN_LENGTH = 3;
const MIN_NUMERIC_RUN_LENGTH = 2;

function isBreak(char: string | undefined): boolean {
  return char === " " || (char !== undefined && SPLIT_CHARACTERS.has(char));
}

interface Tokenised {
  text: string;
  /** Positions a term may start or end at, ascending. */
  cuts: number[];
  /** `start:end` of every whole run (trailing punctuation left out). */
  wholeRuns: Set<string>;
}

/**
 * Boundaries of the instruction: its ends, both sides of whitespace and of every split
 * character, and the start of a run's trailing sentence punctuation.
 */
function tokenise(instruction: string): Tokenised {
  const text = instruction.normalize("NFC").replace(/\s+/gu, " ").trim();
  const cuts = new Set<number>();
  for (let p = 0; p <= text.length; p++) {
    if (p === 0 || p === text.length || isBreak(text[p - 1]) || isBreak(text[p])) cuts.add(p);
  }
  const wholeRuns = new Set<string>();
  for (const run of text.matchAll(/[^ ]+/g)) {
    const start = run.index;
    const trailing = TRAILING_PUNCTUATION.exec(run[0]);
    if (trailing !== null && trailing.index > 0) cuts.add(start + trailing.index);
    const core = run[0].replace(RUN_END_PUNCTUATION, "");
    if (core !== "") wholeRuns.add(`${start}:${start + core.length}`);
  }
  return { text, cuts: [...cuts].sort((a, b) => a - b), wholeRuns };
}

/** Start and end of the run (whitespace-free stretch) around a position. */
function runAround(text: string, position: number): [number, number] {
  const before = text.lastIndexOf(" ", position - 1);
  const after = text.indexOf(" ", position);
  return [before + 1, after < 0 ? text.length : after];
}

/**
 * Whether the stretch [start, end) is cut out of a longer value of the same type: some larger
 * stretch within the same runs, adding at least one character that is not a separator, reads as
 * a value with a different key. "10:00" in "10:00:30", "$1" in "$1,234", "node" in
 * "@types/node", "https://github.com/tpope" in "https://github.com/tpope/vim-commentary" are
 * such cuts: the instruction names the longer value, not the shorter one.
 */
function isCutFromLongerValue(
  text: string,
  cuts: readonly number[],
  start: number,
  end: number,
  key: string,
  keyOf: (text: string) => string | null,
): boolean {
  const [runStart] = runAround(text, start);
  const [, runEnd] = runAround(text, end - 1);
  const lefts = cuts.filter((cut) => cut >= runStart && cut <= start);
  const rights = cuts.filter((cut) => cut >= end && cut <= runEnd);
  for (const left of lefts) {
    for (const right of rights) {
      const added = text.slice(left, start) + text.slice(end, right);
      if ([...added].every(isBreak)) continue;
      if (left === start && POSSESSIVE.test(added)) continue;
      // A name may hold "." (initials) and a URL or path may end in one, but a full stop that ends
      // the run is the sentence's (the boundary `tokenise` cuts there), not a longer value's.
      if (left === start && right === runEnd && SENTENCE_END.test(added)) continue;
      const longer = keyOf(text.slice(left, right));
      if (longer !== null && longer !== key) return true;
    }
  }
  return false;
}

function isStopPhrase(key: string): boolean {
  const words = key
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((word) => word !== "");
  return words.length > 0 && words.every((word) => STOP_WORDS.has(word));
}

/**
 * The normalised key of a text as a value of the type (the normalisation of
 * `normaliseForEquality`, with the constraint checked once rather than once per stretch); null for
 * a type or constraint that cannot be compared.
 */
function keyReader(type: AnswerType, constraint: AnswerConstraint | undefined): ((text: string) => string | null) | null {
  const checked = AnswerConstraintSchema.safeParse(constraint ?? {});
  if (!isAnswerType(type) || !checked.success) return null;
  return (text) => {
    const parsed = parseValue(type, text, checked.data);
    return parsed.ok ? parsed.key : null;
  };
}

/** Every stretch between two cuts, at most `limit` characters, that does not start or end in a break. */
function* stretchesOf({ text, cuts }: Tokenised, limit: number): Generator<{ start: number; end: number; stretch: string }> {
  for (let i = 0; i < cuts.length; i++) {
    for (let j = i + 1; j < cuts.length; j++) {
      const [start, end] = [cuts[i]!, cuts[j]!];
      if (end - start > limit) break;
      const stretch = text.slice(start, end);
      if (stretch.startsWith(" ") || stretch.endsWith(" ") || [...stretch].every(isBreak)) continue;
      yield { start, end, stretch };
    }
  }
}

/** Too short for any term: under 2 characters, or under 3 unless all digits. */
function tooShortForATerm(key: string): boolean {
  const length = [...key].length;
  return length < MIN_NUMERIC_RUN_LENGTH || (length < MIN_LENGTH && !/^[0-9]+$/.test(key));
}

/**
 * Whether `value` is a whole term of the user's instruction, the `task` endorsement
 * (docs/design/guarded-agent.md, "Task terms"). The instruction is tokenised into runs of non-space
 * characters, split further at `' " = : / @ , ; ( ) < >` (and backticks); the value matches a
 * stretch of the instruction that starts and ends at such a boundary, compared after the type's
 * normalisation (so "v2.32.3" in the instruction names the version "2.32.3", and "$25" names "USD
 * 25.00" when the constraint allows only USD). Never a substring: "proj" is not a term of "tproj",
 * nor "19.1" of "3.19.1".
 *
 * Our readings of the rule, each deliberate:
 * - a term may cross whitespace: "Lisa Wong" and `sudo apt install nodejs` are terms of an
 *   instruction that writes them, though each spans several runs;
 * - a term may begin or end with a split character, so a quoted literal matches with its quotes
 *   and `alias tproj='tmux new -s proj'` matches whole as well as `tproj` alone;
 * - sentence punctuation (. ! ?) ending a run is a boundary: "bump requests to 2.32.3." names
 *   2.32.3; and a run's trailing . , ; : ! ? are left out when deciding what a whole run is;
 * - a term is not cut out of a longer value of its type (`isCutFromLongerValue`): split
 *   characters that belong to the type's own grammar (":" in a time, "," in an amount, "/" in a
 *   URL or a path) would otherwise let a prefix of the named value through. Shell commands are
 *   exempt: `tproj` and `tmux new -s proj` are terms of `alias tproj='tmux new -s proj'`.
 * Refused: a value whose normalised form is under 3 characters — 2 are enough for a purely
 * numeric value that is a whole run ("42" in "set the limit to 42") but not for a sub-run
 * ("port:42"); a value made only of stop words; a value that does not normalise. Instructions
 * that only point at the screen are the pre-episode classifier's to refuse, not this.
 *
 * Cost: stretches are tried only up to four times the value's length plus 16 characters; a
 * longer stretch normalising to the value would need a normalisation that shrinks text that much,
 * and missing one fails closed.
 */
export function taskTermMatch(instruction: string, value: string, type: AnswerType, constraint?: AnswerConstraint): TaskTermMatch {
  const keyOf = keyReader(type, constraint);
  const key = keyOf?.(value) ?? null;
  if (keyOf === null || key === null) return { ok: false, reason: "not_comparable" };
  if (isStopPhrase(key)) return { ok: false, reason: "stop_word" };
  if (tooShortForATerm(key)) return { ok: false, reason: "too_short" };

  const tokenised = tokenise(instruction);
  const { text, cuts, wholeRuns } = tokenised;
  const length = [...key].length;
  const seen = new Map<string, string | null>();
  let foundInsideRun = false;
  for (const { start, end, stretch } of stretchesOf(tokenised, 4 * Math.max(value.length, key.length) + 16)) {
    let normalised = seen.get(stretch);
    if (normalised === undefined) {
      normalised = keyOf(stretch);
      seen.set(stretch, normalised);
    }
    if (normalised !== key) continue;
    // A shell command's grammar here takes any text, so every stretch would "extend" it; its
    // real parse is the procedure endorsement's.
    if (type !== "shell_command" && isCutFromLongerValue(text, cuts, start, end, key, keyOf)) continue;
    if (length >= MIN_LENGTH || wholeRuns.has(`${start}:${end}`)) return { ok: true };
    foundInsideRun = true;
  }
  return { ok: false, reason: foundInsideRun ? "too_short" : "not_a_term" };
}

/**
 * Types whose grammar reads ordinary prose as values ("Tell", "Dana the" are usernames, person
 * names and commands): every request names many of them, so "the request names another value of
 * the type" says nothing about these. A point is never a term.
 */
const PROSE_GRAMMAR_TYPES: ReadonlySet<AnswerType> = new Set(["username", "person_name", "shell_command", "point"]);

/**
 * Whether the instruction also names, as a whole term, a value of the same type other than
 * `value` ("at 10:30, not 09:00" names two times). Task endorsement vouches for a value because
 * the request singles it out; a request naming two values of the type leaves the choice between
 * them to what the page says, and a stranger's text can pick the one the user ruled out.
 *
 * An enum's answer space is written down (the query's options): another option that is a term of
 * the instruction ("at 12 Harbour Row now, not at 4 Mill Lane"). Other types: every stretch that
 * reads as a value, where only the longest readings count (a stretch inside a longer stretch that
 * also reads as a value is part of it, "10:30" of "10:30:15", "$1" of "$1,234", whatever its own
 * key) and `taskTermMatch`'s length and stop-word rules apply. False for types whose grammar
 * reads prose (`PROSE_GRAMMAR_TYPES`).
 */
export function namesAnotherValue(instruction: string, value: string, type: AnswerType, constraint?: AnswerConstraint): boolean {
  if (PROSE_GRAMMAR_TYPES.has(type)) return false;
  const keyOf = keyReader(type, constraint);
  const own = keyOf?.(value) ?? null;
  if (keyOf === null || own === null) return false; // not a value of the type: `taskTermMatch` has refused it already
  if (type === "enum") {
    return (constraint?.options ?? []).some((option) => keyOf(option) !== own && taskTermMatch(instruction, option, type, constraint).ok);
  }
  const tokenised = tokenise(instruction);
  const { text, wholeRuns } = tokenised;
  const readings: Array<{ start: number; end: number; key: string }> = [];
  for (const { start, end, stretch } of stretchesOf(tokenised, Math.max(64, 4 * value.length + 16))) {
    const key = keyOf(stretch);
    if (key !== null) readings.push({ start, end, key });
  }
  const extends_ = (outer: { start: number; end: number }, inner: { start: number; end: number }) => {
    if (outer.start > inner.start || outer.end < inner.end || (outer.start === inner.start && outer.end === inner.end)) return false;
    const added = text.slice(outer.start, inner.start) + text.slice(inner.end, outer.end);
    return ![...added].every(isBreak) && !POSSESSIVE.test(added) && !SENTENCE_END.test(added);
  };
  return readings.some((reading) => {
    const { start, end, key } = reading;
    if (key === own || isStopPhrase(key) || tooShortForATerm(key)) return false;
    if ([...key].length < MIN_LENGTH && !wholeRuns.has(`${start}:${end}`)) return false;
    return !readings.some((other) => extends_(other, reading));
  });
}
