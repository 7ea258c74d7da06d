/**
 * The wait a server asked for, in ms: `retry-after-ms` (OpenAI) first, then `Retry-After` as
 * delta-seconds or an HTTP date. Undefined when absent or unparseable; never negative.
 * `now` is injectable so tests do not depend on the clock.
 */
export function parseRetryAfter(headers: Record<string, string> | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const ms = lower.get("retry-after-ms");
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return Math.max(0, Number(ms));
  const value = lower.get("retry-after");
  if (value === undefined || value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.max(0, Number(value) * 1000);
  // An HTTP date always names a day and a month; this keeps "-3" from parsing as the year -3.
  if (!/[A-Za-z]{3}/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
