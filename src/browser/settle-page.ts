import type { Page } from "playwright-core";

export interface SettleOptions {
  /** The DOM counts as settled after this long without a mutation (default 50 ms). */
  quietMs?: number;
  /** Never wait longer than this in total (default 1500 ms). */
  capMs?: number;
}

export interface SettleResult {
  ms: number;
  /** True when the cap was reached before the page was quiet (recorded in the step log). */
  capped: boolean;
}

export const DEFAULT_SETTLE: Required<SettleOptions> = { quietMs: 50, capMs: 1500 };

/**
 * Resolves true once the DOM has had no mutation for `quiet` ms, false when `cap` ms pass first.
 * Kept as source text: a function passed to `evaluate` would be rewritten by the TypeScript
 * loader (name helpers that do not exist in the page).
 */
const QUIET_SCRIPT = `(quiet, cap) => new Promise((resolve) => {
  if (document.readyState !== "loading" && document.scripts.length === 0) return resolve(true);
  let timer;
  let hardStop;
  let observer;
  const finish = (value) => { observer.disconnect(); clearTimeout(timer); clearTimeout(hardStop); resolve(value); };
  observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(() => finish(true), quiet); });
  timer = setTimeout(() => finish(true), quiet);
  hardStop = setTimeout(() => finish(false), cap);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})`;

const CONTEXT_GONE = /Execution context was destroyed|Cannot find context|navigat/i;

/**
 * Waits until the page is usable after an action: the document has loaded (a form post has
 * become its redirected page) and the DOM has been quiet for `quietMs`, never longer than
 * `capMs`. A parsed document without scripts cannot change any more, so it is settled at once
 * (every workspace page: server-rendered, no scripts). Event-driven, not a fixed sleep (BrowserGym slept 0.5 s every step). A navigation
 * that starts while the observer runs destroys its context; the wait then starts over on the
 * new document, within the same cap.
 */
export async function settlePage(page: Page, options: SettleOptions = {}): Promise<SettleResult> {
  const { quietMs, capMs } = { ...DEFAULT_SETTLE, ...options };
  const started = performance.now();
  const left = () => Math.max(0, capMs - (performance.now() - started));
  for (let attempt = 0; attempt < 5; attempt++) {
    if (left() <= 0) break;
    try {
      await page.waitForLoadState("domcontentloaded", { timeout: left() });
    } catch {
      break;
    }
    if (left() <= 0) break;
    try {
      const quiet = (await page.evaluate(`(${QUIET_SCRIPT})(${quietMs}, ${Math.max(1, Math.floor(left()))})`)) as boolean;
      return { ms: performance.now() - started, capped: !quiet };
    } catch (error) {
      if (page.isClosed()) return { ms: performance.now() - started, capped: false };
      if (!CONTEXT_GONE.test((error as Error).message)) throw error;
    }
  }
  return { ms: performance.now() - started, capped: true };
}
