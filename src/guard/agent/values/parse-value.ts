import { type AnswerConstraint, enumOptionsProblem, normaliseEnumOption } from "./answer-constraint.js";
import type { AnswerType } from "./answer-types.js";
import { parseDate, parseDuration, parseTime } from "./calendar-values.js";
import { parseCommitHash, parsePackageName, parseReferenceId, parseRepository, parseUsername, parseVersion } from "./code-identifiers.js";
import { parseFilePath } from "./file-path.js";
import { parseEmailAddress, parseHostname, parseUrl } from "./network-values.js";
import { parseCount, parseInteger, parseMoney, parseNumber, parsePercentage } from "./numeric-values.js";
import type { ParsedValue } from "./parsed-value.js";
import { parsePersonName } from "./person-name.js";
import { isAsciiText, prepareText } from "./value-text.js";

/**
 * Types whose every character must be ASCII. Money is absent (currency signs), and so are the
 * types that may hold any script by design: person names (declared script), file paths, shell
 * commands and enum options (the planner's own words). For the identifier-like types
 * (username, hostname, repository, package name, reference id, email address) this gate is what
 * refuses a mixed-script string, before any grammar runs.
 */
const ASCII_ONLY: ReadonlySet<AnswerType> = new Set<AnswerType>([
  "count",
  "integer",
  "number",
  "percentage",
  "date",
  "time",
  "duration",
  "point",
  "version",
  "commit_hash",
  "reference_id",
  "email_address",
  "username",
  "hostname",
  "url",
  "repository",
  "package_name",
]);

/** Types where inner whitespace is meaningful and is kept, not collapsed (see `prepareText`). */
const KEEPS_WHITESPACE: ReadonlySet<AnswerType> = new Set<AnswerType>(["file_path", "shell_command"]);

const MAX_COMMAND_LENGTH = 2000;

/**
 * An enum answer is one of the planner's options, matched case-insensitively; the value becomes
 * the option as the planner wrote it, so nothing the page wrote survives into the variable. No
 * options, or unusable ones, and there is nothing to compare against.
 */
function parseEnum(text: string, options: readonly string[] | undefined): ParsedValue {
  if (options === undefined) return { ok: false, reason: "an enum needs the constraint's options" };
  const problem = enumOptionsProblem(options);
  if (problem !== null) return { ok: false, reason: problem };
  const answer = normaliseEnumOption(text);
  const index = options.findIndex((option) => normaliseEnumOption(option) === answer);
  if (answer === null || index < 0) return { ok: false, reason: "the answer is none of the options" };
  const value = prepareText(options[index]!, { collapseWhitespace: true })!;
  return { ok: true, value, key: answer };
}

/** A point is `x,y` in whole screen pixels (a space after the comma is read); whether it is on screen is `validateAnswer`'s check. */
function parsePoint(text: string): ParsedValue {
  const match = /^([0-9]{1,5}), ?([0-9]{1,5})$/.exec(text);
  if (match === null) return { ok: false, reason: "a point is x,y in whole pixels" };
  const value = `${Number(match[1])},${Number(match[2])}`;
  return { ok: true, value, key: value };
}

/**
 * A shell command is checked here only for what every command must be: one line of visible
 * text, 2000 characters at most. Parsing it under a table of known programs is the
 * procedure endorsement's work, which rebuilds the command from its parsed parts; the only
 * verifier it has besides `task` is `procedure`.
 */
function parseShellCommand(text: string): ParsedValue {
  if (text === "") return { ok: false, reason: "a shell command is empty" };
  if (text.length > MAX_COMMAND_LENGTH) return { ok: false, reason: "a shell command is at most 2000 characters" };
  return { ok: true, value: text, key: text };
}

/**
 * Reads a text as a value of `type` under the constraint: NFC and whitespace first
 * (`prepareText`), the ASCII gate where the type has one, then the type's grammar. Constraint
 * bounds are not checked here.
 */
export function parseValue(type: AnswerType, text: string, constraint: AnswerConstraint): ParsedValue {
  const prepared = prepareText(text, { collapseWhitespace: !KEEPS_WHITESPACE.has(type) });
  if (prepared === null) return { ok: false, reason: "the value holds invisible or control characters, or is too long" };
  if (ASCII_ONLY.has(type) && !isAsciiText(prepared)) {
    return { ok: false, reason: "the value holds non-ASCII characters (lookalike or mixed-script risk)" };
  }
  switch (type) {
    case "count":
      return parseCount(prepared, constraint);
    case "integer":
      return parseInteger(prepared, constraint);
    case "number":
      return parseNumber(prepared, constraint);
    case "money":
      return parseMoney(prepared, constraint);
    case "percentage":
      return parsePercentage(prepared, constraint);
    case "date":
      return parseDate(prepared);
    case "time":
      return parseTime(prepared);
    case "duration":
      return parseDuration(prepared);
    case "enum":
      return parseEnum(prepared, constraint.options);
    case "point":
      return parsePoint(prepared);
    case "version":
      return parseVersion(prepared);
    case "commit_hash":
      return parseCommitHash(prepared);
    case "reference_id":
      return parseReferenceId(prepared);
    case "email_address":
      return parseEmailAddress(prepared);
    case "username":
      return parseUsername(prepared);
    case "person_name":
      return parsePersonName(prepared, constraint.script);
    case "hostname":
      return parseHostname(prepared);
    case "url":
      return parseUrl(prepared);
    case "repository":
      return parseRepository(prepared);
    case "package_name":
      return parsePackageName(prepared, constraint.ecosystem);
    case "file_path":
      return parseFilePath(prepared);
    case "shell_command":
      return parseShellCommand(prepared);
  }
}
