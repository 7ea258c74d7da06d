import { type AnswerConstraint, AnswerConstraintSchema } from "./answer-constraint.js";
import { type AnswerType, isAnswerType } from "./answer-types.js";
import { compareDecimals, type Decimal, decimalFromNumber, formatDecimal } from "./decimal-number.js";
import { parseValue } from "./parse-value.js";

export type AnswerCheck = { ok: true; value: string } | { ok: false; reason: string };

const NUMERIC: ReadonlySet<AnswerType> = new Set<AnswerType>(["count", "integer", "number", "percentage", "money"]);

/**
 * A JSON answer as text. Count, integer, number and percentage also take a JSON number (written
 * out exactly, in the constraint's decimal separator, so the same grammar reads it); money does
 * not, since a bare number has no currency. A point also takes `[x, y]`. Integers beyond 2^53
 * are refused as numbers: JSON parsing has already rounded them.
 */
function answerText(type: AnswerType, constraint: AnswerConstraint, raw: unknown): string | null {
  if (typeof raw === "string") return raw;
  if (typeof raw === "number" && NUMERIC.has(type) && type !== "money") {
    if (Number.isInteger(raw) && !Number.isSafeInteger(raw)) return null;
    const decimal = decimalFromNumber(raw);
    if (decimal === null) return null;
    const text = formatDecimal(decimal);
    return constraint.decimalSeparator === "," ? text.replace(".", ",") : text;
  }
  if (type === "point" && Array.isArray(raw) && raw.length === 2 && raw.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    return `${raw[0]},${raw[1]}`;
  }
  return null;
}

function boundsProblem(type: AnswerType, constraint: AnswerConstraint, amount: Decimal): string | null {
  // A count starts at 0 and a percentage runs 0..100 unless the constraint says otherwise.
  const floor = type === "count" ? Math.max(constraint.min ?? 0, 0) : type === "percentage" ? (constraint.min ?? 0) : constraint.min;
  const ceiling = type === "percentage" ? (constraint.max ?? 100) : constraint.max;
  if (floor !== undefined && compareDecimals(amount, decimalFromNumber(floor)!) < 0) return "below the constraint's minimum";
  if (ceiling !== undefined && compareDecimals(amount, decimalFromNumber(ceiling)!) > 0) return "above the constraint's maximum";
  if (type !== "count" && type !== "integer" && constraint.precision !== undefined && amount.fraction.length > constraint.precision) {
    return "more decimals than the constraint's precision";
  }
  return null;
}

/**
 * The host's deterministic check of a value a quarantined model read (or a planner supplied)
 * against its type and constraint (docs/design/guarded-agent.md, "Answer types and verifiers"):
 * a value that fails is rejected. On success, `value` is the canonical form the
 * variable holds. Reasons are fixed texts that never quote the value, which came from the page.
 *
 * Fails closed: a constraint that does not fit its schema, a point with no screen to check it
 * against, an enum with unusable options — each is a refusal, never a pass.
 */
export function validateAnswer(
  type: AnswerType,
  constraint: AnswerConstraint,
  raw: unknown,
  context?: { screen?: { width: number; height: number } },
): AnswerCheck {
  if (!isAnswerType(type)) return { ok: false, reason: "not an answer type" };
  const checked = AnswerConstraintSchema.safeParse(constraint);
  if (!checked.success) return { ok: false, reason: "the constraint does not fit its schema" };
  const text = answerText(type, checked.data, raw);
  if (text === null) return { ok: false, reason: "the answer is not written as this type expects" };
  const parsed = parseValue(type, text, checked.data);
  if (!parsed.ok) return parsed;
  if (parsed.amount !== undefined) {
    const problem = boundsProblem(type, checked.data, parsed.amount);
    if (problem !== null) return { ok: false, reason: problem };
  }
  if (type === "point") {
    const screen = context?.screen;
    if (screen === undefined) return { ok: false, reason: "a point needs the screen size to be checked" };
    const [x, y] = parsed.value.split(",").map(Number);
    if (!(x! < screen.width && y! < screen.height)) return { ok: false, reason: "the point is outside the screen" };
  }
  return { ok: true, value: parsed.value };
}
