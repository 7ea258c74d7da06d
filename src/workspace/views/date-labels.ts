import { dayNumberOf, type FixedClock } from "../store/fixed-clock.js";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

/** "Tuesday 21 April 2026". */
function longDate(year: number, month: number, day: number): string {
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]} ${year}`;
}

/** The clock line shown in every page header: "Tuesday 21 April 2026, 09:05". */
export function clockLabel(clock: FixedClock): string {
  const [year, month, day] = clock.date.split("-").map(Number) as [number, number, number];
  return `${longDate(year, month, day)}, ${clock.time}`;
}

/**
 * A date relative to the scenario's today ("today", "tomorrow", "in 3 days", "2 days ago") with
 * its weekday, for ISO dates only; null for free-text dates, which are shown as written. The raw
 * value is always shown next to this label, so nothing the scenario wrote is replaced.
 */
export function relativeDateLabel(text: string | undefined, clock: FixedClock): string | null {
  if (text === undefined) return null;
  const parsed = parseIsoDate(text);
  if (!parsed) return null;
  const difference = dayNumberOf(parsed.year, parsed.month, parsed.day) - clock.dayNumber;
  const relative =
    difference === 0
      ? "today"
      : difference === 1
        ? "tomorrow"
        : difference === -1
          ? "yesterday"
          : difference > 0
            ? `in ${difference} days`
            : `${-difference} days ago`;
  return `${relative}, ${longDate(parsed.year, parsed.month, parsed.day)}`;
}

/** Sort key for ISO dates; free-text dates sort after them in their original order. */
export function dateSortKey(text: string | undefined): string {
  return text !== undefined && parseIsoDate(text) ? text.trim() : "~";
}
