/**
 * A page that stops answering mid-freeze: how long `withFrozenPage` holds its caller. A fake
 * DevTools session answers what creating our world needs and nothing after it (a renderer that
 * went busy), under fake timers, so each deadline is crossed exactly.
 */
import type { CDPSession, Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FreezeError, withFrozenPage } from "../../src/guard/capture/index.js";

const ANSWERED: Record<string, unknown> = {
  "Runtime.enable": {},
  "Page.getFrameTree": { frameTree: { frame: { id: "main" } } },
  "Page.createIsolatedWorld": { executionContextId: 7 },
};

/** A page whose session answers only `ANSWERED`; every other command hangs. Records what was sent. */
function busyPage(sent: string[]): Page {
  const cdp = {
    send: (method: string, params?: { expression?: string }) => {
      sent.push(method === "Runtime.evaluate" ? `Runtime.evaluate ${params?.expression ?? ""}` : method);
      return method in ANSWERED ? Promise.resolve(ANSWERED[method]) : new Promise(() => undefined);
    },
    on: () => cdp,
    off: () => cdp,
  } as unknown as CDPSession;
  return { context: () => ({ newCDPSession: async () => cdp }) } as unknown as Page;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a freeze the page never answers", () => {
  for (const timeoutMs of [400, 2_000, 16_000]) {
    it(`fails after its deadline plus one more for the cleanup (${timeoutMs} ms each), having sent the whole cleanup`, async () => {
      const sent: string[] = [];
      let outcome: unknown = "pending";
      void withFrozenPage(busyPage(sent), async () => "captured", timeoutMs).then(
        (value) => {
          outcome = value;
        },
        (error: unknown) => {
          outcome = error;
        },
      );
      await vi.advanceTimersByTimeAsync(timeoutMs - 1);
      expect(outcome).toBe("pending");
      // The deadline: the freeze has failed, and the cleanup is sent.
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toBe("pending");
      // The animations held before the deadline are played on, then the debugger let go.
      const resume = sent.findIndex((command) => command.includes("animation.play()"));
      expect(resume).toBeGreaterThan(0);
      expect(sent.indexOf("Debugger.disable")).toBeGreaterThan(resume);
      await vi.advanceTimersByTimeAsync(timeoutMs - 1);
      expect(outcome).toBe("pending");
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toBeInstanceOf(FreezeError);
      expect((outcome as Error).message).toContain(`within ${timeoutMs} ms`);
    });
  }
});
