import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { crawlPages, openEpisodeContext } from "../../src/browser/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { episodePath } from "../../src/workspace/index.js";
import { useBrowserAndWorkspace } from "./browser-fixture.js";

const env = useBrowserAndWorkspace();

async function crawl(
  episodeId: string,
  until?: (pages: readonly { url: string }[]) => boolean,
  visit?: (crawled: { url: string }, page: Page) => Promise<void>,
) {
  const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
  const startUrl = env.workspace().reset(episodeId, scenarios[0] as (typeof scenarios)[number]);
  const episode = await openEpisodeContext(env.browser(), { allowedOrigins: [env.workspace().url] });
  try {
    const page = await episode.context.newPage();
    const scope = `${env.workspace().url}${episodePath(episodeId)}`;
    return await crawlPages(page, startUrl, {
      inScope: (url) => url.href.startsWith(scope),
      ...(until ? { until } : {}),
      ...(visit ? { visit: (crawled) => visit(crawled, page) } : {}),
    });
  } finally {
    await episode.close();
  }
}

describe("crawlPages", () => {
  it("visits every page of an episode once, breadth-first from the start page, and `until` cuts the same walk short", async () => {
    const all = await crawl("crawl-all");
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((page) => page.status === 200 && page.text.length > 0)).toBe(true);
    expect(new Set(all.map((page) => page.url)).size).toBe(all.length);
    expect(all.every((page) => page.url.includes(episodePath("crawl-all")))).toBe(true);

    const calls: number[] = [];
    const cut = await crawl("crawl-all", (pages) => {
      calls.push(pages.length);
      return pages.length === 3;
    });
    expect(calls).toEqual([1, 2, 3]);
    expect(cut.map((page) => page.url)).toEqual(all.slice(0, 3).map((page) => page.url));
  });

  it("`visit` sees each page live, once, before the next loads; scrolling it there changes nothing crawled, and its throw ends the crawl", async () => {
    const all = await crawl("crawl-visit");
    const visited: string[] = [];
    const seen = await crawl("crawl-visit", undefined, async (crawled, page) => {
      visited.push(crawled.url);
      // The page the crawl just snapshotted is the one shown: its address and its own text.
      expect(page.url()).toBe(crawled.url);
      expect(await page.evaluate(() => (document.body.textContent ?? "").trim().length)).toBeGreaterThan(0);
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    });
    expect(visited).toEqual(all.map((page) => page.url));
    expect(seen).toEqual(all);
    let calls = 0;
    await expect(
      crawl("crawl-visit", undefined, async () => {
        if (++calls === 2) throw new Error("stop here");
      }),
    ).rejects.toThrow("stop here");
    expect(calls).toBe(2);
  });
});
