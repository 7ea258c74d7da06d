import type { CliIo } from "./cli-context.js";

/**
 * Ctrl-C once: `signal` aborts, so long work stops starting new units and finishes (and writes)
 * those in flight; `message` says so. Twice: leave at once with 130, losing nothing written.
 */
export function gracefulStop(io: CliIo, message: string): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const dispose = io.onInterrupt(() => {
    if (controller.signal.aborted) io.exitNow(130);
    controller.abort();
    io.err(`\n${message} (Ctrl-C again to quit now)\n`);
  });
  return { signal: controller.signal, dispose };
}
