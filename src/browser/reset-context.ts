import type { Download, Page } from "playwright-core";
import { detachPageCdpSession } from "./browser-session.js";
import type { PinnedContext } from "./episode-context.js";

/**
 * Empties a context an episode used, so the next episode can read nothing it left, and keeps its
 * renderer warm (a new context costs a renderer start and Playwright's set-up, ≈ 0.5 s CPU):
 *
 * - a new tab replaces every tab the episode had. A tab's own state goes with it: its documents
 *   (heap, timers, workers), back/forward history, `window.name` and session storage, which
 *   belongs to the tab and can otherwise be cleared only from a document of each origin (one
 *   navigation per origin: ≈ 365 of the ≈ 450 ms CPU the reset cost when it kept the first tab).
 *   In the workspace's browser (`WORKSPACE_CHROMIUM_FLAGS`) the new tab shares the context's
 *   renderer, so it starts none. The old first tab first drops its DevTools session, so a debugger
 *   pause an interrupted capture left in that shared renderer cannot hold up the new tab;
 * - every download is deleted;
 * - for every origin a request went to (or was refused at): cookies, local storage, IndexedDB,
 *   Cache Storage, service worker registrations and every other storage type
 *   (`Storage.clearDataForOrigin`, all types);
 * - the HTTP cache and every cookie of the context; granted permissions.
 *
 * Then it checks, rather than trusts: no cookie, one blank tab with a history of one entry.
 * Anything that fails throws, and the pool closes the context instead of keeping it.
 */
export async function resetContext(pinned: PinnedContext, downloads: Download[]): Promise<Page> {
  const { context } = pinned;
  const old = context.pages().filter((page) => !page.isClosed());
  if (old[0]) await detachPageCdpSession(old[0]);
  const page = await context.newPage();
  for (const tab of old) await tab.close();
  for (const download of downloads.splice(0)) await download.delete();
  const cdp = await context.newCDPSession(page);
  try {
    for (const origin of pinned.origins) await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Network.clearBrowserCookies");
  } finally {
    await cdp.detach().catch(() => undefined);
  }
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
