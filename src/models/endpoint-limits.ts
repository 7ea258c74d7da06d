import pLimit, { type LimitFunction } from "p-limit";

// One limiter per endpoint for the whole process, so an agent, a judge and a mutator that talk to
// the same server share its capacity instead of each assuming they have all of it.
const limiters = new Map<string, LimitFunction>();

/**
 * The shared limiter of an endpoint (`provider|host/path`). The most recently requested
 * concurrency wins; p-limit applies a change to queued calls immediately.
 */
export function endpointLimiter(endpointKey: string, concurrency: number): LimitFunction {
  const existing = limiters.get(endpointKey);
  if (existing !== undefined) {
    if (existing.concurrency !== concurrency) existing.concurrency = concurrency;
    return existing;
  }
  const limit = pLimit(concurrency);
  limiters.set(endpointKey, limit);
  return limit;
}
