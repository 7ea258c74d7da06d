/**
 * Waits until `condition` holds, checking every `everyMs`; fails after `timeoutMs` with `what`
 * in the message, so a test never hangs on a condition that will not come.
 */
export async function waitFor(
  condition: () => boolean,
  what: string,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 20));
  }
}
