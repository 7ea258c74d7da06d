import type { AnswerConstraint } from "./answer-constraint.js";
import { type CurrencyCode, currencyForSign, isCurrencyCode, minorUnitDigits } from "./currency-codes.js";
import { formatDecimal, parseDecimal } from "./decimal-number.js";
import type { ParsedValue } from "./parsed-value.js";

/**
 * The numeric types (Table 10): count, integer, number, percentage, money. Each is written with
 * ASCII digits in the locale the constraint fixes, and compared as an exact decimal: the key is
 * the canonical decimal ("1,234.50" and "1234.5" are one number). Bounds are not checked here;
 * `validateAnswer` checks them against `amount`.
 */

function separatorOf(constraint: AnswerConstraint) {
  return constraint.decimalSeparator ?? ".";
}

export function parseCount(text: string, constraint: AnswerConstraint): ParsedValue {
  // A count has no sign at all: "+3" is an increase someone wrote, not a count of things.
  const amount = /^[0-9]/.test(text) ? parseDecimal(text, separatorOf(constraint), true) : null;
  if (amount === null) return { ok: false, reason: "a count is a whole number of ASCII digits with no sign" };
  const value = formatDecimal(amount);
  return { ok: true, value, key: value, amount };
}

export function parseInteger(text: string, constraint: AnswerConstraint): ParsedValue {
  const amount = parseDecimal(text, separatorOf(constraint), true);
  if (amount === null) return { ok: false, reason: "an integer is an optional sign and ASCII digits, no fraction" };
  const value = formatDecimal(amount);
  return { ok: true, value, key: value, amount };
}

export function parseNumber(text: string, constraint: AnswerConstraint): ParsedValue {
  const amount = parseDecimal(text, separatorOf(constraint));
  if (amount === null) return { ok: false, reason: "not a decimal number in the constraint's locale" };
  const value = formatDecimal(amount);
  return { ok: true, value, key: value, amount };
}

/**
 * A percentage may be read with its `%` sign ("45 %"); the canonical value is the bare number
 * ("45"): the type already says it is a percentage, and a field that takes one usually wants the
 * number alone.
 */
export function parsePercentage(text: string, constraint: AnswerConstraint): ParsedValue {
  const amount = parseDecimal(text.replace(/ ?%$/, ""), separatorOf(constraint));
  if (amount === null) return { ok: false, reason: "a percentage is a decimal number, optionally followed by %" };
  const value = formatDecimal(amount);
  return { ok: true, value, key: value, amount };
}

// A currency (an ISO code or one currency sign) before or after the amount, a space between
// optional; a sign of the whole amount may come first ("-$3.50").
const CURRENCY = String.raw`[A-Z]{3}|\p{Sc}`;
const PREFIXED = new RegExp(String.raw`^([+-]?)(${CURRENCY}) ?([+-]?[0-9][0-9., ]*)$`, "u");
const SUFFIXED = new RegExp(String.raw`^([+-]?[0-9][0-9., ]*?) ?(${CURRENCY})$`, "u");

/**
 * Money (Table 10): an amount and an ISO 4217 code from the closed list. A currency sign stands
 * for a code only when it is unambiguous given the constraint (`currencyForSign`): "€" is EUR,
 * "$" is refused unless `currencies` leaves exactly one dollar. When `currencies` is given, a
 * code outside it is refused too. Canonical value and key: "USD 25.00" — code, space, exact
 * amount padded to the currency's minor unit, so "$25" and "25.00 USD" compare equal.
 */
export function parseMoney(text: string, constraint: AnswerConstraint): ParsedValue {
  const prefixed = PREFIXED.exec(text);
  const suffixed = prefixed === null ? SUFFIXED.exec(text) : null;
  if (prefixed === null && suffixed === null) return { ok: false, reason: "money is an amount with an ISO 4217 code or a currency sign" };
  const [outerSign, currency, written] =
    prefixed !== null ? [prefixed[1]!, prefixed[2]!, prefixed[3]!] : ["", suffixed![2]!, suffixed![1]!];
  if (outerSign !== "" && /^[+-]/.test(written)) return { ok: false, reason: "money has one sign at most" };
  const amount = parseDecimal(outerSign + written, separatorOf(constraint));
  if (amount === null) return { ok: false, reason: "the amount is not a decimal number in the constraint's locale" };
  let code: CurrencyCode;
  if (/^[A-Z]{3}$/.test(currency)) {
    if (!isCurrencyCode(currency)) return { ok: false, reason: "not an ISO 4217 currency code" };
    code = currency;
  } else {
    const named = currencyForSign(currency, constraint.currencies);
    if (named === null) return { ok: false, reason: "the currency sign is ambiguous or unknown; name the currencies in the constraint" };
    code = named;
  }
  if (constraint.currencies !== undefined && !constraint.currencies.includes(code)) {
    return { ok: false, reason: "the currency is not one the constraint allows" };
  }
  const value = `${code} ${formatDecimal(amount, minorUnitDigits(code))}`;
  return { ok: true, value, key: value, amount };
}
