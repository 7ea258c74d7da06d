import type { Download, Page, Route } from "playwright-core";
import { detachPageCdpSession } from "./browser-session.js";
import type { PinnedContext } from "./episode-context.js";

/** Where the reset sends a tab to clear an origin's session storage: answered in Chromium, never sent. */
const RESET_PATH = "/.well-known/safecua-reset";

/** The http(s) origin of a document URL, or undefined (about:, data:, opaque). */
export function documentOrigin(url: string): string | undefined {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "http:" || protocol === "https:" ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Navigates, tolerating a navigation the last episode left in flight (a refused request's error
 * page commits after `goto` has already failed) that interrupts ours: it is tried again.
 */
async function settledGoto(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      if (attempt >= 3 || !/interrupted by another navigation/.test((error as Error).message)) throw error;
      // The interrupting navigation may be ours, committed after all.
      await page.waitForLoadState("load");
      if (page.url() === url) return;
    }
  }
}

/**
 * Empties a context an episode used, so the next episode can read nothing it left, and keeps its
 * first tab warm (a new tab costs a renderer start, about 300 ms: most of what a new context
 * costs):
 *
 * - every other tab is closed; the kept one drops its DevTools session (whatever an interrupted
 *   capture left enabled or paused), goes to `about:blank` (the page's heap, timers and workers
 *   go with its document), loses its back/forward history (`Page.resetNavigationHistory`, which
 *   also drops the back/forward cache) and its `window.name`;
 * - every download is deleted;
 * - the kept tab's session storage, which belongs to the tab and lives on across its navigations,
 *   can only be cleared from a document of its origin: the tab is sent to an empty document of
 *   every origin it had a document at, answered by us (no request leaves Chromium), and clears it;
 * - for every origin a request went to (or was refused at): cookies, local storage, IndexedDB,
 *   Cache Storage, service worker registrations and every other storage type
 *   (`Storage.clearDataForOrigin`, all types);
 * - the HTTP cache and every cookie of the context; granted permissions.
 *
 * Then it checks, rather than trusts: no cookie, one blank tab with a history of one entry.
 * Anything that fails throws, and the pool closes the context instead of keeping it.
 */
export async function resetContext(pinned: PinnedContext, downloads: Download[], tabOrigins: Map<Page, Set<string>>): Promise<Page> {
  const { context } = pinned;
  const [kept, ...others] = context.pages().filter((page) => !page.isClosed());
  for (const page of others) await page.close();
  for (const download of downloads.splice(0)) await download.delete();
  const page = kept ?? (await context.newPage());
  await detachPageCdpSession(page);
  const visited = [...(tabOrigins.get(page) ?? [])];
  tabOrigins.clear();
  if (visited.length > 0) {
    const empty = (route: Route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>reset</title>" });
    await page.route(`**${RESET_PATH}`, empty);
    try {
      for (const origin of visited) {
        await settledGoto(page, `${origin}${RESET_PATH}`);
        await page.evaluate(() => sessionStorage.clear());
      }
    } finally {
      await page.unroute(`**${RESET_PATH}`, empty);
    }
  }
  await settledGoto(page, "about:blank");
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send("Page.resetNavigationHistory");
    for (const origin of pinned.origins) await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Network.clearBrowserCookies");
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  await page.evaluate(() => {
    window.name = "";
  });
  await context.clearCookies();
  await context.clearPermissions();
  pinned.origins.clear();
  const left = await context.cookies();
  if (left.length > 0) throw new Error(`${left.length} cookies survived the reset`);
  const pages = context.pages();
  const entries = await page.evaluate(() => window.history.length);
  if (pages.length !== 1 || pages[0] !== page || page.url() !== "about:blank" || entries !== 1)
    throw new Error(`the reset left ${pages.length} tabs, the first at ${page.url()} with ${entries} history entries`);
  return page;
}
