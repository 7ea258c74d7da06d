/**
 * Exit codes of every command (ARCHITECTURE.md): 0 ok, 1 a bug (or a run that could not finish),
 * 2 bad usage, bad input or a missing prerequisite, 100 a threshold the user set was not met,
 * 130 interrupted (resumable).
 */
export const EXIT = { ok: 0, error: 1, usage: 2, threshold: 100, interrupted: 130 } as const;
