import type { Frame, Page } from "playwright-core";
import { describeActionError } from "./action-error.js";
import type { BrowserAction } from "./browser-action.js";
import type { ActionOutcome } from "./observation.js";
import type { UiSession } from "./ui-session.js";

/** Actions that may start a navigation or change the DOM, so the page is settled after them. */
const CHANGES_PAGE = new Set<BrowserAction["action"]>([
  "click",
  "fill",
  "select_option",
  "press",
  "keyboard_type",
  "scroll",
  "goto",
  "go_back",
  "mouse_click",
  "mouse_drag",
  "mouse_scroll",
]);

/** A coordinate the viewport cannot show is a refusal, not a click somewhere else. */
function outside(session: UiSession, name: string, ...points: Array<[number, number]>): string | null {
  const { width, height } = session.viewport;
  const bad = points.find(([x, y]) => x >= width || y >= height);
  return bad ? `${name}: (${bad[0]}, ${bad[1]}) is outside the ${width}×${height} viewport` : null;
}

/** Where `goto` may go: the session's own origins, over http(s). Relative URLs resolve against the page. */
function gotoTarget(session: UiSession, url: string): { url: string } | { error: string } {
  let target: URL;
  try {
    target = new URL(url, session.activePage.url() === "about:blank" ? undefined : session.activePage.url());
  } catch {
    return { error: `goto: "${url}" is not a URL` };
  }
  // With mapped hosts every web address is served locally: an app's host, or the sink that records it.
  const reachable = session.allowedOrigins.has(target.origin) || session.mapsHosts;
  if ((target.protocol !== "http:" && target.protocol !== "https:") || !reachable) {
    return { error: `goto: ${target.href} is outside the workspace; only ${[...session.allowedOrigins].join(", ")} can be opened` };
  }
  return { url: target.href };
}

/**
 * What Playwright logs once the press has landed on its target: from then on the click has
 * happened, and it only waits for the navigation the click started to commit.
 */
const CLICK_DONE = "waiting for scheduled navigations to finish";

/**
 * Clicks a ref. Playwright counts the wait for a navigation's commit inside the click's timeout,
 * so a click whose page answers late used to come back as a timeout although it happened: an
 * agent told so clicks again and posts twice. A timeout after the press is therefore not an
 * error: the new page is waited for as a `goto` would wait for it, and if it still has not
 * arrived the agent is told the click happened.
 */
async function clickRef(page: Page, ref: string, timeout: number, navigationTimeout: number): Promise<string | null> {
  let navigated = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) navigated = true;
  };
  page.on("framenavigated", onNavigated);
  try {
    await page.locator(`aria-ref=${ref}`).click({ timeout });
    return null;
  } catch (error) {
    if (!(error instanceof Error && error.name === "TimeoutError" && error.message.includes(CLICK_DONE))) throw error;
    if (navigated) return null;
    const wait = navigationTimeout;
    try {
      await page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame(), timeout: wait });
      return null;
    } catch {
      return `click: the click on ${ref} happened, but the page it opened had not arrived after ${Math.round((timeout + wait) / 1000)} s; do not click again, observe the page`;
    }
  } finally {
    page.off("framenavigated", onNavigated);
  }
}

async function run(session: UiSession, action: BrowserAction): Promise<string | null> {
  const page = session.activePage;
  // Read per action: the load may have changed since the page was opened.
  const timeout = session.timeout.action();
  const navigation = session.timeout.navigation();
  page.setDefaultTimeout(timeout);
  if ("ref" in action && !session.knowsRef(action.ref)) {
    return `no element with ref ${action.ref} in the latest observation of this tab; use a ref shown as [ref=…]`;
  }
  switch (action.action) {
    case "click":
      return clickRef(page, action.ref, timeout, navigation);
    case "fill":
      await page.locator(`aria-ref=${action.ref}`).fill(action.text, { timeout });
      return null;
    case "select_option":
      // A plain string matches an option's value or its visible label, as a person would pick it.
      await page.locator(`aria-ref=${action.ref}`).selectOption(action.value, { timeout });
      return null;
    case "press":
      await page.keyboard.press(action.key);
      return null;
    case "keyboard_type":
      // insertText types the whole string at once (no per-key events), like a paste.
      await page.keyboard.insertText(action.text);
      return null;
    case "scroll":
      await page.evaluate(({ dx, dy }) => window.scrollBy(dx, dy), { dx: action.dx, dy: action.dy });
      return null;
    case "goto": {
      const target = gotoTarget(session, action.url);
      if ("error" in target) return target.error;
      await page.goto(target.url, { waitUntil: "domcontentloaded", timeout: navigation });
      return null;
    }
    case "go_back": {
      const response = await page.goBack({ waitUntil: "domcontentloaded", timeout: navigation });
      return response === null && page.url() === "about:blank" ? "go_back: there is no previous page in this tab" : null;
    }
    case "new_tab":
      await session.newTab();
      return null;
    case "tab_focus":
      await session.focusTab(action.index);
      return null;
    case "close_tab":
      await session.closeTab();
      return null;
    case "mouse_click": {
      const refused = outside(session, "mouse_click", [action.x, action.y]);
      if (refused) return refused;
      await page.mouse.click(action.x, action.y, { button: action.button ?? "left", clickCount: action.count ?? 1 });
      return null;
    }
    case "mouse_drag": {
      const refused = outside(session, "mouse_drag", [action.x1, action.y1], [action.x2, action.y2]);
      if (refused) return refused;
      await page.mouse.move(action.x1, action.y1);
      await page.mouse.down();
      // Intermediate moves, so pages that track the pointer see a drag rather than a jump.
      await page.mouse.move(action.x2, action.y2, { steps: 8 });
      await page.mouse.up();
      return null;
    }
    case "mouse_scroll": {
      const refused = outside(session, "mouse_scroll", [action.x, action.y]);
      if (refused) return refused;
      await page.mouse.move(action.x, action.y);
      await page.mouse.wheel(action.dx, action.dy);
      return null;
    }
    case "send_msg_to_user":
    case "finish":
    case "report_infeasible":
      // Addressed to the user, not the page: the episode loop records them.
      return null;
  }
}

/**
 * An error names the action, the ref it aimed at and the page it was on; a timeout also says what
 * the wait was and how to change it (the load it was stretched for), so a user reading a record
 * can tell a slow machine from a broken page.
 */
function whereItFailed(session: UiSession, action: BrowserAction, message: string, caught: unknown): string {
  const ref = "ref" in action ? ` ${action.ref}` : "";
  const url = session.tabs.length > 0 ? session.activePage.url() : "no open tab";
  const timedOut = caught instanceof Error && caught.name === "TimeoutError";
  return `${action.action}${ref} on ${url}: ${message}${timedOut ? ` (${session.timeout.explain()})` : ""}`.slice(0, 800);
}

/** Runs one action on the session's active tab, then settles the page if the action could change it. */
export async function performAction(session: UiSession, action: BrowserAction): Promise<ActionOutcome> {
  const terminal = action.action === "finish" || action.action === "report_infeasible";
  let started = performance.now();
  let error: string | null;
  // A refusal before anything happened (unknown ref, goto outside the workspace) changed nothing to wait for.
  let refused = false;
  try {
    error = await run(session, action);
    refused = error !== null;
  } catch (caught) {
    error = whereItFailed(session, action, describeActionError(caught, "ref" in action ? action.ref : undefined), caught);
  }
  const actMs = performance.now() - started;
  started = performance.now();
  let settleCapped = false;
  if (!refused && CHANGES_PAGE.has(action.action) && session.alive && session.tabs.length > 0) {
    try {
      settleCapped = (await session.settleActive()).capped;
    } catch (caught) {
      error ??= whereItFailed(session, action, describeActionError(caught), caught);
    }
  }
  return { error, terminal, actMs, settleMs: performance.now() - started, settleCapped };
}
