/**
 * Observation and action semantics of the browser layer in real Chromium: what an observation
 * holds, failed actions as errors that never end the episode, the request gate (the admin API is
 * out of reach), tabs, coordinates, keys, scrolling and settling.
 */
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { parseBrowserAction } from "../../src/browser/browser-action.js";
import { pageCdpSession } from "../../src/browser/index.js";
import { richScenario } from "../workspace/rich-fixture.js";
import { openEpisode, refOf, scenarioOf, useBrowserAndWorkspace } from "./browser-fixture.js";

const rich = scenarioOf(richScenario());
const { browser, workspace } = useBrowserAndWorkspace();

describe("observation", { timeout: 60_000 }, () => {
  it("holds the URL, the tabs, the accessibility snapshot with refs, a viewport-sized screenshot and no error", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      const observation = await session.observe();
      expect(observation.url).toBe(workspace().episodeUrl(id));
      expect(observation.tabs).toEqual([{ index: 0, url: observation.url, title: "Home" }]);
      expect(observation.activeTab).toBe(0);
      expect(observation.axtree).toMatch(/link "Messenger" \[ref=\w+\]/);
      expect(observation.tree.length).toBeGreaterThan(0);
      expect(observation.focused).toBeNull();
      expect(observation.lastActionError).toBeNull();
      expect(observation.screenshotType).toBe("jpeg");
      const meta = await sharp(observation.screenshot).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1280, 800]);
      // Refs are stable while the page does not change.
      expect((await session.observe()).axtree).toBe(observation.axtree);
    } finally {
      await session.close();
    }
  });

  it("still has a screenshot when the DevTools capture fails: Playwright's takes over", async () => {
    const { session } = await openEpisode(browser(), workspace(), rich);
    try {
      const cdp = await pageCdpSession(session.activePage);
      const send = cdp.send.bind(cdp);
      const spy = vi
        .spyOn(cdp, "send")
        .mockImplementation(((method: string, params?: object) =>
          method === "Page.captureScreenshot"
            ? Promise.reject(new Error("Unable to capture screenshot"))
            : send(method as "Page.getLayoutMetrics", params)) as typeof cdp.send);
      const observation = await session.observe();
      expect(spy).toHaveBeenCalledWith("Page.captureScreenshot", expect.anything());
      const meta = await sharp(observation.screenshot).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1280, 800]);
      spy.mockRestore();
    } finally {
      await session.close();
    }
  });

  it("a page's DevTools session, once detached, is replaced by a fresh one on next use", async () => {
    const { session } = await openEpisode(browser(), workspace(), rich);
    try {
      const first = await pageCdpSession(session.activePage);
      const closed = new Promise((resolve) => first.once("close", resolve));
      await first.detach();
      await closed;
      const fresh = await pageCdpSession(session.activePage);
      expect(fresh).not.toBe(first);
      expect((await fresh.send("Page.getLayoutMetrics")).cssVisualViewport.clientWidth).toBe(1280);
      const meta = await sharp((await session.observe()).screenshot).metadata();
      expect(meta.width).toBe(1280);
    } finally {
      await session.close();
    }
  });

  it("names the focused element after a fill", async () => {
    const { session } = await openEpisode(browser(), workspace(), rich);
    try {
      await session.act({ action: "goto", url: "messenger/new" });
      const form = await session.observe();
      const to = refOf(form, "combobox", "To");
      await session.act({ action: "fill", ref: to, text: "Ana" });
      expect((await session.observe()).focused).toEqual({ role: "combobox", name: "To", ref: to });
    } finally {
      await session.close();
    }
  });
});

describe("a failed action is the next observation's error, never the end of the episode", { timeout: 60_000 }, () => {
  it("an unknown ref, a fill on a button and an unknown key each come back as errors; a good action clears it", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      let observation = await session.observe();
      const unknown = await session.act({ action: "click", ref: "e9999" });
      expect(unknown.error).toMatch(/no element with ref e9999/);
      expect((await session.observe()).lastActionError).toBe(unknown.error);
      await session.act({ action: "goto", url: "messenger/threads/0" });
      observation = await session.observe();
      const fillButton = await session.act({ action: "fill", ref: refOf(observation, "button", "Send"), text: "x" });
      expect(fillButton.error).toMatch(/not an <input>|editable/);
      const badKey = await session.act({ action: "press", key: "NoSuchKey" });
      expect(badKey.error).toMatch(/Unknown key/);
      const good = await session.act({ action: "click", ref: refOf(await session.observe(), "link", "All conversations") });
      expect(good.error).toBeNull();
      expect((await session.observe()).lastActionError).toBeNull();
      expect(workspace().log(id)).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("a click under the pop-up reports what intercepts it; closing the pop-up makes it work", async () => {
    const { session } = await openEpisode(browser(), workspace(), rich, { appearance: { popup: true }, actionTimeoutMs: 1500 });
    try {
      const observation = await session.observe();
      const blocked = await session.act({ action: "click", ref: refOf(observation, "link", "Messenger") });
      expect(blocked.error).toMatch(/intercepts pointer events/);
      const dialog = observation.tree.length > 0 ? await session.observe() : observation;
      const dismiss = [...dialog.axtree.matchAll(/button "([^"]+)" \[ref=(\w+)\]/g)].map((match) => match[2]);
      expect(dismiss.length).toBeGreaterThan(0);
      expect((await session.act({ action: "click", ref: dismiss[0] as string })).error).toBeNull();
      expect((await session.act({ action: "click", ref: refOf(await session.observe(), "link", "Messenger") })).error).toBeNull();
      expect((await session.observe()).url).toMatch(/\/messenger$/);
    } finally {
      await session.close();
    }
  });

  it("a timed-out action names itself, its ref and the page, and the wait the load stretched it to", async () => {
    // A fixed load of 4 on 2 cores: twice the 500 ms base.
    const { session } = await openEpisode(browser(), workspace(), rich, {
      actionTimeoutMs: 500,
      machineLoad: () => ({ load: 4, cores: 2 }),
    });
    try {
      expect(session.timeout.action()).toBe(1000);
      expect(session.timeout.navigation()).toBe(3000);
      const url = session.activePage.url();
      await session.activePage.setContent(
        `<main><button>Pay</button><div style="position:fixed; inset:0; background:rgba(0,0,0,0.1)">veil</div></main>`,
      );
      const pay = refOf(await session.observe(), "button", "Pay");
      const outcome = await session.act({ action: "click", ref: pay });
      expect(outcome.error).toContain(`click ${pay} on ${url}: `);
      expect(outcome.error).toMatch(/intercepts pointer events/);
      expect(outcome.error).toMatch(
        /\(browser timeout 500 ms, ×2\.0 for load 4\.0 on 2 cores; raise it with --browser-timeout or SAFECUA_BROWSER_TIMEOUT_MS\)$/,
      );
    } finally {
      await session.close();
    }
  });

  it("select_option picks by value or label and reports an option that does not exist", async () => {
    const { session } = await openEpisode(browser(), workspace(), rich, { actionTimeoutMs: 1000 });
    try {
      await session.activePage.setContent(
        `<main><label for="s">Size</label><select id="s"><option value="s">Small</option><option value="l">Large</option></select></main>`,
      );
      const observation = await session.observe();
      const select = refOf(observation, "combobox", "Size");
      expect((await session.act({ action: "select_option", ref: select, value: "Large" })).error).toBeNull();
      expect(await session.activePage.locator("select").inputValue()).toBe("l");
      expect((await session.act({ action: "select_option", ref: select, value: "s" })).error).toBeNull();
      expect(await session.activePage.locator("select").inputValue()).toBe("s");
      expect((await session.act({ action: "select_option", ref: select, value: "Huge" })).error).toMatch(
        /did not find some options|Timeout/,
      );
    } finally {
      await session.close();
    }
  });

  it("actions are validated: unknown kinds and fields are refused with the field named", () => {
    expect(parseBrowserAction({ action: "click", ref: "e3" })).toEqual({ ok: true, action: { action: "click", ref: "e3" } });
    expect(parseBrowserAction({ action: "hover", ref: "e3" })).toMatchObject({ ok: false });
    expect(parseBrowserAction({ action: "fill", ref: "e3" })).toMatchObject({ ok: false, error: expect.stringMatching(/text/) });
    expect(parseBrowserAction({ action: "click", ref: "e3", force: true })).toMatchObject({ ok: false });
    expect(parseBrowserAction({ action: "mouse_click", x: -1, y: 3 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^invalid action: x/),
    });
  });
});

describe("the admin API is out of the agent's reach", { timeout: 60_000 }, () => {
  it("goto refuses it, the page's own requests to it are blocked, and the agent's site has no admin route", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      const admin = `${workspace().adminUrl}/episodes/${id}/state`;
      const refused = await session.act({ action: "goto", url: admin });
      expect(refused.error).toMatch(/outside the workspace/);
      expect(session.activePage.url()).toBe(workspace().episodeUrl(id));
      const fetched = await session.activePage.evaluate(async (url) => {
        try {
          const response = await fetch(url, { headers: { authorization: "Bearer guess" } });
          return `status ${response.status}`;
        } catch (error) {
          return `failed: ${(error as Error).message}`;
        }
      }, admin);
      expect(fetched).toMatch(/^failed/);
      expect(session.blockedRequests).toContain(admin);
      // Navigating the page itself (not through goto) is blocked by the gate too.
      await session.activePage.goto(admin).catch(() => undefined);
      expect(session.blockedRequests.filter((url) => url === admin).length).toBeGreaterThanOrEqual(2);
      await session.act({ action: "goto", url: `${workspace().url}/episodes/${id}/state` });
      expect((await session.observe()).axtree).toContain("Not found");
    } finally {
      await session.close();
    }
  });
});

describe("tabs, coordinates, keys, scrolling and settling", { timeout: 60_000 }, () => {
  it("new tabs become active, tab_focus switches, close_tab falls back, and the last tab is replaced by a blank one", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      expect((await session.act({ action: "new_tab" })).error).toBeNull();
      let observation = await session.observe();
      expect(observation.tabs.map((tab) => tab.url)).toEqual([workspace().episodeUrl(id), "about:blank"]);
      expect(observation.activeTab).toBe(1);
      expect((await session.act({ action: "goto", url: `${workspace().episodeUrl(id)}calendar` })).error).toBeNull();
      expect((await session.act({ action: "tab_focus", index: 0 })).error).toBeNull();
      expect((await session.observe()).activeTab).toBe(0);
      expect((await session.act({ action: "tab_focus", index: 5 })).error).toMatch(/no tab 5/);
      // A tab the page opens itself (target=_blank, window.open) is picked up and becomes active.
      await session.activePage.evaluate((url) => window.open(url), `${workspace().episodeUrl(id)}todo`);
      await expect.poll(() => session.tabs.length).toBe(3);
      observation = await session.observe();
      expect(observation.activeTab).toBe(2);
      await session.act({ action: "close_tab" });
      observation = await session.observe();
      expect(observation.tabs).toHaveLength(2);
      expect(observation.url).toBe(workspace().episodeUrl(id));
      await session.act({ action: "close_tab" });
      await session.act({ action: "close_tab" });
      observation = await session.observe();
      expect(observation.tabs).toEqual([{ index: 0, url: "about:blank", title: "" }]);
    } finally {
      await session.close();
    }
  });

  it("mouse_click hits what is drawn at the point; points outside the viewport are refused", async () => {
    const { session } = await openEpisode(browser(), workspace(), rich);
    try {
      const observation = await session.observe();
      const box = await session.activePage.locator(`aria-ref=${refOf(observation, "link", "Calendar")}`).boundingBox();
      expect(box).not.toBeNull();
      const outcome = await session.act({
        action: "mouse_click",
        x: Math.round(box!.x + box!.width / 2),
        y: Math.round(box!.y + box!.height / 2),
      });
      expect(outcome.error).toBeNull();
      expect((await session.observe()).url).toMatch(/\/calendar$/);
      expect((await session.act({ action: "mouse_click", x: 5000, y: 10 })).error).toMatch(/outside the 1280×800 viewport/);
    } finally {
      await session.close();
    }
  });

  it("pointer actions by coordinates: a double and a right click, a drag from one point to another, a wheel at a point", async () => {
    const { session } = await openEpisode(browser(), workspace(), rich);
    try {
      const page = session.activePage;
      // Record what the page receives; the workspace's home page has room to point at.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        for (const type of ["dblclick", "contextmenu", "mousedown", "mouseup", "wheel"])
          document.addEventListener(type, (event) => {
            const mouse = event as MouseEvent & { deltaY?: number };
            seen.push(`${type} ${mouse.clientX},${mouse.clientY}${type === "wheel" ? ` dy=${mouse.deltaY}` : ""}`);
            if (type === "contextmenu") event.preventDefault();
          });
      });
      const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen.splice(0));
      expect((await session.act({ action: "mouse_click", x: 600, y: 700, count: 2 })).error).toBeNull();
      expect(await seen()).toContain("dblclick 600,700");
      expect((await session.act({ action: "mouse_click", x: 610, y: 710, button: "right" })).error).toBeNull();
      expect(await seen()).toContain("contextmenu 610,710");
      expect((await session.act({ action: "mouse_drag", x1: 100, y1: 700, x2: 300, y2: 750 })).error).toBeNull();
      expect(await seen()).toEqual(["mousedown 100,700", "mouseup 300,750"]);
      expect((await session.act({ action: "mouse_scroll", x: 640, y: 400, dx: 0, dy: 120 })).error).toBeNull();
      // A wheel event is dispatched without waiting for the page: wait for it rather than expect it at once.
      await page.waitForFunction(() => (window as unknown as { seen: string[] }).seen.length > 0);
      expect(await seen()).toEqual(["wheel 640,400 dy=120"]);
      expect((await session.act({ action: "mouse_drag", x1: 10, y1: 10, x2: 10, y2: 900 })).error).toMatch(
        /mouse_drag: \(10, 900\) is outside the 1280×800 viewport/,
      );
      expect((await session.act({ action: "mouse_scroll", x: 2000, y: 10, dx: 0, dy: 10 })).error).toMatch(/outside the 1280×800 viewport/);
    } finally {
      await session.close();
    }
  });

  it("the page state says where the episode is without looking at the page", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      const state = await session.pageState();
      expect(state).toEqual({
        url: workspace().episodeUrl(id),
        title: "Home",
        tabs: [{ index: 0, url: workspace().episodeUrl(id), title: "Home" }],
        activeTab: 0,
        lastActionError: null,
      });
      await session.act({ action: "click", ref: "e9999" });
      expect((await session.pageState()).lastActionError).toMatch(/e9999/);
      expect((await session.pageState("the reply could not be used")).lastActionError).toBe("the reply could not be used");
    } finally {
      await session.close();
    }
  });

  it("keyboard_type writes into the focused field, press moves focus, scroll scrolls, go_back returns", async () => {
    const { id, session } = await openEpisode(browser(), workspace(), rich);
    try {
      await session.act({ action: "goto", url: "messenger/new" });
      const form = await session.observe();
      await session.act({ action: "click", ref: refOf(form, "textbox", "Message") });
      await session.act({ action: "keyboard_type", text: "typed by keys" });
      expect(await session.activePage.locator("#text").inputValue()).toBe("typed by keys");
      await session.act({ action: "press", key: "Shift+Tab" });
      expect((await session.observe()).focused?.name).toBe("Group members (optional)");
      await session.act({ action: "goto", url: `${workspace().episodeUrl(id)}code` });
      await session.activePage.setViewportSize({ width: 1280, height: 300 });
      await session.act({ action: "scroll", dx: 0, dy: 250 });
      expect(await session.activePage.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await session.act({ action: "go_back" });
      expect((await session.observe()).url).toBe(`${workspace().episodeUrl(id)}messenger/new`);
    } finally {
      await session.close();
    }
  });

  it("settling waits for a quiet DOM and reports when the cap was hit", async () => {
    const { session } = await openEpisode(browser(), workspace(), rich, { settle: { quietMs: 50, capMs: 400 } });
    try {
      const quiet = await session.act({ action: "scroll", dx: 0, dy: 10 });
      expect(quiet.settleCapped).toBe(false);
      await session.activePage.setContent(
        `<main><p id="n">0</p><script>setInterval(() => { const p = document.getElementById("n"); p.textContent = String(Number(p.textContent) + 1); }, 10);</script></main>`,
      );
      const busy = await session.act({ action: "scroll", dx: 0, dy: 10 });
      expect(busy.settleCapped).toBe(true);
      expect(busy.settleMs).toBeGreaterThanOrEqual(350);
    } finally {
      await session.close();
    }
  });
});
