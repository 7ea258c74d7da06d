import type { Browser, Dialog, Page } from "playwright-core";
import { type AriaNode, focusedAriaNode, parseAriaSnapshot, walkAriaTree } from "./aria-tree.js";
import type { BrowserAction } from "./browser-action.js";
import { pageCdpSession } from "./browser-session.js";
import { BrowserTimeout, type MachineLoad } from "./browser-timeout.js";
import type { ContextPool } from "./context-pool.js";
import { type EpisodeContext, type EpisodeContextOptions, openEpisodeContext } from "./episode-context.js";
import type { ActionOutcome, FocusedElement, Observation, PageState, TabInfo } from "./observation.js";
import { performAction } from "./perform-action.js";
import { DEFAULT_SETTLE, type SettleOptions, settlePage } from "./settle-page.js";

export interface ScreenshotOptions {
  /** JPEG (default): 3–5× smaller than PNG and faster to encode; what agents are usually sent. */
  type?: "jpeg" | "png";
  /** JPEG quality, default 80. */
  quality?: number;
}

export interface UiSessionOptions extends EpisodeContextOptions {
  /** Opened in the first tab. */
  startUrl: string;
  /**
   * The browser timeout: the base of every wait (an element action waits it, reading the page
   * twice it, a navigation three times it), stretched by the machine's load (`BrowserTimeout`).
   * Default 5000 ms: a server round trip on a loaded machine, with room to spare.
   */
  actionTimeoutMs?: number;
  /** Where the load comes from (tests give a fixed one); default the machine's. */
  machineLoad?: () => MachineLoad;
  settle?: SettleOptions;
  screenshot?: ScreenshotOptions;
  /** Warm contexts to take the episode's from (and give it back to, reset, on close); a new context when absent. */
  pool?: ContextPool;
}

/**
 * One episode's browser: a fresh context in a shared Chromium, its tabs, and the
 * observe → act cycle. Tabs opened by the page (`target=_blank`) or by `new_tab` become
 * active; closing the active tab falls back to the most recently used one, and closing the
 * last tab opens a blank one, so there is always a page to observe.
 */
export class UiSession {
  /** Tabs in the order they were opened (the index an agent names in `tab_focus`). */
  private readonly pages: Page[] = [];
  /** Most recently used first; its head is the active tab. */
  private readonly recent: Page[] = [];
  private lastError: string | null = null;
  /** Refs of the latest snapshot, per page: an action on an unknown ref fails at once instead of waiting out the timeout. */
  private readonly knownRefs = new WeakMap<Page, Set<string>>();
  /** Removes the listeners this session put on its tabs. */
  private readonly listeners: Array<() => void> = [];
  readonly settle: Required<SettleOptions>;
  readonly screenshotOptions: Required<ScreenshotOptions>;

  private constructor(
    private readonly episode: EpisodeContext,
    private readonly browser: Browser,
    options: UiSessionOptions,
    readonly timeout: BrowserTimeout,
  ) {
    this.settle = { ...DEFAULT_SETTLE, ...options.settle };
    this.screenshotOptions = { type: options.screenshot?.type ?? "jpeg", quality: options.screenshot?.quality ?? 80 };
    episode.context.on("page", this.onPage);
  }

  /** Tabs the page opens become the episode's; removed on close, since a pooled context outlives the session. */
  private readonly onPage = (page: Page) => this.adopt(page);

  static async open(browser: Browser, options: UiSessionOptions): Promise<UiSession> {
    // Checked before anything opens: a bad setting is the caller's error, and leaks no context.
    const timeout = new BrowserTimeout(options.actionTimeoutMs, options.machineLoad);
    const episode = options.pool ? await options.pool.acquire(browser, options) : await openEpisodeContext(browser, options);
    const session = new UiSession(episode, browser, options, timeout);
    try {
      // A pooled context comes with its first tab open (blank).
      const page = episode.context.pages()[0] ?? (await episode.context.newPage());
      session.adopt(page);
      await page.goto(options.startUrl, { waitUntil: "domcontentloaded", timeout: session.timeout.navigation() });
      await settlePage(page, session.settle);
      return session;
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  get context() {
    return this.episode.context;
  }

  get viewport() {
    return this.episode.viewport;
  }

  get allowedOrigins(): ReadonlySet<string> {
    return this.episode.allowedOrigins;
  }

  /** Whether other hosts are mapped or sunk rather than refused (EpisodeContextOptions.hostMapping). */
  get mapsHosts(): boolean {
    return this.episode.mapsHosts;
  }

  get blockedRequests(): readonly string[] {
    return this.episode.blockedRequests;
  }

  /** False once Chromium is gone (crashed or killed): the episode cannot go on. */
  get alive(): boolean {
    return this.browser.isConnected();
  }

  get activePage(): Page {
    const page = this.recent[0];
    if (!page) throw new Error("the episode has no open tab");
    return page;
  }

  get tabs(): readonly Page[] {
    return this.pages;
  }

  private adopt(page: Page): void {
    if (this.pages.includes(page)) return;
    this.pages.push(page);
    this.recent.unshift(page);
    page.setDefaultTimeout(this.timeout.action());
    // A page's alert() or confirm() would block every later call; no workspace page uses them.
    const onDialog = (dialog: Dialog) => void dialog.dismiss().catch(() => undefined);
    const onClose = () => {
      this.pages.splice(this.pages.indexOf(page), 1);
      const at = this.recent.indexOf(page);
      if (at >= 0) this.recent.splice(at, 1);
    };
    page.on("dialog", onDialog);
    page.on("close", onClose);
    // A pooled context's first tab outlives the session until the pool's reset closes it: the next session adds its own.
    this.listeners.push(() => page.off("dialog", onDialog).off("close", onClose));
  }

  /** Makes a tab the active one (most recently used). */
  async focusTab(index: number): Promise<void> {
    const page = this.pages[index];
    if (!page) throw new Error(`there is no tab ${index}; open tabs are 0–${this.pages.length - 1}`);
    this.recent.splice(this.recent.indexOf(page), 1);
    this.recent.unshift(page);
    await page.bringToFront();
  }

  /** Opens a blank tab and makes it active. */
  async newTab(): Promise<Page> {
    const page = await this.episode.context.newPage();
    this.adopt(page);
    return page;
  }

  /** Closes the active tab; the previous one becomes active, or a blank tab if it was the last. */
  async closeTab(): Promise<void> {
    await this.activePage.close();
    if (this.pages.length === 0) await this.newTab();
    else await this.activePage.bringToFront();
  }

  /** Whether a ref was in the latest snapshot of the active tab. */
  knowsRef(ref: string): boolean {
    return this.knownRefs.get(this.activePage)?.has(ref) ?? false;
  }

  /**
   * Where the episode is, without looking at the page: for agents that capture the page themselves
   * (the guarded agent), so no snapshot or screenshot is taken for them.
   */
  async pageState(errorOverride?: string | null): Promise<PageState> {
    const page = this.activePage;
    const tabs: TabInfo[] = await Promise.all(
      this.pages.map(async (tab, index) => ({ index, url: tab.url(), title: await tab.title().catch(() => "") })),
    );
    return {
      url: page.url(),
      title: tabs[this.pages.indexOf(page)]?.title ?? "",
      tabs,
      activeTab: this.pages.indexOf(page),
      lastActionError: errorOverride !== undefined ? errorOverride : this.lastError,
    };
  }

  /**
   * The active tab as the agent sees it. `errorOverride` replaces the last action's error (the
   * runner uses it to report a reply that could not be parsed). `screenshot: false` leaves the
   * screenshot out, for an agent that reads only the tree (`ScreenUiAgent.screenshots`).
   */
  async observe(errorOverride?: string | null, options: { screenshot?: boolean } = {}): Promise<Observation> {
    const page = this.activePage;
    // Snapshot and screenshot run side by side: one is script in the page, the other the
    // compositor, so together they take little longer than the slower of the two.
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const started = performance.now();
      const value = await work();
      return [value, performance.now() - started];
    };
    const snapshot = async () => {
      try {
        return await page.ariaSnapshot({ mode: "ai", timeout: this.timeout.read() });
      } catch {
        // A navigation between settle and snapshot destroys the context once; the next try sees the new page.
        await settlePage(page, this.settle);
        return page.ariaSnapshot({ mode: "ai", timeout: this.timeout.read() });
      }
    };
    // Straight from the compositor over DevTools: Playwright's screenshot first injects a style to
    // hide the caret and waits a frame for it, which costs a round trip and a repaint every step.
    // If the compositor has no frame to give ("Unable to capture screenshot", seen with some GPU
    // flags mid-navigation), Playwright's screenshot, which waits for one, takes over.
    const quality = this.screenshotOptions.type === "jpeg" ? { quality: this.screenshotOptions.quality } : {};
    const shoot = async () => {
      try {
        const cdp = await pageCdpSession(page);
        const { data } = await cdp.send("Page.captureScreenshot", {
          format: this.screenshotOptions.type,
          ...quality,
          optimizeForSpeed: true,
        });
        return Buffer.from(data, "base64");
      } catch {
        return page.screenshot({ type: this.screenshotOptions.type, ...quality, timeout: this.timeout.read() });
      }
    };
    const [[axtree, snapshotMs], [screenshot, screenshotMs]] = await Promise.all([
      timed(snapshot),
      options.screenshot === false ? ([undefined, 0] as const) : timed(shoot),
    ]);
    let tree: AriaNode[] = [];
    try {
      tree = parseAriaSnapshot(axtree);
    } catch {
      tree = [];
    }
    this.knownRefs.set(page, new Set([...walkAriaTree(tree)].flatMap((node) => (node.ref ? [node.ref] : []))));
    const tabs: TabInfo[] = await Promise.all(
      this.pages.map(async (tab, index) => ({ index, url: tab.url(), title: await tab.title().catch(() => "") })),
    );
    const focusedNode = focusedAriaNode(tree);
    const focused: FocusedElement | null = focusedNode
      ? { role: focusedNode.role, name: focusedNode.name, ...(focusedNode.ref !== undefined && { ref: focusedNode.ref }) }
      : null;
    return {
      url: page.url(),
      title: tabs[this.pages.indexOf(page)]?.title ?? "",
      tabs,
      activeTab: this.pages.indexOf(page),
      axtree,
      tree,
      focused,
      ...(screenshot && { screenshot }),
      screenshotType: this.screenshotOptions.type,
      lastActionError: errorOverride !== undefined ? errorOverride : this.lastError,
      timing: { snapshotMs, screenshotMs },
    };
  }

  /**
   * Performs one action and settles the page. A failed action is returned as `error` (and shown
   * as the next observation's last error); it throws only when the browser itself is gone.
   */
  async act(action: BrowserAction): Promise<ActionOutcome> {
    const outcome = await performAction(this, action);
    if (!this.alive) throw new Error(`the browser is gone (crashed or killed) during ${action.action}`);
    this.lastError = outcome.error;
    return outcome;
  }

  /** Settles the active page (used after actions, and exported for callers that drive pages directly). */
  settleActive() {
    return settlePage(this.activePage, this.settle);
  }

  async close(): Promise<void> {
    this.episode.context.off("page", this.onPage);
    for (const remove of this.listeners.splice(0)) remove();
    await this.episode.close();
  }
}
