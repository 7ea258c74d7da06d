/** Exit codes of every command (ARCHITECTURE.md): 0 ok, 1 error, 2 bad usage or input, 100 a user threshold not met. */
export const EXIT = { ok: 0, error: 1, usage: 2, threshold: 100 } as const;

/** Bad usage or bad input: the message names the flag, file or field, and the exit code is 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
