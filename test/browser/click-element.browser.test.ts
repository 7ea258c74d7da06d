/**
 * What a click on a ref means for an agent, in real Chromium: it lands on that element (or inside
 * it) or does not happen. Covered, disabled and hidden elements are refused with the reason; an
 * element below the fold is scrolled to; an element that moves between the check and the press is
 * never mistaken for what is now under the point; a click that navigates is settled on the new page,
 * and a click whose page answers after the action timeout is reported as done, not as failed.
 * These pin the semantics of `click(ref)` whatever implements it (Playwright's `locator.click()`
 * today); each failed on a deliberately weakened click (no hit test, no enabled or visibility
 * check, no scroll, no check at the press, a settle that always waits for a navigation).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import type { UiSession } from "../../src/browser/index.js";
import { richScenario } from "../workspace/rich-fixture.js";
import { openEpisode, refOf, scenarioOf, useBrowserAndWorkspace } from "./browser-fixture.js";

const rich = scenarioOf(richScenario());
const { browser, workspace } = useBrowserAndWorkspace();

/** Clicks each button records, by id, in `window.clicks`. */
const RECORD = `<script>window.clicks = []; document.addEventListener("click", (event) => { const button = event.target.closest("button"); if (button) window.clicks.push(button.id); });</script>`;

async function clicks(session: UiSession): Promise<string[]> {
  return session.activePage.evaluate(() => (window as unknown as { clicks: string[] }).clicks);
}

/**
 * Action timeouts: a refusal waits its timeout out, so refusals get a short one; a click that must
 * succeed gets a long one, as a loaded 2-core machine can take more than a second to resolve and
 * check an element (at 600 ms, three of these tests failed once in a full browser-tier run).
 */
const REFUSAL_TIMEOUT_MS = 2_000;
const SUCCESS_TIMEOUT_MS = 15_000;

/** A fixture page in a fresh episode, with the given action timeout. */
async function withPage(html: string, test: (session: UiSession) => Promise<void>, actionTimeoutMs: number): Promise<void> {
  const { session } = await openEpisode(browser(), workspace(), rich, { actionTimeoutMs });
  try {
    await session.activePage.setContent(`${html}${RECORD}`);
    await test(session);
  } finally {
    await session.close();
  }
}

describe("a click on a ref lands on that element or does not happen", { timeout: 60_000 }, () => {
  it("an element under an overlay is refused with what covers it, and the overlay gets no click", async () => {
    await withPage(
      `<button id="under">Pay</button><div id="veil" style="position:fixed;inset:0;background:rgba(0,0,0,.1)" onclick="window.veilClicked = true"></div>`,
      async (session) => {
        const outcome = await session.act({ action: "click", ref: refOf(await session.observe(), "button", "Pay") });
        expect(outcome.error).toMatch(/<div id="veil".*intercepts pointer events/);
        expect(await clicks(session)).toEqual([]);
        expect(await session.activePage.evaluate(() => (window as unknown as { veilClicked?: boolean }).veilClicked)).toBeUndefined();
      },
      REFUSAL_TIMEOUT_MS,
    );
  });

  it("a disabled element and a hidden one are refused with the reason", async () => {
    await withPage(
      `<button id="off" disabled>Off</button><fieldset disabled><button id="inside">Inside</button></fieldset><button id="gone">Gone</button>`,
      async (session) => {
        const observation = await session.observe();
        expect((await session.act({ action: "click", ref: refOf(observation, "button", "Off") })).error).toMatch(/not enabled/);
        expect((await session.act({ action: "click", ref: refOf(observation, "button", "Inside") })).error).toMatch(/not enabled/);
        const gone = refOf(observation, "button", "Gone");
        await session.activePage.evaluate(() => {
          (document.getElementById("gone") as HTMLElement).style.visibility = "hidden";
        });
        expect((await session.act({ action: "click", ref: gone })).error).toMatch(/not visible/);
        expect(await clicks(session)).toEqual([]);
      },
      REFUSAL_TIMEOUT_MS,
    );
  });

  it("an element below the fold is scrolled into view and clicked", async () => {
    await withPage(
      `<div style="height:3000px"></div><button id="deep">Deep</button><div style="height:3000px"></div>`,
      async (session) => {
        const outcome = await session.act({ action: "click", ref: refOf(await session.observe(), "button", "Deep") });
        expect(outcome.error).toBeNull();
        expect(await clicks(session)).toEqual(["deep"]);
        expect(await session.activePage.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
      },
      SUCCESS_TIMEOUT_MS,
    );
  });

  it("an element that moves away as the pointer arrives is never mistaken for what is now under the point", async () => {
    // On the first pointer move, the two buttons swap places: the press would land on the decoy.
    await withPage(
      `<button id="target" style="position:absolute;left:100px;top:100px;width:120px;height:40px">Target</button>
       <button id="decoy" style="position:absolute;left:400px;top:100px;width:120px;height:40px">Decoy</button>
       <script>
         let swapped = false;
         document.addEventListener("mousemove", (event) => {
           if (swapped || !event.isTrusted) return;
           swapped = true;
           document.getElementById("target").style.left = "400px";
           document.getElementById("decoy").style.left = "100px";
         });
       </script>`,
      async (session) => {
        const outcome = await session.act({ action: "click", ref: refOf(await session.observe(), "button", "Target") });
        expect(outcome.error).toBeNull();
        expect(await clicks(session)).toEqual(["target"]);
      },
      SUCCESS_TIMEOUT_MS,
    );
  });

  it("an element that never stops moving under the point is refused, not clicked through", async () => {
    // Every pointer move hands the point to the decoy: the click cannot land and must say so. The
    // decoy stays a second after the last move: with 5 ms, a loaded machine let Playwright's own
    // hit check run after it had gone, and the click landed on the target it was then under.
    await withPage(
      `<button id="target" style="position:absolute;left:100px;top:100px;width:120px;height:40px">Target</button>
       <button id="decoy" style="position:absolute;left:100px;top:100px;width:120px;height:40px;visibility:hidden">Decoy</button>
       <script>
         document.addEventListener("mousemove", (event) => {
           if (!event.isTrusted) return;
           document.getElementById("decoy").style.visibility = "visible";
           clearTimeout(window.hideDecoy);
           window.hideDecoy = setTimeout(() => { document.getElementById("decoy").style.visibility = "hidden"; }, 1000);
         });
       </script>`,
      async (session) => {
        const outcome = await session.act({ action: "click", ref: refOf(await session.observe(), "button", "Target") });
        expect(outcome.error).toMatch(/<button id="decoy".*intercepts pointer events/);
        expect(await clicks(session)).toEqual([]);
      },
      REFUSAL_TIMEOUT_MS,
    );
  });
});

describe("settling after a click", { timeout: 60_000 }, () => {
  it("a click that navigates is settled on the new document, even when the server answers late", async () => {
    await withPage(
      `<a href="/slow-page">Next</a>`,
      async (session) => {
        await session.activePage.route("**/slow-page", async (route) => {
          await sleep(400);
          await route.fulfill({ contentType: "text/html", body: "<title>Slow</title><p>arrived</p>" });
        });
        const outcome = await session.act({ action: "click", ref: refOf(await session.observe(), "link", "Next") });
        expect(outcome.error).toBeNull();
        expect(outcome.settleCapped).toBe(false);
        // Read straight after the action, before anything else could wait for the page.
        expect(session.activePage.url()).toMatch(/\/slow-page$/);
        expect(await session.activePage.title()).toBe("Slow");
      },
      SUCCESS_TIMEOUT_MS,
    );
  });

  it("a click whose page answers after the action timeout happened once and is not reported as failed", async () => {
    await withPage(
      `<form method="post" action="/late-post"><button id="send">Send</button></form>`,
      async (session) => {
        let posts = 0;
        await session.activePage.route("**/late-post", async (route) => {
          posts += 1;
          // Longer than the action timeout: Playwright's click waits for the commit inside it.
          await sleep(2_500);
          await route.fulfill({ contentType: "text/html", body: "<title>Posted</title><p>sent</p>" });
        });
        const outcome = await session.act({ action: "click", ref: refOf(await session.observe(), "button", "Send") });
        expect(outcome.error).toBeNull();
        expect(posts).toBe(1);
        expect(session.activePage.url()).toMatch(/\/late-post$/);
        expect(await session.activePage.title()).toBe("Posted");
      },
      1_000,
    );
  });

  it("a click whose page never arrives tells the agent the click happened, not that it failed", async () => {
    await withPage(
      `<a href="/never">Open</a>`,
      async (session) => {
        let requests = 0;
        await session.activePage.route("**/never", async () => {
          requests += 1; // never answered: the request hangs until the context closes
        });
        const outcome = await session.act({ action: "click", ref: refOf(await session.observe(), "link", "Open") });
        expect(outcome.error).toMatch(/click on \S+ happened.*do not click again/);
        expect(outcome.error).not.toMatch(/Timeout \d+ms exceeded/);
        expect(requests).toBe(1);
      },
      1_000,
    );
  });

  it("a click that does not navigate does not wait for a navigation", async () => {
    await withPage(
      `<button id="stay">Stay</button><a href="#below">Below</a><p id="below">below</p>`,
      async (session) => {
        const observation = await session.observe();
        const stay = await session.act({ action: "click", ref: refOf(observation, "button", "Stay") });
        expect([stay.error, stay.settleCapped]).toEqual([null, false]);
        const fragment = await session.act({ action: "click", ref: refOf(observation, "link", "Below") });
        expect([fragment.error, fragment.settleCapped]).toEqual([null, false]);
        expect(session.activePage.url()).toMatch(/#below$/);
      },
      SUCCESS_TIMEOUT_MS,
    );
  });
});
