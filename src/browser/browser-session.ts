import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { CHROMIUM_FLAGS } from "./chromium-flags.js";
import { resolveChromiumExecutable } from "./chromium-executable.js";
import { isRequestAllowed, normalizeOrigin } from "./request-gate.js";

export interface Viewport {
  width: number;
  height: number;
}

export const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 800 };

export interface BrowserSessionOptions {
  /** Origins the page may fetch from (`http://127.0.0.1:PORT`); every other request is aborted. */
  allowedOrigins: readonly string[];
  viewport?: Viewport;
  locale?: string;
  timezoneId?: string;
  /** Overrides `SAFECUA_CHROMIUM` and the default path. */
  executablePath?: string;
}

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** The first tab, opened on `about:blank`. */
  readonly page: Page;
  readonly viewport: Viewport;
  /** URLs the gate refused, in order; tests and debugging read them. */
  readonly blockedRequests: readonly string[];
  close(): Promise<void>;
}

/**
 * Launches Chromium with a fresh profile and one context whose rendering is pinned: fixed viewport,
 * device pixel ratio 1 (so CSS pixels are screenshot pixels and capture geometry needs no scaling),
 * fixed locale and timezone, reduced motion (no animation moves a box between capture and
 * screenshot), and a request gate that aborts every request outside the allowed origins.
 */
export async function openBrowserSession(options: BrowserSessionOptions): Promise<BrowserSession> {
  const allowed = new Set(options.allowedOrigins.map(normalizeOrigin));
  const viewport = options.viewport ?? DEFAULT_VIEWPORT;
  const browser = await chromium.launch({
    executablePath: options.executablePath ?? resolveChromiumExecutable(),
    args: [...CHROMIUM_FLAGS],
  });
  const blockedRequests: string[] = [];
  try {
    const context = await browser.newContext({
      viewport,
      screen: viewport,
      deviceScaleFactor: 1,
      locale: options.locale ?? "en-US",
      timezoneId: options.timezoneId ?? "UTC",
      reducedMotion: "reduce",
      colorScheme: "light",
      // A service worker could answer requests without passing through the route below.
      serviceWorkers: "block",
    });
    await context.route("**/*", async (route) => {
      const url = route.request().url();
      if (isRequestAllowed(url, allowed)) return route.continue();
      blockedRequests.push(url);
      return route.abort("blockedbyclient");
    });
    await context.routeWebSocket(/.*/, (socket) => {
      const httpUrl = socket.url().replace(/^ws/, "http");
      if (isRequestAllowed(httpUrl, allowed)) {
        socket.connectToServer();
        return;
      }
      blockedRequests.push(socket.url());
      void socket.close({ code: 1008, reason: "blocked by safecua" });
    });
    const page = await context.newPage();
    return {
      browser,
      context,
      page,
      viewport,
      blockedRequests,
      close: async () => {
        await browser.close();
      },
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * One DevTools session per page, shared by capture and the pointer check: enabling the DOM agent
 * twice would invalidate node ids the other holder kept, and a second session costs a round trip.
 */
export function pageCdpSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (session === undefined) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
    // A failed attach must not poison later calls.
    session.catch(() => sessions.delete(page));
  }
  return session;
}
