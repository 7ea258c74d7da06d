import { type AnswerConstraint, AnswerConstraintSchema } from "./answer-constraint.js";
import { type AnswerType, isAnswerType } from "./answer-types.js";
import { parseValue } from "./parse-value.js";

/**
 * The form two values of a type are compared in
 * (docs/design/guarded-agent.md, "Normalisation for equality"): NFC (never NFKC), whitespace
 * collapsed, then the type's own rule. Null when the value cannot be compared safely: it does not
 * parse as the type, it is an internationalised domain or a mixed-script identifier, it holds
 * invisible characters, or the constraint it needs (an enum's options, a package's ecosystem) is
 * missing or invalid. The constraint's members that give a text its meaning apply here (decimal
 * separator, currencies, ecosystem, script, options); its bounds do not, since a bound says whether
 * a value is acceptable, not which value it is.
 */
export function normaliseForEquality(type: AnswerType, value: string, constraint: AnswerConstraint = {}): string | null {
  if (!isAnswerType(type) || typeof value !== "string") return null;
  const checked = AnswerConstraintSchema.safeParse(constraint);
  if (!checked.success) return null;
  const parsed = parseValue(type, value, checked.data);
  return parsed.ok ? parsed.key : null;
}

/**
 * Strict equality after normalisation, never substring or prefix
 * (docs/design/guarded-agent.md, "Normalisation for equality"): an abbreviated hash, a shorter
 * handle, a domain one letter off all compare unequal. False when either side cannot be normalised,
 * so an unparsable value never endorses anything.
 */
export function valuesEqual(type: AnswerType, a: string, b: string, constraint?: AnswerConstraint): boolean {
  const left = normaliseForEquality(type, a, constraint);
  const right = normaliseForEquality(type, b, constraint);
  return left !== null && right !== null && left === right;
}
