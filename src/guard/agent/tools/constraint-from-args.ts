import { type AnswerConstraint, AnswerConstraintSchema } from "../values/index.js";
import type { ConstraintArgs } from "./tool-call.js";

/**
 * The planner's constraint (every member present, empty when unused) as the values library's
 * `AnswerConstraint` (members absent when unused); null when what remains is not a valid
 * constraint (unknown currency, ecosystem or script; min above max).
 */
export function constraintFromArgs(args: ConstraintArgs): AnswerConstraint | null {
  const candidate: Record<string, unknown> = {};
  if (args.min !== null) candidate.min = args.min;
  if (args.max !== null) candidate.max = args.max;
  if (args.precision !== null) candidate.precision = args.precision;
  if (args.decimal_separator !== "") candidate.decimalSeparator = args.decimal_separator;
  if (args.currencies.length > 0) candidate.currencies = args.currencies;
  if (args.options.length > 0) candidate.options = args.options;
  if (args.ecosystem !== "") candidate.ecosystem = args.ecosystem;
  if (args.script !== "") candidate.script = args.script;
  const parsed = AnswerConstraintSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
