import { describe, expect, it } from "vitest";
import { crawlPages, openEpisodeContext } from "../../src/browser/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { episodePath } from "../../src/workspace/index.js";
import { useBrowserAndWorkspace } from "./browser-fixture.js";

const env = useBrowserAndWorkspace();

async function crawl(episodeId: string, until?: (pages: readonly { url: string }[]) => boolean) {
  const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
  const startUrl = env.workspace().reset(episodeId, scenarios[0] as (typeof scenarios)[number]);
  const episode = await openEpisodeContext(env.browser(), { allowedOrigins: [env.workspace().url] });
  try {
    const page = await episode.context.newPage();
    const scope = `${env.workspace().url}${episodePath(episodeId)}`;
    return await crawlPages(page, startUrl, { inScope: (url) => url.href.startsWith(scope), ...(until ? { until } : {}) });
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
});
