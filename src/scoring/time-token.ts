/**
 * Strict-mode clock-time recognition. "8 AM", "8:00am", "08:00 AM", "8.00 a.m." and "08:00"
 * all denote the same time, so each becomes one atomic token in 24-hour form ("08h00").
 * The token is atomic on purpose: split into "08", "00", "am", any "09:00 AM" would share two
 * of three tokens with "08:00 AM" and satisfy it by coverage.
 *
 * Two shapes are recognised, on folded (lowercase) text:
 * - hour 1–12, optional [:.]minutes, then am/pm (a.m./p.m.);
 * - hour 0–23 ":" minutes with no meridiem (24-hour clock; "08:00" reads as 8 in the morning).
 * Seconds ("10:30:15") and numbers glued to letters or digits are left alone.
 */
export const TIME_PATTERN =
  String.raw`(?<![\p{L}\p{N}])(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s?([ap])\.?m\.?(?![\p{L}\p{N}])` +
  String.raw`|(?<![\p{L}\p{N}:.])([01]?\d|2[0-3]):([0-5]\d)(?![\p{N}]|:\d)`;

/** The canonical token for a TIME_PATTERN match's capture groups. */
export function timeToken(groups: readonly (string | undefined)[]): string {
  const [hour12, minutes12, meridiem, hour24, minutes24] = groups;
  let hour: number;
  let minutes: string;
  if (hour12 !== undefined) {
    hour = (Number(hour12) % 12) + (meridiem === "p" ? 12 : 0);
    minutes = minutes12 ?? "00";
  } else {
    hour = Number(hour24);
    minutes = minutes24 ?? "00";
  }
  return `${String(hour).padStart(2, "0")}h${minutes}`;
}
