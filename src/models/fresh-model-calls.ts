import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Runs `work` so that every model call it makes goes to the model even when the cache holds a
 * reply, and (in `read-write`) replaces that reply. A resume uses it for the episodes it retries:
 * their error came from a recorded reply, which the cache would otherwise hand back unchanged.
 * `replay-only` ignores it, since replaying exactly is that mode's promise.
 *
 * An async context rather than a request field because the calls happen deep inside agents, the
 * judge and the guarded agent's roles, all of which would otherwise need to carry a flag that
 * means nothing to them.
 */
export function freshModelCalls<T>(work: () => Promise<T>): Promise<T> {
  return freshness.run(true, work);
}

/** True inside `freshModelCalls`. */
export function wantsFreshCalls(): boolean {
  return freshness.getStore() === true;
}

const freshness = new AsyncLocalStorage<boolean>();
