import type { Failure } from "./classify-failure.js";
import { ModelCallError } from "./model-client.js";

export interface RetryOptions {
  /** First backoff step; doubles each retry. Default 1,000 ms. */
  baseMs?: number;
  /** Cap on one exponential backoff step. Default 30,000 ms. */
  maxMs?: number;
  /** Cap on a server-requested Retry-After. Default 60,000 ms. */
  maxRetryAfterMs?: number;
  /** Injectable for tests: receives every delay the policy decides on. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injectable jitter source in [0, 1). */
  random?: () => number;
}

export interface RetryPolicy {
  maxRetries: number;
  baseMs: number;
  maxMs: number;
  maxRetryAfterMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export function retryPolicy(maxRetries: number, options: RetryOptions = {}): RetryPolicy {
  return {
    maxRetries,
    baseMs: options.baseMs ?? 1_000,
    maxMs: options.maxMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
  };
}

/**
 * The wait before retry number `retry` (1-based). A server's Retry-After wins (capped), since it
 * knows when capacity returns; otherwise exponential backoff with "equal jitter": half the step
 * fixed, half random, so a burst of clients that failed together does not retry together.
 */
export function retryDelay(policy: RetryPolicy, retry: number, failure: Failure): number {
  if (failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, policy.maxRetryAfterMs);
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** (retry - 1));
  return step / 2 + policy.random() * (step / 2);
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error, or retries run out; then
 * throws a `ModelCallError` carrying the last failure's kind and the number of attempts made.
 *
 * A small loop instead of p-retry: p-retry computes its own delays (no per-error Retry-After)
 * and sleeps with its own timer (no injectable clock for tests), which are the two things this
 * policy needs. The caller's abort signal ends the loop with the signal's reason, not a retry.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  attempt: (attemptNumber: number) => Promise<T>,
  classify: (error: unknown) => Failure,
  describe: (failure: Failure, attempts: number) => string,
  signal?: AbortSignal,
): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    signal?.throwIfAborted();
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof ModelCallError) throw error;
      const failure = classify(error);
      if (!failure.retryable || attemptNumber > policy.maxRetries) {
        throw new ModelCallError(failure.kind, describe(failure, attemptNumber), attemptNumber, failure.status);
      }
      await policy.sleep(retryDelay(policy, attemptNumber, failure), signal);
    }
  }
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
