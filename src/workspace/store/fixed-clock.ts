/**
 * The workspace never reads the machine's clock: every page and every change-log entry takes its
 * time from the scenario's `now`, so "today" is the same day in every run and on every machine.
 * The wall-clock fields are read straight from the ISO string (its local part), so the scenario's
 * own time zone is what the person sees, whatever the server's zone is.
 */
export interface FixedClock {
  /** The scenario's `now` as written (ISO 8601 with an offset). */
  readonly iso: string;
  /** Local calendar date in the scenario's zone, "YYYY-MM-DD". */
  readonly date: string;
  /** Local time of day in the scenario's zone, "HH:MM" (24-hour). */
  readonly time: string;
  /** Days since 1970-01-01 of the local date, for day differences. */
  readonly dayNumber: number;
}

/** Used when a scenario gives no `now`: a fixed Monday morning, so runs stay reproducible. */
export const DEFAULT_NOW = "2026-01-05T09:00:00Z";

const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

export function fixedClock(now: string | undefined): FixedClock {
  const iso = now ?? DEFAULT_NOW;
  const match = ISO_WITH_OFFSET.exec(iso);
  if (!match) throw new Error(`the scenario's now must be an ISO 8601 date-time with an offset, got "${iso}"`);
  // Every group of the pattern is required, so each is a string here.
  const [year, month, day, hour, minute] = match.slice(1, 6).map((group) => group ?? "");
  return {
    iso,
    date: `${year}-${month}-${day}`,
    time: `${hour}:${minute}`,
    dayNumber: dayNumberOf(Number(year), Number(month), Number(day)),
  };
}

export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}
