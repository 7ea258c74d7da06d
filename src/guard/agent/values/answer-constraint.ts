import { z } from "zod";
import { CURRENCY_CODES } from "./currency-codes.js";
import { foldCase } from "./person-name.js";
import { prepareText } from "./value-text.js";
import { WRITING_SCRIPTS } from "./writing-scripts.js";

/**
 * Package ecosystems whose name grammar the host knows (Table 10, `package_name`). `docker` is
 * ours: a container image's repository name, so that the official images can be a curated
 * registry (`endorse_by_registry`) like the Debian archive.
 */
const ECOSYSTEMS = ["pypi", "npm", "debian", "docker"] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

/** At most this many enum options (Table 10). */
const MAX_ENUM_OPTIONS = 10;

/**
 * The constraint the planner attaches to a `query_screen`
 * (docs/design/guarded-agent.md, "Answer types and verifiers"): what the host checks the answer
 * against. Every member is optional; a member that does not apply to the type asked for is ignored.
 * Members that decide what a text *means* (`decimalSeparator`, `currencies`, `ecosystem`, `script`,
 * `options`) also apply when two values are compared; the bounds (`min`, `max`, `precision`) only
 * when an answer is validated.
 *
 * There is no separate `maxCount`: a count is "0..max from constraint", so `max` serves it.
 */
export const AnswerConstraintSchema = z
  .strictObject({
    /** Lower bound, inclusive: count, integer, number, percentage (default 0), money amount. A count never goes below 0 whatever `min` says. */
    min: z.number().finite().optional().describe("inclusive lower bound for count, integer, number, percentage and money"),
    /** Upper bound, inclusive: count, integer, number, percentage (default 100), money amount. */
    max: z.number().finite().optional().describe("inclusive upper bound for count, integer, number, percentage and money"),
    /** Most digits after the decimal separator: number, percentage, money. Trailing zeros do not count ("1.50" has one). */
    precision: z.number().int().min(0).max(20).optional().describe("most digits after the decimal separator"),
    /**
     * The locale of numbers on the page (the constraint fixes how a number is read:
     * docs/design/guarded-agent.md, "Normalisation for equality"): "." by default, "," for
     * "1.234,5". The other character, or a space, groups thousands.
     */
    decimalSeparator: z.enum([".", ","]).optional().describe('decimal separator of numbers on the page, "." by default'),
    /** ISO 4217 codes a money value may carry; also what an ambiguous sign ($, £, ¥) may stand for. */
    currencies: z.array(z.enum(CURRENCY_CODES)).min(1).optional().describe("ISO 4217 codes a money value may carry"),
    /** The choices of an enum, written by the planner (2 to 10, not boolean-like: see `enumOptionsProblem`). */
    options: z.array(z.string()).max(MAX_ENUM_OPTIONS).optional().describe("the choices of an enum, 2 to 10, not boolean-like"),
    /** Whose name grammar a package_name follows; a package name without one is refused. */
    ecosystem: z.enum(ECOSYSTEMS).optional().describe("package ecosystem whose name grammar applies"),
    /** The writing system a person_name may use besides ASCII letters (never both in one name). */
    script: z.enum(WRITING_SCRIPTS).optional().describe("writing system of a person name that is not ASCII"),
  })
  .refine((constraint) => constraint.min === undefined || constraint.max === undefined || constraint.min <= constraint.max, {
    message: "min must not be above max",
    path: ["max"],
  });
export type AnswerConstraint = z.infer<typeof AnswerConstraintSchema>;

// Options that are themselves the answer to a yes/no question.
const YES_NO_WORDS = new Set(["yes", "no", "true", "false", "yeah", "yep", "yup", "nope", "nah", "ok", "okay", "affirmative"]);

// Pairs of opposites: two options that differ only by one of these words ask a yes/no question.
// A judgement, not a closed truth; it errs towards refusing (a planner can ask a count or a
// text search instead). Prefix negations (un-, in-, dis- …) are found by rule, not listed.
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ["y", "n"],
  ["t", "f"],
  ["0", "1"],
  ["present", "absent"],
  ["on", "off"],
  ["in", "out"],
  ["enabled", "disabled"],
  ["enable", "disable"],
  ["visible", "hidden"],
  ["shown", "hidden"],
  ["show", "hide"],
  ["found", "missing"],
  ["exists", "missing"],
  ["pass", "fail"],
  ["passed", "failed"],
  ["succeeded", "failed"],
  ["success", "failure"],
  ["right", "wrong"],
  ["allowed", "denied"],
  ["allow", "deny"],
  ["allowed", "blocked"],
  ["accept", "reject"],
  ["accepted", "rejected"],
  ["approved", "rejected"],
  ["positive", "negative"],
  ["include", "exclude"],
  ["included", "excluded"],
  ["same", "different"],
];
const NEGATION_PREFIXES = ["un", "in", "im", "il", "ir", "dis", "non", "mis"];
const NEGATORS = new Set(["not", "no", "non", "never", "without"]);

function areOpposites(a: string, b: string): boolean {
  if (OPPOSITES.some(([x, y]) => (a === x && b === y) || (a === y && b === x))) return true;
  return NEGATION_PREFIXES.some((prefix) => a === prefix + b || b === prefix + a);
}

function words(option: string): string[] {
  return option
    .replace(/\u2019/g, "'")
    .replace(/\bcan't\b/g, "can not")
    .replace(/n't\b/g, " not")
    .replace(/\bcannot\b/g, "can not")
    .split(/[\s-]+/)
    .filter((word) => word !== "");
}

/** Two options that say the same thing, one of them negated: "found" / "not found", "is shown" / "is hidden". */
function isBooleanPair(a: string, b: string): boolean {
  const wordsA = words(a);
  const wordsB = words(b);
  const plainA = wordsA.filter((word) => !NEGATORS.has(word));
  const plainB = wordsB.filter((word) => !NEGATORS.has(word));
  if (wordsA.length - plainA.length !== wordsB.length - plainB.length && plainA.join(" ") === plainB.join(" ")) return true;
  if (wordsA.length !== wordsB.length) return false;
  const differing = wordsA.flatMap((word, i) => (word === wordsB[i] ? [] : [[word, wordsB[i]!] as const]));
  return differing.length === 1 && areOpposites(differing[0]![0], differing[0]![1]);
}

/** The form enum options and answers are matched in: NFC, whitespace collapsed, case-folded. */
export function normaliseEnumOption(option: string): string | null {
  const prepared = prepareText(option, { collapseWhitespace: true });
  return prepared === null || prepared === "" ? null : foldCase(prepared);
}

/**
 * Why a list of enum options cannot be asked, or null when it can. An enum exists to pick among the
 * planner's own choices; it must not be a boolean in disguise
 * (docs/design/guarded-agent.md, "Answer types and verifiers"), since a boolean read from an
 * attacker's page is a branch the attacker chooses. Refused:
 * - fewer than two options: a single option asks only whether it applies, which is a boolean;
 * - more than ten (Table 10);
 * - an empty or invisible-character option, or two options equal after normalisation;
 * - boolean-like options: any yes/no word (yes, no, true, false, ok …), or two options that are
 *   opposites (present/absent, on/off, enabled/disabled, valid/invalid, found/not found …),
 *   even beside other options ("on", "off", "auto" is still on/off with an escape).
 */
export function enumOptionsProblem(options: readonly string[]): string | null {
  if (options.length === 0) return "an enum needs options";
  if (options.length === 1) return "a single option asks a yes/no question; give at least two";
  if (options.length > MAX_ENUM_OPTIONS) return `an enum has at most ${MAX_ENUM_OPTIONS} options`;
  const normalised: string[] = [];
  for (const option of options) {
    const form = normaliseEnumOption(option);
    if (form === null) return "an option is empty or holds invisible characters";
    if (normalised.includes(form)) return "two options are the same after normalisation";
    normalised.push(form);
  }
  if (normalised.some((option) => YES_NO_WORDS.has(option))) return "options are boolean-like (a yes/no answer)";
  for (let i = 0; i < normalised.length; i++) {
    for (let j = i + 1; j < normalised.length; j++) {
      if (isBooleanPair(normalised[i]!, normalised[j]!)) return "options are boolean-like (two opposites)";
    }
  }
  return null;
}
