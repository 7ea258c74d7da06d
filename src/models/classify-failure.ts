import type { APICallError } from "ai";
import type { ModelErrorKind } from "./model-client.js";
import { parseRetryAfter } from "./retry-after.js";

export interface Failure {
  kind: ModelErrorKind;
  retryable: boolean;
  status?: number;
  /** Server-requested wait (Retry-After), uncapped. */
  retryAfterMs?: number;
  message: string;
}

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/**
 * Maps whatever one attempt threw to a kind and a retry decision. Retried: 429, 408, 5xx,
 * connection failures, our own timeout, and a 2xx whose body was not the promised shape
 * (malformed or truncated JSON from a proxy or an overloaded server is usually transient).
 * Not retried: other 4xx (400, 401, 403, 404, 422…), which would fail the same way again.
 */
export function classifyFailure(error: unknown, timedOut: boolean, now: number = Date.now()): Failure {
  if (timedOut) return { kind: "timeout", retryable: true, message: "no reply before the per-call timeout" };
  if (isApiCallError(error)) {
    const status = error.statusCode;
    const retryAfterMs = parseRetryAfter(error.responseHeaders, now);
    const base = {
      message: error.message,
      ...(status !== undefined ? { status } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    };
    if (status === undefined) return { ...base, kind: "network", retryable: true };
    if (status === 429) return { ...base, kind: "rate_limit", retryable: true };
    if (status === 408) return { ...base, kind: "timeout", retryable: true };
    if (status === 401 || status === 403) return { ...base, kind: "auth", retryable: false };
    if (status >= 500) return { ...base, kind: "server", retryable: true };
    if (status >= 200 && status < 300)
      return { ...base, kind: "server", retryable: true, message: `invalid response body: ${error.message}` };
    return { ...base, kind: "bad_request", retryable: false };
  }
  if (hasNetworkCause(error)) return { kind: "network", retryable: true, message: messageOf(error) };
  return { kind: "unknown", retryable: false, message: messageOf(error) };
}

function hasNetworkCause(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    // undici reports a body cut off mid-read as TypeError("terminated").
    if (current instanceof TypeError && /^(terminated|fetch failed)$/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The AI SDK's `APICallError.isInstance` without importing the SDK at start-up: the SDK marks its
 * errors with a registered symbol, which is what `isInstance` checks.
 */
const API_CALL_ERROR_MARKER = Symbol.for("vercel.ai.error.AI_APICallError");

function isApiCallError(error: unknown): error is APICallError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[API_CALL_ERROR_MARKER] === true;
}
