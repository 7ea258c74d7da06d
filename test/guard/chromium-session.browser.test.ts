/**
 * The browser session every capture runs in: Debian Chromium (or SAFECUA_CHROMIUM), a fresh
 * context with pinned rendering (viewport, DPR 1, locale, timezone, reduced motion) and a request
 * gate that lets the page reach only its allowed origins.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_CHROMIUM_PATH, isRequestAllowed, openBrowserSession, resolveChromiumExecutable } from "../../src/browser/index.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { waitFor } from "../support/wait-for.js";

let server: Server;
let origin: string;
let otherOrigin: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(`${request.headers.host ?? ""}${request.url ?? ""}`);
    if (request.url?.startsWith("/page")) {
      response.writeHead(200, { "content-type": "text/html" });
      // The image and the fetch go to another origin (same server, other host name): both must be blocked.
      response.end(
        `<!doctype html><title>gate</title><img src="${otherOrigin}/tracker.png"><script>fetch("${otherOrigin}/beacon").catch(() => {})</script><p>ok</p>`,
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  otherOrigin = `http://localhost:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("request gate", () => {
  test("only allowed origins (and inline data) pass", () => {
    const allowed = new Set(["http://127.0.0.1:8080"]);
    expect(isRequestAllowed("http://127.0.0.1:8080/a/b?c", allowed)).toBe(true);
    expect(isRequestAllowed("data:image/png;base64,AAAA", allowed)).toBe(true);
    expect(isRequestAllowed("http://127.0.0.1:8081/", allowed)).toBe(false);
    expect(isRequestAllowed("https://127.0.0.1:8080/", allowed)).toBe(false);
    expect(isRequestAllowed("http://example.com/", allowed)).toBe(false);
    expect(isRequestAllowed("not a url", allowed)).toBe(false);
  });
});

describe("resolveChromiumExecutable", () => {
  test("SAFECUA_CHROMIUM overrides the default; a missing binary is named in the error", () => {
    expect(resolveChromiumExecutable({})).toBe(DEFAULT_CHROMIUM_PATH);
    expect(resolveChromiumExecutable({ SAFECUA_CHROMIUM: DEFAULT_CHROMIUM_PATH })).toBe(DEFAULT_CHROMIUM_PATH);
    expect(() => resolveChromiumExecutable({ SAFECUA_CHROMIUM: "/nonexistent/chromium" })).toThrow(
      /\/nonexistent\/chromium \(SAFECUA_CHROMIUM\)/,
    );
  });
});

describe("openBrowserSession", () => {
  test("pins viewport, DPR, locale, timezone and reduced motion, and blocks other origins", { timeout: 120_000 }, async () => {
    const session = await openBrowserSession({
      allowedOrigins: [origin],
      viewport: { width: 1024, height: 700 },
      locale: "de-DE",
      timezoneId: "Asia/Tokyo",
    });
    try {
      await session.page.goto(`${origin}/page`, { waitUntil: "load" });
      await waitFor(
        () => [`${otherOrigin}/tracker.png`, `${otherOrigin}/beacon`].every((url) => session.blockedRequests.includes(url)),
        "the gate to refuse the page's requests to another origin",
      );
      const environment = await session.page.evaluate(() => ({
        width: window.innerWidth,
        height: window.innerHeight,
        dpr: window.devicePixelRatio,
        language: navigator.language,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
      }));
      expect(environment).toEqual({ width: 1024, height: 700, dpr: 1, language: "de-DE", timeZone: "Asia/Tokyo", reducedMotion: true });
      expect(session.viewport).toEqual({ width: 1024, height: 700 });
      expect(session.blockedRequests).toEqual(expect.arrayContaining([`${otherOrigin}/tracker.png`, `${otherOrigin}/beacon`]));
      expect(hits.filter((hit) => hit.startsWith("localhost"))).toEqual([]);
      expect(hits.some((hit) => hit.endsWith("/page"))).toBe(true);
    } finally {
      await session.close();
    }
  });

  test("in a browser it is given, closes only its own context and leaves the browser running", async () => {
    const browser = await sharedBrowser();
    try {
      const session = await openBrowserSession({ allowedOrigins: [origin], browser });
      await session.page.goto(`${origin}/page`, { waitUntil: "load" });
      expect(session.browser).toBe(browser);
      await session.close();
      expect(browser.isConnected()).toBe(true);
      expect(browser.contexts()).not.toContain(session.context);
      const again = await openBrowserSession({ allowedOrigins: [origin], browser });
      expect(await again.context.cookies()).toEqual([]);
      await again.close();
    } finally {
      await browser.close();
    }
  });

  test("each session starts from a fresh profile", { timeout: 120_000 }, async () => {
    const first = await openBrowserSession({ allowedOrigins: [origin] });
    await first.page.goto(`${origin}/page`);
    await first.context.addCookies([{ name: "seen", value: "1", url: origin }]);
    await first.close();
    const second = await openBrowserSession({ allowedOrigins: [origin] });
    try {
      expect(await second.context.cookies()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
