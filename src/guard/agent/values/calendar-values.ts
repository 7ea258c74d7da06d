import { formatDecimal, parseDecimal } from "./decimal-number.js";
import type { ParsedValue } from "./parsed-value.js";

/**
 * The calendar types (Table 10): an ISO date, a 24-hour clock time and an ISO 8601 duration.
 * Digits are ASCII only. No time zones and no date-times: the question names what it asks for.
 */

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD`, a real day of the proleptic Gregorian calendar from 0001-01-01 ("2026-02-30" is refused). */
export function parseDate(text: string): ParsedValue {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (match === null) return { ok: false, reason: "a date is written YYYY-MM-DD" };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return { ok: false, reason: "not a calendar date" };
  const length = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  if (day > length) return { ok: false, reason: "not a calendar date" };
  return { ok: true, value: text, key: text };
}

/**
 * `HH:MM` or `HH:MM:SS`, 24-hour, 00:00 to 23:59:59 (no "24:00", no leap second). A one-digit
 * hour ("9:30") is read and padded, since instructions write times that way. The value keeps the
 * precision it was read with; the key always has seconds, so "10:00" equals "10:00:00".
 */
export function parseTime(text: string): ParsedValue {
  const match = /^([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?$/.exec(text);
  if (match === null) return { ok: false, reason: "a time is written HH:MM or HH:MM:SS" };
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? "0")];
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, reason: "not a time of day (24-hour clock)" };
  const hhmm = `${match[1]!.padStart(2, "0")}:${match[2]}`;
  return { ok: true, value: match[3] === undefined ? hhmm : `${hhmm}:${match[3]}`, key: `${hhmm}:${match[3] ?? "00"}` };
}

// ISO 8601 duration with the designators in order; `W` may combine with the others, as
// ECMAScript's Temporal.Duration reads it.
const NUMBER = String.raw`([0-9]+(?:[.,][0-9]+)?)`;
const DURATION = new RegExp(
  String.raw`^P(?:${NUMBER}Y)?(?:${NUMBER}M)?(?:${NUMBER}W)?(?:${NUMBER}D)?(?:T(?:${NUMBER}H)?(?:${NUMBER}M)?(?:${NUMBER}S)?)?$`,
  "i",
);
const DESIGNATORS = ["Y", "M", "W", "D", "H", "M", "S"];

/**
 * An ISO 8601 duration (`P1Y2M`, `PT1H30M`, `P2W`, `PT0.5S`). Designators are read in either
 * case; a decimal fraction ("." or ",") only on the last component, as ISO 8601 allows. Value and
 * key are the same canonical form: upper case, exact numbers, zero components dropped (`P1DT0H`
 * is `P1D`, any zero duration is `PT0S`). Units are never converted into each other: a month or a
 * day has no fixed length, so `PT60M` and `PT1H` stay different, which fails closed.
 */
export function parseDuration(text: string): ParsedValue {
  const match = DURATION.exec(text);
  const parts = match?.slice(1) ?? [];
  const present = parts.flatMap((part, i) => (part === undefined ? [] : [i]));
  const hasTime = /t/i.test(text);
  if (match === null || present.length === 0 || (hasTime && !present.some((i) => i >= 4))) {
    return { ok: false, reason: "not an ISO 8601 duration (e.g. P1D, PT1H30M)" };
  }
  if (present.slice(0, -1).some((i) => /[.,]/.test(parts[i]!))) {
    return { ok: false, reason: "only the last component of a duration may have a fraction" };
  }
  let date = "";
  let time = "";
  for (const i of present) {
    const amount = parseDecimal(parts[i]!.replace(",", "."));
    if (amount === null) return { ok: false, reason: "not an ISO 8601 duration (e.g. P1D, PT1H30M)" };
    if (amount.integer === "0" && amount.fraction === "") continue;
    const component = `${formatDecimal(amount)}${DESIGNATORS[i]}`;
    if (i < 4) date += component;
    else time += component;
  }
  const canonical = date === "" && time === "" ? "PT0S" : `P${date}${time === "" ? "" : `T${time}`}`;
  return { ok: true, value: canonical, key: canonical };
}
