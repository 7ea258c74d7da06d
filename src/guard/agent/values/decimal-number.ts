/**
 * Exact decimal numbers for the numeric answer types
 * (docs/design/guarded-agent.md, "Normalisation for equality": numbers compare by value, read with
 * the constraint's separator). Values are kept as digit strings and compared through BigInt, never
 * through a float: "100.0000000000000001" is above a maximum of 100, and two amounts are equal only
 * when every digit is.
 */

/** A decimal in canonical parts: no leading zeros in `integer` ("0" at least), no trailing zeros in `fraction`, never a negative zero. */
export interface Decimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

export type DecimalSeparator = "." | ",";

// Grouping is the other separator or a space (no-break spaces are spaces by the time text gets
// here), used consistently and in threes, so "1,23" is not a number when "." is the decimal
// separator. Digits are ASCII only: full-width "１２" is refused, not folded.
function grammarFor(separator: DecimalSeparator, integerOnly: boolean): RegExp {
  const group = separator === "." ? "," : "\\.";
  const sep = separator === "." ? "\\." : ",";
  const fraction = integerOnly ? "" : `(?:${sep}([0-9]+))?`;
  return new RegExp(`^([+-])?([0-9]{1,3}(?:${group}[0-9]{3})+|[0-9]{1,3}(?: [0-9]{3})+|[0-9]+)${fraction}$`);
}
const GRAMMARS = {
  ".": { decimal: grammarFor(".", false), integer: grammarFor(".", true) },
  ",": { decimal: grammarFor(",", false), integer: grammarFor(",", true) },
};

function canonicalParts(negative: boolean, integerDigits: string, fractionDigits: string): Decimal {
  const integer = integerDigits.replace(/^0+(?=[0-9])/, "");
  const fraction = fractionDigits.replace(/0+$/, "");
  return { negative: negative && (integer !== "0" || fraction !== ""), integer, fraction };
}

/**
 * Parses a written number with the given decimal separator; null when it is not one.
 * `integerOnly` refuses a written fraction, even ".0": an integer that was read as "3.0" was
 * read from something other than a count.
 */
export function parseDecimal(text: string, separator: DecimalSeparator = ".", integerOnly = false): Decimal | null {
  const match = GRAMMARS[separator][integerOnly ? "integer" : "decimal"].exec(text);
  if (match === null) return null;
  return canonicalParts(match[1] === "-", match[2]!.replace(/[^0-9]/g, ""), match[3] ?? "");
}

/**
 * The exact decimal a finite JS number denotes in its shortest round-trip form (`1e-7` is
 * 0.0000001, not a float's binary expansion). Used for the constraint's bounds and for values a
 * model sent as JSON numbers.
 */
export function decimalFromNumber(value: number): Decimal | null {
  if (!Number.isFinite(value)) return null;
  const match = /^(-)?([0-9])(?:\.([0-9]+))?e([+-][0-9]+)$/.exec(value.toExponential());
  if (match === null) return null;
  const digits = match[2]! + (match[3] ?? "");
  const exponent = Number(match[4]);
  // The point sits after the first digit; move it by the exponent, padding with zeros.
  const point = 1 + exponent;
  const padded = point <= 0 ? "0".repeat(1 - point) + digits : digits.padEnd(point, "0");
  const at = Math.max(point, 1);
  return canonicalParts(match[1] === "-", padded.slice(0, at), padded.slice(at));
}

/** Canonical text: `-`, integer digits, `.` and fraction digits when there are any ("1.5", "-3", "0"). */
export function formatDecimal(value: Decimal, minFractionDigits = 0): string {
  const fraction = value.fraction.padEnd(minFractionDigits, "0");
  return `${value.negative ? "-" : ""}${value.integer}${fraction === "" ? "" : `.${fraction}`}`;
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.fraction.length, b.fraction.length);
  const scaled = (value: Decimal) => {
    const magnitude = BigInt(value.integer + value.fraction.padEnd(scale, "0"));
    return value.negative ? -magnitude : magnitude;
  };
  const difference = scaled(a) - scaled(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
