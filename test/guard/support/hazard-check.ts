/**
 * Runs generated hazard pages through the live mask and counts, against each page's oracle (the
 * same page without the hazard), the pixels the hazard changed that the mask shows. Shared by the
 * browser test (200 pages a run) and the benchmark (5,000).
 */
import { type BrowserContext, errors, type Page } from "playwright-core";
import sharp from "sharp";
import { pageCdpSession } from "../../../src/browser/index.js";
import {
  buildMaskWithRetries,
  type GuardAblation,
  liveCapture,
  type MaskedScreen,
  MaskUnavailableError,
  type Rect,
} from "../../../src/guard/index.js";
import { maskBitmap } from "../../../src/runner/index.js";
import { type FixtureServer, startFixtureServer } from "../fixtures/fixture-server.js";
import { generateHazardPage, type HazardOptions, type HazardPage } from "./hazard-page.js";

const HAZARD_VIEWPORT = { width: 1280, height: 400 } as const;

export interface HazardOutcome {
  page: HazardPage;
  /** Null when no mask could be built (the page would not freeze): nothing was shown. */
  masked: MaskedScreen | null;
  /** Pixels the hazard changed (screenshot vs oracle) anywhere on the screen; -1 when nothing was captured. */
  changed: number;
  /** Of those, pixels inside the navigation bar's box: the hazard reached the trusted bar. */
  changedInBar: number;
  /** Of those, pixels outside the mask F: shown to the planner. Must be 0. */
  leaked: number;
  /** Navigation links the mask still shows (some pixel outside F). */
  linksShown: number;
  /** Rows the differential check masked. */
  demoted: number;
}

/** Pages served from memory on loopback (a real http origin, as the guard's rules expect). */
export class HazardSite {
  private counter = 0;

  private constructor(
    private readonly pages: Record<string, string>,
    readonly server: FixtureServer,
  ) {}

  static async start(): Promise<HazardSite> {
    // The server reads the map it was given on each request: pages added later are served too.
    const pages: Record<string, string> = {};
    return new HazardSite(pages, await startFixtureServer({ pages }));
  }

  /** Serves `html` at a new path and returns its URL. */
  serve(html: string): string {
    const path = `/hazard-${this.counter++}.html`;
    this.pages[path] = html;
    return this.server.url(path);
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

async function pixels(png: Buffer): Promise<Buffer> {
  return sharp(png).ensureAlpha().raw().toBuffer();
}

/**
 * The viewport's pixels. A tab Chromium will not capture ("Unable to capture screenshot": a
 * background tab with no frame yet) is brought to the front and asked again after a frame, up to
 * a few times with growing pauses: once was not enough in a full-suite run at load 20.
 */
async function screenshotOf(page: Page): Promise<Buffer> {
  const cdp = await pageCdpSession(page);
  const shoot = async () => Buffer.from((await cdp.send("Page.captureScreenshot", { format: "png" })).data, "base64");
  for (let attempt = 1; ; attempt++) {
    try {
      return await shoot();
    } catch (error) {
      if (attempt >= 6) throw error;
      await page.bringToFront();
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * Scrolls the oracle to where the hazard page was. The oracle lacks the hazard's overflow, so an
 * unpainted spacer first makes room to scroll that far.
 */
async function scrollLike(page: Page, [x, y]: readonly [number, number]): Promise<void> {
  if (x === 0 && y === 0) return;
  const at = await page.evaluate(
    ([sx, sy]) => {
      const spacer = document.createElement("div");
      spacer.style.cssText = `position:absolute; left:0; top:0; width:${sx + innerWidth}px; height:${sy + innerHeight}px; visibility:hidden; pointer-events:none`;
      document.body.append(spacer);
      scrollTo(sx, sy);
      return new Promise<[number, number]>((resolve) => requestAnimationFrame(() => resolve([scrollX, scrollY])));
    },
    [x, y] as const,
  );
  if (at[0] !== x || at[1] !== y) throw new Error(`the oracle scrolled to ${at.join(",")}, not ${x},${y}`);
}

/**
 * The nav bar's box in screenshot pixels, from the oracle page: the bar itself, or the element a
 * page marks as standing for it (a host whose shadow root is closed); both are in the light DOM.
 * Read with one evaluate, not a Playwright locator: a locator first installs Playwright's injected
 * script in the new document, about 75 ms of CPU a page here, a tenth of this check's.
 */
async function barBox(page: Page): Promise<Rect> {
  const box = await page.evaluate(() => {
    const bar = document.querySelector("[data-bar], #site-nav")?.getBoundingClientRect();
    return bar === undefined || bar.width === 0 || bar.height === 0 ? null : [bar.x, bar.y, bar.width, bar.height];
  });
  if (box === null) throw new Error("the generated page has no navigation bar");
  const [x, y, width, height] = box as [number, number, number, number];
  return [Math.floor(x), Math.floor(y), Math.ceil(width), Math.ceil(height)];
}

/**
 * Loads `url` as a link on the last page would (the page navigates itself), not as a typed address
 * (`goto`): Chromium gives a typed address a new browsing instance, and in a browser for the web
 * each hazard page and each oracle then started a renderer process of its own (the zygote's CPU
 * fell from 4.9 to 1.0 s over 40 pages). A page and its oracle took 705 → 592 ms and Chromium
 * 1.02 → 0.81 CPU-s (a scratch script timing the runner's steps). A new tab
 * (about:blank) is loaded by address. The load's timeout is `waitForURL`'s, whatever the last
 * page does with the script that navigates it.
 */
async function load(tab: Page, url: string): Promise<void> {
  if (tab.url() === "about:blank") {
    await tab.goto(url, { waitUntil: "load" });
    return;
  }
  const loaded = tab.waitForURL(url, { waitUntil: "load" });
  // The script's own outcome is not waited for: the navigation destroys its context.
  void tab
    .evaluate((next) => {
      location.href = next;
    }, url)
    .catch(() => undefined);
  await loaded;
}

async function openTab(context: BrowserContext): Promise<Page> {
  const tab = await context.newPage();
  await tab.setViewportSize(HAZARD_VIEWPORT);
  return tab;
}

/**
 * Two pages of one context, reused for every hazard: the capture's and the oracle's. The capture's
 * is replaced after a page the guard refused, or one that left it too busy to navigate.
 */
export class HazardRunner {
  private constructor(
    private readonly context: BrowserContext,
    private readonly site: HazardSite,
    private hazardTab: Page,
    private readonly oracleTab: Page,
  ) {}

  /** Capture tabs replaced because a page left theirs busy (see `runPage`). */
  replacedTabs = 0;

  static async open(context: BrowserContext, site: HazardSite): Promise<HazardRunner> {
    return new HazardRunner(context, site, await openTab(context), await openTab(context));
  }

  /**
   * A page whose every frame takes seconds to paint (a huge drop-shadow over a canvas, moved each
   * frame) keeps its tab busy, and the next navigation in it waited out its 30 s timeout. Closing
   * the tab ends its renderer; the next page gets a new tab (in a browser for the web, a renderer
   * of its own).
   */
  private async replaceHazardTab(): Promise<void> {
    const busy = this.hazardTab;
    this.hazardTab = await openTab(this.context);
    this.replacedTabs++;
    await busy.close();
  }

  /** Opens `url` in the capture tab; in a new one if the last page left that tab too busy to navigate. */
  private async openHazard(url: string): Promise<void> {
    try {
      await load(this.hazardTab, url);
    } catch (error) {
      if (!(error instanceof errors.TimeoutError)) throw error;
      await this.replaceHazardTab();
      await load(this.hazardTab, url);
    }
  }

  async run(seed: number, ablate: readonly GuardAblation[] = [], options: HazardOptions = {}): Promise<HazardOutcome> {
    return this.runPage(generateHazardPage(seed, options), ablate);
  }

  /**
   * One page and its oracle (hand-written or generated). `retries` are the mask's (default: the
   * guard's own).
   */
  async runPage(page: HazardPage, ablate: readonly GuardAblation[] = [], retries?: number): Promise<HazardOutcome> {
    await this.openHazard(this.site.serve(page.html));
    let masked: MaskedScreen;
    try {
      masked = await buildMaskWithRetries(liveCapture(this.hazardTab), page.rules, {
        ablate: new Set(ablate),
        ...(retries !== undefined && { retries }),
      });
    } catch (error) {
      if (!(error instanceof MaskUnavailableError)) throw error;
      // A page that would not freeze may well keep its tab busy: the next page does not wait on it.
      await this.replaceHazardTab();
      // No mask, no screen: the planner would be shown nothing (fail closed), which shows no hazard pixel.
      return { page, changed: -1, changedInBar: -1, leaked: 0, linksShown: 0, demoted: 0, masked: null };
    }
    // A hazard can scroll its page (focusing an element below the fold does): the oracle is seen
    // from the same scroll position, or every pixel of the page would count as changed.
    const scroll = await this.hazardTab.evaluate(() => [scrollX, scrollY] as const);
    await load(this.oracleTab, this.site.serve(page.oracleHtml));
    await scrollLike(this.oracleTab, scroll);
    const oracle = await pixels(await screenshotOf(this.oracleTab));
    const bar = await barBox(this.oracleTab);
    const shot = await pixels(masked.screenshot);
    const { width, height } = masked.result.screen;
    const bitmap = maskBitmap(masked.result.mask, width, height);

    let changed = 0;
    let changedInBar = 0;
    let leaked = 0;
    const [bx, by, bw, bh] = bar;
    for (let p = 0, i = 0; p < shot.length; p += 4, i++) {
      if (shot[p] === oracle[p] && shot[p + 1] === oracle[p + 1] && shot[p + 2] === oracle[p + 2] && shot[p + 3] === oracle[p + 3])
        continue;
      changed++;
      const x = i % width;
      const y = (i - x) / width;
      if (x >= bx && x < bx + bw && y >= by && y < by + bh) changedInBar++;
      if (bitmap[i] === 0) leaked++;
    }
    const links = masked.result.rows.filter((row) => ["Home", "Forum", "Account", "Help"].includes(row.text));
    const linksShown = links.filter((row) => {
      const [x, y, w, h] = row.box.map(Math.round) as Rect;
      for (let yy = Math.max(0, y); yy < Math.min(height, y + h); yy++)
        for (let xx = Math.max(0, x); xx < Math.min(width, x + w); xx++) if (bitmap[yy * width + xx] === 0) return true;
      return false;
    }).length;
    return { page, changed, changedInBar, leaked, linksShown, demoted: masked.differential?.demoted.length ?? 0, masked };
  }

  async close(): Promise<void> {
    await this.hazardTab.close();
    await this.oracleTab.close();
  }
}
