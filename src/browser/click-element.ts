import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { ElementHandle, Page } from "playwright-core";
import { type NavigationWatch, watchNavigation } from "./watch-navigation.js";

/**
 * A click on a ref lands on that element or a descendant of it, or does not happen: the element
 * must be attached, visible, enabled and not inert, is scrolled into view if needed, and the point
 * clicked must hit it, both when it is chosen and when the press arrives (a press that would land
 * on anything else — an overlay, or another element because this one moved — is stopped before
 * the page sees it, and the click is tried again). An agent can never click through an overlay.
 *
 * Why not Playwright's `locator.click()`: it checks the same things but in about ten round trips
 * (mark, resolve, wait for the box to be the same on two animation frames, scroll over DevTools,
 * content quads, viewport size, hit target, interceptor, three mouse events, interceptor read,
 * input epilogue, waiting for the navigation to commit, handle disposal, the last of which waits
 * for the renderer that is busy with the new page). Here: Playwright resolves the ref (its
 * aria-ref engine is not reachable otherwise), one call checks everything and arms the
 * interceptor, then the mouse events, then one call reads the interceptor.
 * Waiting for a stable box is left out on purpose: the interceptor checks the point at the moment
 * of the press, so an element that moved is caught there instead of waited for on every click.
 */

/** Where the click goes, why it cannot go yet, or that the ref names no element any more. */
type Probe = { x: number; y: number } | { wait: string } | { gone: true };
/** What the armed interceptor saw: null when the document is gone (a navigation replaced it). */
type Stopped = { blocked: string | null; navigates: boolean } | null;

/**
 * Runs in the page on the element the ref resolves to. Kept as source text and built with
 * `Function`: a function literal here would be rewritten by the TypeScript loader (name helpers
 * that do not exist in the page). `target` follows Playwright's hit-target rule: a click inside a
 * link or button may land anywhere in it.
 */
const PROBE_SOURCE = `(element, { nonce, block, scrolled }) => {
  if (!element.isConnected) return { gone: true };
  const editable = element.matches("input, textarea, select") || element.isContentEditable;
  const target = editable ? element : element.closest("button, [role=button], a, [role=link]") || element;
  const up = (node) => node.assignedSlot || node.parentElement || (node.parentNode && node.parentNode.host) || null;
  const preview = (node) => {
    if (!node) return "nothing";
    const attrs = ["id", "class", "role", "aria-label"].filter((name) => node.hasAttribute(name))
      .map((name) => " " + name + "=" + JSON.stringify(node.getAttribute(name).slice(0, 40))).join("");
    const text = (node.textContent || "").replace(/\\s+/g, " ").trim().slice(0, 40);
    const tag = node.tagName.toLowerCase();
    return "<" + tag + attrs + ">" + text + (text ? "…" : "") + "</" + tag + ">";
  };
  const hitAt = (x, y) => {
    let root = document;
    let hit = null;
    for (;;) {
      const next = root.elementFromPoint(x, y);
      if (!next || next === hit) return hit;
      hit = next;
      if (!next.shadowRoot) return hit;
      root = next.shadowRoot;
    }
  };
  const lands = (hit) => {
    for (let at = hit; at; at = up(at)) if (at === target) return true;
    return false;
  };
  const style = getComputedStyle(element);
  const shown = () => [...element.getClientRects()].some((rect) => rect.width > 0 && rect.height > 0);
  if (style.visibility !== "visible" || !element.checkVisibility() || !shown()) return { wait: "the element is not visible" };
  const aria = element.closest("[aria-disabled]");
  if (element.matches(":disabled") || (aria && aria.getAttribute("aria-disabled").toLowerCase() === "true"))
    return { wait: "the element is not enabled" };
  if (element.closest("[inert]")) return { wait: "the element is inert" };
  const inView = () => {
    for (const rect of element.getClientRects()) {
      const left = Math.max(rect.left, 0), right = Math.min(rect.right, innerWidth);
      const top = Math.max(rect.top, 0), bottom = Math.min(rect.bottom, innerHeight);
      const whole = rect.left >= 0 && rect.top >= 0 && rect.right <= innerWidth && rect.bottom <= innerHeight;
      if ((right - left) * (bottom - top) > 0.99) return { x: (left + right) / 2, y: (top + bottom) / 2, whole };
    }
    return null;
  };
  let spot = inView();
  if (!spot || !spot.whole || scrolled) {
    element.scrollIntoView({ block, inline: block, behavior: "instant" });
    spot = inView();
  }
  if (!spot) return { wait: "the element is outside the viewport and cannot be scrolled into it" };
  const x = Math.trunc(spot.x * 100) / 100, y = Math.trunc(spot.y * 100) / 100;
  const hit = hitAt(x, y);
  if (!lands(hit)) return { wait: preview(hit) + " intercepts pointer events" };
  const events = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "auxclick", "dblclick", "contextmenu"];
  let checked = false;
  let blocked = null;
  let navigation = null;
  const intercept = (event) => {
    if (!event.isTrusted) return;
    if (!checked) {
      checked = true;
      const now = hitAt(event.clientX, event.clientY);
      if (!lands(now)) blocked = preview(now) + " intercepts pointer events";
    }
    if (blocked !== null) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const navigated = (event) => { navigation = event; };
  for (const type of events) window.addEventListener(type, intercept, true);
  if (window.navigation) window.navigation.addEventListener("navigate", navigated);
  Object.defineProperty(window, nonce, {
    configurable: true,
    value: () => {
      for (const type of events) window.removeEventListener(type, intercept, true);
      if (window.navigation) window.navigation.removeEventListener("navigate", navigated);
      const leaves = navigation !== null && !navigation.defaultPrevented && !navigation.hashChange && navigation.downloadRequest === null;
      return { blocked, navigates: leaves };
    },
  });
  return { x, y };
}`;

const STOP_SOURCE = `(nonce) => {
  const stop = window[nonce];
  if (typeof stop !== "function") return null;
  delete window[nonce];
  return stop();
}`;

type ProbeArg = { nonce: string; block: ScrollLogicalPosition; scrolled: boolean };
const probe = new Function(`return ${PROBE_SOURCE}`)() as (element: Element, arg: ProbeArg) => Probe;
const stop = new Function(`return ${STOP_SOURCE}`)() as (nonce: string) => Stopped;

/** Scroll alignments tried in turn when a click has to be retried (as Playwright does): a sticky header or footer may cover one of them. */
const ALIGNMENTS: ScrollLogicalPosition[] = ["center", "end", "start"];
/** Pauses between attempts while the element is not clickable yet (hidden, disabled, covered). */
const BACKOFF_MS = [0, 20, 50, 100, 100, 250, 500];

export interface ClickOutcome {
  /** Why the click did not happen (after retrying until the timeout); null when it did. */
  error: string | null;
  /**
   * Set when the click started a navigation (or the document was already replaced): settling must
   * wait for its commit before it reads the page. The caller stops it.
   */
  navigation: NavigationWatch | null;
}

/**
 * Clicks the element a ref of the latest snapshot names, under the rule at the top of this file.
 * A state that may pass (hidden, disabled, covered, moved) is retried until `timeoutMs`; the
 * error then says which.
 */
export async function clickElement(page: Page, ref: string, timeoutMs: number): Promise<ClickOutcome> {
  const deadline = performance.now() + timeoutMs;
  // Resolved once and kept over the retries: a ref names one element, and the aria-ref engine
  // lives in Playwright's utility world, so each resolution is a few round trips. A ref that does
  // not resolve throws Playwright's timeout ("no element with ref … any more" for the agent).
  const element = await page.locator(`aria-ref=${ref}`).elementHandle({ timeout: timeoutMs });
  try {
    return await clickResolved(page, element, ref, timeoutMs, deadline);
  } finally {
    // Not awaited: after a navigation the old renderer answers late, and nothing depends on it.
    void element.dispose().catch(() => undefined);
  }
}

async function clickResolved(page: Page, element: ElementHandle, ref: string, timeoutMs: number, deadline: number): Promise<ClickOutcome> {
  let reason = "";
  const refused = () => ({ error: `click on ${ref} did not happen within ${timeoutMs} ms: ${reason}`, navigation: null });
  for (let attempt = 0; ; attempt++) {
    const left = deadline - performance.now();
    if (attempt > 0 && left <= 0) return refused();
    // The name under which the interceptor is kept in the page: unguessable, so a page cannot arm or answer for it beforehand.
    const nonce = `__safecuaClick${randomBytes(8).toString("hex")}`;
    const alignment = ALIGNMENTS[attempt % ALIGNMENTS.length] ?? "center";
    const where = await element.evaluate(probe, { nonce, block: alignment, scrolled: attempt > 0 });
    if ("gone" in where) {
      // Detached since it was resolved: it left the page for good.
      return {
        error: `no element with ref ${ref} on the page any more (the page changed since the observation); use a ref from the latest observation`,
        navigation: null,
      };
    }
    if ("wait" in where) {
      reason = where.wait;
      await sleep(Math.min(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 500, Math.max(0, deadline - performance.now())));
      continue;
    }
    const watch = watchNavigation(page);
    let stopped: Stopped;
    try {
      await page.mouse.click(where.x, where.y);
    } catch (error) {
      watch.stop();
      throw error;
    }
    try {
      stopped = await page.evaluate(stop, nonce);
    } catch (error) {
      if (page.isClosed()) {
        watch.stop();
        throw error;
      }
      // The document was replaced while the click ran: only a press that reached the page does that.
      stopped = null;
    }
    if (stopped?.blocked) {
      watch.stop();
      reason = `${stopped.blocked} when the press arrived (the element moved or was covered after it was checked)`;
      continue;
    }
    if (stopped === null || stopped.navigates) return { error: null, navigation: watch };
    watch.stop();
    return { error: null, navigation: null };
  }
}
