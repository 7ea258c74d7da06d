import type { Page } from "playwright-core";
import { parseAriaSnapshot, walkAriaTree } from "./aria-tree.js";
import { type SettleOptions, settlePage } from "./settle-page.js";

export interface CrawlOptions {
  /** Links are followed only to URLs this accepts (e.g. the pages of one episode). */
  inScope: (url: URL) => boolean;
  /** Stop after this many pages (default 500). */
  maxPages?: number;
  /**
   * `default` (the default): the plain accessibility tree, about 7× faster to capture; `ai`: the
   * same tree with the `[ref=…]` ids an agent acts on. Links are followed either way.
   */
  mode?: "default" | "ai";
  /** How long the DOM must stay quiet after load (default 20 ms: the pages crawled are usually static). */
  settle?: SettleOptions;
  /**
   * Called with the pages so far after each page; returning true ends the crawl there. For checks
   * that only need to find something (every item of a scenario on some page): the pages after the
   * one where it is found could not change the answer.
   */
  until?: (pages: readonly CrawledPage[]) => boolean;
  /**
   * Called on each page while `page` still shows it (after its snapshot, before the next page
   * loads): a check that must see the live page reads it here instead of loading every URL again.
   * It may scroll and read the page; its links are already taken. A throw ends the crawl.
   */
  visit?: (crawled: CrawledPage) => Promise<void>;
}

export interface CrawledPage {
  url: string;
  /** HTTP status of the page's document. */
  status: number;
  /** Its aria snapshot (the accessibility tree as text). */
  text: string;
}

/**
 * Every page reachable from `startUrl` by following links (GET only, fragments dropped) within
 * scope, breadth-first, each loaded in `page` and captured as an aria snapshot. Links are read
 * from the snapshot itself (the `/url` of each link), so only what is exposed to assistive
 * technology is followed.
 */
export async function crawlPages(page: Page, startUrl: string, options: CrawlOptions): Promise<CrawledPage[]> {
  const start = new URL(startUrl);
  start.hash = "";
  const queue = [start.href];
  const seen = new Set(queue);
  const pages: CrawledPage[] = [];
  const limit = options.maxPages ?? 500;
  while (queue.length > 0 && pages.length < limit) {
    const url = queue.shift() as string;
    const response = await page.goto(url, { waitUntil: "load" });
    await settlePage(page, { quietMs: 20, capMs: 1000, ...options.settle });
    const text = await page.ariaSnapshot({ mode: options.mode ?? "default" });
    const crawled = { url, status: response?.status() ?? 0, text };
    pages.push(crawled);
    await options.visit?.(crawled);
    if (options.until?.(pages)) break;
    for (const node of walkAriaTree(parseAriaSnapshot(text))) {
      const href = node.props.url;
      if (node.role !== "link" || href === undefined) continue;
      let target: URL;
      try {
        target = new URL(href, url);
      } catch {
        continue;
      }
      target.hash = "";
      if (seen.has(target.href) || !options.inScope(target)) continue;
      seen.add(target.href);
      queue.push(target.href);
    }
  }
  return pages;
}
