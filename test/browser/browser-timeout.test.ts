import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BROWSER_TIMEOUT_ENV,
  BrowserTimeout,
  browserTimeoutFromEnv,
  DEFAULT_BROWSER_TIMEOUT_MS,
  loadFactor,
  MAX_LOAD_FACTOR,
} from "../../src/browser/browser-timeout.js";

describe("the browser timeout", () => {
  it("waits the base on a machine with a core per runnable process, and stretches with the load beyond that, up to the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60_000 }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.integer({ min: 1, max: 128 }),
        (base, load, cores) => {
          const timeout = new BrowserTimeout(base, () => ({ load, cores }));
          const factor = Math.min(MAX_LOAD_FACTOR, Math.max(1, load / cores));
          expect(loadFactor({ load, cores })).toBe(factor);
          expect(timeout.action()).toBe(Math.round(base * factor));
          expect(timeout.read()).toBe(Math.round(base * 2 * factor));
          expect(timeout.navigation()).toBe(Math.round(base * 3 * factor));
          expect(timeout.action()).toBeGreaterThanOrEqual(base);
          expect(timeout.navigation()).toBeLessThanOrEqual(Math.round(base * 3 * MAX_LOAD_FACTOR));
        },
      ),
    );
  });

  it("reads the load at each wait, not once", () => {
    let load = 2;
    const timeout = new BrowserTimeout(1000, () => ({ load, cores: 2 }));
    expect(timeout.action()).toBe(1000);
    load = 9;
    expect(timeout.action()).toBe(4500);
  });

  it("says what the wait was and how to change it", () => {
    expect(new BrowserTimeout(5000, () => ({ load: 1, cores: 2 })).explain()).toBe(
      `browser timeout 5000 ms; raise it with --browser-timeout or ${BROWSER_TIMEOUT_ENV}`,
    );
    expect(new BrowserTimeout(5000, () => ({ load: 6, cores: 2 })).explain()).toBe(
      `browser timeout 5000 ms, ×3.0 for load 6.0 on 2 cores; raise it with --browser-timeout or ${BROWSER_TIMEOUT_ENV}`,
    );
  });

  it("defaults to 5 s and refuses a base that is not a positive number", () => {
    expect(new BrowserTimeout(undefined, () => ({ load: 0, cores: 1 })).action()).toBe(DEFAULT_BROWSER_TIMEOUT_MS);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new BrowserTimeout(bad)).toThrow(RangeError);
  });

  it("is read from the environment, where a bad value is an error naming the variable", () => {
    expect(browserTimeoutFromEnv({})).toBeUndefined();
    expect(browserTimeoutFromEnv({ [BROWSER_TIMEOUT_ENV]: " " })).toBeUndefined();
    expect(browserTimeoutFromEnv({ [BROWSER_TIMEOUT_ENV]: "12000" })).toBe(12_000);
    for (const bad of ["0", "-5", "soon", "10s"])
      expect(() => browserTimeoutFromEnv({ [BROWSER_TIMEOUT_ENV]: bad })).toThrow(
        `${BROWSER_TIMEOUT_ENV}="${bad}" is not a positive number of ms`,
      );
  });
});
