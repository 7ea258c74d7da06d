// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC; matching it is the point.
const ANSI = /\u001b\[[0-9;]*m/g;

/** Call-log lines that say why an action could not happen; kept, the rest of the log is dropped. */
const REASONS = /intercepts pointer events|not editable|not enabled|not visible|did not find some options|element is not|not attached/i;

/**
 * The first line of a Playwright error, minus the API prefix, plus any call-log line that says
 * why (an overlay intercepting clicks, an option that does not exist): enough for an agent to
 * change course, without the stack or the whole call log.
 */
export function describeActionError(error: unknown, ref?: string): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(ANSI, "");
  const lines = message.split("\n").map((line) => line.trim());
  let head = (lines[0] ?? "").replace(/^(?:locator|page|keyboard|mouse|frame|elementHandle)\.\w+:\s*/, "").replace(/^Error:\s*/, "");
  const resolved = lines.some((line) => line.includes("locator resolved to"));
  if (ref !== undefined && /Timeout \d+ms exceeded/.test(head) && !resolved) {
    head = `no element with ref ${ref} on the page any more (the page changed since the observation); use a ref from the latest observation`;
  }
  const reasons = [
    ...new Set(lines.filter((line) => REASONS.test(line)).map((line) => line.replace(/^-\s*/, "").replace(/^\d+ × /, ""))),
  ].slice(0, 2);
  return [head, ...reasons].join(" — ").slice(0, 600);
}
