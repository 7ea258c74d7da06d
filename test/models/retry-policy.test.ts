import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../src/models/classify-failure.js";
import { parseRetryAfter } from "../../src/models/retry-after.js";
import { retryDelay, retryPolicy } from "../../src/models/retry-policy.js";

const NOW = Date.parse("2026-01-01T00:00:00Z");

function apiError(statusCode: number | undefined, headers: Record<string, string> = {}): APICallError {
  return new APICallError({
    message: "m",
    url: "http://h/v1",
    requestBodyValues: {},
    ...(statusCode !== undefined ? { statusCode } : {}),
    responseHeaders: headers,
  });
}

describe("parseRetryAfter", () => {
  it("reads delta-seconds, HTTP dates and retry-after-ms", () => {
    expect(parseRetryAfter({ "retry-after": "7" }, NOW)).toBe(7000);
    expect(parseRetryAfter({ "Retry-After": "1.5" }, NOW)).toBe(1500);
    expect(parseRetryAfter({ "retry-after": new Date(NOW + 30_000).toUTCString() }, NOW)).toBe(30_000);
    expect(parseRetryAfter({ "retry-after": new Date(NOW - 30_000).toUTCString() }, NOW)).toBe(0);
    expect(parseRetryAfter({ "retry-after-ms": "250", "retry-after": "9" }, NOW)).toBe(250);
  });

  it("ignores absent or garbage values", () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter({}, NOW)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "soon" }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "-3" }, NOW)).toBeUndefined();
  });
});

describe("classifyFailure", () => {
  it.each([
    [429, "rate_limit", true],
    [408, "timeout", true],
    [500, "server", true],
    [503, "server", true],
    [529, "server", true],
    [200, "server", true],
    [400, "bad_request", false],
    [404, "bad_request", false],
    [422, "bad_request", false],
    [401, "auth", false],
    [403, "auth", false],
  ] as const)("HTTP %i is %s (retryable: %s)", (status, kind, retryable) => {
    expect(classifyFailure(apiError(status), false)).toMatchObject({ kind, retryable, status });
  });

  it("treats connection failures and our own timeout as retryable", () => {
    expect(classifyFailure(apiError(undefined), false)).toMatchObject({ kind: "network", retryable: true });
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(classifyFailure(new TypeError("terminated", { cause: reset }), false)).toMatchObject({ kind: "network", retryable: true });
    expect(classifyFailure(new DOMException("aborted", "AbortError"), true)).toMatchObject({ kind: "timeout", retryable: true });
    expect(classifyFailure(new Error("something else"), false)).toMatchObject({ kind: "unknown", retryable: false });
  });

  it("carries the server's Retry-After", () => {
    expect(classifyFailure(apiError(429, { "retry-after": "3" }), false, NOW).retryAfterMs).toBe(3000);
  });
});

describe("retryDelay", () => {
  const policy = retryPolicy(5, { baseMs: 100, maxMs: 1000, maxRetryAfterMs: 5000, random: () => 0.5 });

  it("doubles with equal jitter and caps the step", () => {
    const failure = { kind: "server" as const, retryable: true, message: "" };
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(policy, n, failure))).toEqual([75, 150, 300, 600, 750]);
    const low = retryPolicy(5, { baseMs: 100, random: () => 0 });
    const high = retryPolicy(5, { baseMs: 100, random: () => 0.999999 });
    expect(retryDelay(low, 3, failure)).toBe(200);
    expect(retryDelay(high, 3, failure)).toBeCloseTo(400, 3);
  });

  it("uses the server's Retry-After instead, capped", () => {
    expect(retryDelay(policy, 1, { kind: "rate_limit", retryable: true, message: "", retryAfterMs: 2000 })).toBe(2000);
    expect(retryDelay(policy, 1, { kind: "rate_limit", retryable: true, message: "", retryAfterMs: 3_600_000 })).toBe(5000);
  });
});
