import type { Browser, Page } from "playwright-core";
import { type CrawlOptions, crawlPages, openEpisodeContext } from "../browser/index.js";
import { type AppName, appOfSlug, type Scenario } from "../scenario/index.js";
import { episodePath, type Workspace } from "../workspace/index.js";

export interface SnapshotPage {
  /** The app the page belongs to, or "home" for the start page. */
  app: AppName | "home";
  /** Path and query of the page (the server's origin is gone once the command ends). */
  url: string;
  /**
   * The page's accessibility tree as text: Playwright's aria snapshot — the tree an agent is shown,
   * without the per-observation `[ref=…]` ids unless `refs` (docs/design/observation.md).
   */
  text: string;
}

function appOf(path: string, episodeId: string): AppName | "home" {
  const slug = path.slice(episodePath(episodeId).length).split("/")[0] ?? "";
  return appOfSlug(slug) ?? "home";
}

/**
 * Every page of a scenario's workspace, crawled in Chromium from its home page by following links,
 * each with the accessibility-tree text an agent would see there. The episode is created under
 * the scenario's id (so paths are readable) and deleted afterwards. `until` ends the crawl early
 * (see `CrawlOptions`).
 */
export async function snapshotScenario(
  workspace: Workspace,
  browser: Browser,
  scenario: Scenario,
  options: {
    episodeId?: string;
    refs?: boolean;
    until?: CrawlOptions["until"];
    /** Called on each page while the crawl is on it (see `CrawlOptions`), with the browser page that shows it. */
    visit?: (page: Page, crawled: { url: string; text: string }) => Promise<void>;
    /**
     * Crawl in this page, which the caller opened with `openEpisodeContext` and keeps, instead of
     * a fresh context: for crawling many scenarios (a context costs more than a page load). The
     * workspace keeps no state in the browser, so one scenario's crawl cannot colour the next.
     */
    page?: Page;
  } = {},
): Promise<SnapshotPage[]> {
  const episodeId = options.episodeId ?? scenario.id;
  const startUrl = workspace.reset(episodeId, scenario);
  const episode = options.page ? undefined : await openEpisodeContext(browser, { allowedOrigins: [workspace.url] });
  try {
    const page = options.page ?? (await episode!.context.newPage());
    const scope = episodePath(episodeId);
    const crawled = await crawlPages(page, startUrl, {
      inScope: (url) => url.origin === workspace.url && url.pathname.startsWith(scope),
      mode: options.refs ? "ai" : "default",
      ...(options.until ? { until: options.until } : {}),
      ...(options.visit ? { visit: (crawled) => options.visit!(page, crawled) } : {}),
    });
    const failed = crawled.filter((entry) => entry.status !== 200);
    if (failed.length > 0)
      throw new Error(`${scenario.id}: pages failed to load: ${failed.map((entry) => `${entry.url} (HTTP ${entry.status})`).join(", ")}`);
    return crawled.map((entry) => {
      const url = new URL(entry.url);
      return { app: appOf(url.pathname, episodeId), url: `${url.pathname}${url.search}`, text: entry.text };
    });
  } finally {
    await episode?.close();
    workspace.delete(episodeId);
  }
}
