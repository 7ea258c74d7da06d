import type { Browser, Download } from "playwright-core";
import { BrowserTimeout } from "./browser-timeout.js";
import {
  contextKeyOf,
  type EpisodeContext,
  type EpisodeContextOptions,
  episodeOf,
  openPinnedContext,
  type PinnedContext,
} from "./episode-context.js";
import { resetContext } from "./reset-context.js";

export interface ContextPoolStats {
  /** Contexts made. */
  opened: number;
  /** Episodes given a context another episode had used (after its reset). */
  reused: number;
  /** Contexts closed instead of reset because they had served `maxUses` episodes. */
  retired: number;
  /** Resets that failed or ran past their deadline: their contexts were closed, not kept. */
  failedResets: number;
  /** Why the last one failed. */
  lastResetError: string | null;
}

interface Warm {
  pinned: PinnedContext;
  browser: Browser;
  downloads: Download[];
  /** Episodes it has served. */
  uses: number;
}

export interface ContextPoolOptions {
  /** Idle contexts kept at most (default 4); beyond that a released context is closed. */
  max?: number;
  /**
   * Episodes a context serves before it is closed instead of reset (default 24): a bound on what a
   * long run's renderer, which a context keeps across its episodes, can accumulate. While the reset
   * kept the first tab, an oracle episode's renderer CPU grew from ≈ 0.26 to ≈ 0.51 s over 120
   * episodes; with a new tab per episode it no longer grows measurably (bench/injection-suite.ts,
   * section 1b), and a new context costs ≈ 0.5 s once. Infinity never retires one.
   */
  maxUses?: number;
  /**
   * The episodes' browser timeout: a reset may take what a navigation may (`navigation()`, 15 s at
   * the default, stretched by load), and a context whose reset takes longer is closed instead.
   */
  browserTimeout?: BrowserTimeout;
}

/** `step`, or an error after `ms`; whatever the step does later is dropped. */
async function within<T>(step: Promise<T>, ms: number, what: string): Promise<T> {
  step.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([step, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Warm browser contexts for episodes, reset between them instead of made anew (a new context with
 * its first page costs a renderer start and Playwright's set-up; a reset one keeps its renderer).
 * An episode's `close()` resets its context (`resetContext`: a new tab for the old ones, downloads,
 * storage of every origin it reached, cache, cookies, permissions) and keeps it for the next
 * episode with the same settings (`contextKeyOf`); a context whose reset fails, whose browser is
 * gone, that has served `maxUses` episodes, or beyond `max` idle ones is closed instead. The first
 * tab of a leased context is already open (blank). The saving is a browser launched for the
 * workspace's (`launchBrowser({ sites: "workspace" })`), where a context's tabs share one renderer;
 * in one for the web the reset's new tab starts a renderer of its own (bench/injection-suite.ts,
 * section 1, the `warm-web` row).
 *
 * A reset has a deadline. A page can keep its renderer busy well past its tab's closing: one whose
 * every frame takes seconds of paint (a huge shadow over a canvas, moved each frame) held a reset
 * in the workspace's browser, where the new tab shares that renderer, for 48 s. Closing the context
 * ends its renderer at once (≈ 40 ms), so past the deadline the context is closed, not kept.
 */
export class ContextPool {
  private readonly idle: Warm[] = [];
  private readonly leased = new Set<Warm>();
  private closed = false;
  readonly stats: ContextPoolStats = { opened: 0, reused: 0, retired: 0, failedResets: 0, lastResetError: null };
  private readonly max: number;
  private readonly maxUses: number;
  private readonly browserTimeout: BrowserTimeout;

  constructor(options: ContextPoolOptions = {}) {
    this.max = options.max ?? 4;
    this.maxUses = options.maxUses ?? 24;
    this.browserTimeout = options.browserTimeout ?? new BrowserTimeout();
    if (!(this.maxUses === Number.POSITIVE_INFINITY || (Number.isInteger(this.maxUses) && this.maxUses >= 1)))
      throw new Error(`maxUses must be a positive integer or Infinity, not ${options.maxUses}`);
  }

  /** A context for one episode: a warm one with the same settings in `browser`, or a new one. */
  async acquire(browser: Browser, options: EpisodeContextOptions): Promise<EpisodeContext> {
    if (this.closed) throw new Error("the context pool is closed");
    const key = contextKeyOf(options);
    const at = this.idle.findIndex((warm) => warm.pinned.key === key && warm.browser === browser && browser.isConnected());
    let warm: Warm;
    if (at >= 0) {
      warm = this.idle.splice(at, 1)[0]!;
      this.stats.reused++;
    } else {
      const pinned = await openPinnedContext(browser, options);
      const downloads: Download[] = [];
      pinned.context.on("page", (page) => page.on("download", (download) => downloads.push(download)));
      warm = { pinned, browser, downloads, uses: 0 };
      this.stats.opened++;
    }
    // The new episode's sink and refusals; nothing of the last one's.
    warm.pinned.lease = { sink: options.hostMapping?.sink, blocked: [] };
    warm.uses++;
    this.leased.add(warm);
    return episodeOf(warm.pinned, () => this.release(warm));
  }

  private async release(warm: Warm): Promise<void> {
    if (!this.leased.delete(warm)) return;
    warm.pinned.lease = { sink: undefined, blocked: [] };
    const worn = warm.uses >= this.maxUses;
    if (worn) this.stats.retired++;
    const keep = !worn && !this.closed && warm.browser.isConnected() && this.idle.length < this.max;
    if (keep) {
      try {
        await within(resetContext(warm.pinned, warm.downloads), this.browserTimeout.navigation(), "the reset");
        // Closed while resetting: nobody will take it.
        if (!this.closed) {
          this.idle.push(warm);
          return;
        }
      } catch (error) {
        this.stats.failedResets++;
        this.stats.lastResetError = (error as Error).message;
      }
    }
    await warm.pinned.dispose();
  }

  /** Closes the idle contexts; contexts still leased are closed when their episodes end. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((warm) => warm.pinned.dispose()));
  }
}
