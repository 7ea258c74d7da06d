import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { type EpisodeContextOptions, openEpisodeContext } from "./episode-context.js";
import { type LaunchBrowserOptions, launchBrowser } from "./launch-browser.js";
import type { Viewport } from "./viewport.js";

export { DEFAULT_VIEWPORT, type Viewport } from "./viewport.js";

/** The episode context's pinning (origins, viewport, locale, timezone) and where Chromium is. */
export interface BrowserSessionOptions extends EpisodeContextOptions, LaunchBrowserOptions {
  /** A running browser to open the session in (its context is closed at the end, the browser left running); launched when absent. */
  browser?: Browser;
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
  const owned = options.browser === undefined;
  const browser =
    options.browser ?? (await launchBrowser(options.executablePath !== undefined ? { executablePath: options.executablePath } : {}));
  // Only what this session created is closed: its own browser, or its context in a browser it was given.
  const release = (context?: BrowserContext) => (owned ? browser.close() : (context?.close() ?? Promise.resolve()));
  let context: BrowserContext | undefined;
  try {
    const episode = await openEpisodeContext(browser, options);
    context = episode.context;
    const page = await episode.context.newPage();
    return {
      browser,
      context: episode.context,
      page,
      viewport: episode.viewport,
      blockedRequests: episode.blockedRequests,
      close: () => release(episode.context),
    };
  } catch (error) {
    await release(context);
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
    const forget = () => {
      if (sessions.get(page) === session) sessions.delete(page);
    };
    // Neither a failed attach nor a session detached later must poison the calls after it: the
    // next caller attaches a new one.
    session.then((attached) => attached.on("close", forget), forget);
  }
  return session;
}

/**
 * Ends the page's shared DevTools session, if it has one: every domain it enabled is disabled
 * with it (a debugger pause an interrupted capture left behind is released), and the next caller
 * attaches a new one. For a page that outlives its episode (`ContextPool`).
 */
export async function detachPageCdpSession(page: Page): Promise<void> {
  const session = sessions.get(page);
  if (session === undefined) return;
  sessions.delete(page);
  const attached = await session.catch(() => undefined);
  await attached?.detach().catch(() => undefined);
}
