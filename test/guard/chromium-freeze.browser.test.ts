/**
 * Tree and pixels from one instant (docs/design/guard.md, "Freezing: one instant for tree and pixels"): a page that shows, moves, inserts, animates and
 * transitions untrusted overlays over its trusted header every few milliseconds never gets a pixel
 * of them past the mask, over many captures; the page's own timers, frames and animations run on
 * afterwards; a page that cannot be frozen is never captured.
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { captureScreen, FreezeError, liveCapture, withFrozenPage } from "../../src/guard/capture/index.js";
import { guardPage, MaskUnavailableError } from "../../src/guard/index.js";
import { buildMaskWithRetries } from "../../src/guard/mask/build-mask-with-retries.js";
import { rulesOf } from "./fixtures/canary-probe.js";
import { useFixtureSession } from "./fixtures/fixture-server.js";

const fixtures = useFixtureSession();
const CAPTURES = 12;

async function open(query: string): Promise<Page> {
  const page = await fixtures.session().context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(fixtures.server().url(`flicker/page.html?${query}`), { waitUntil: "load" });
  return page;
}

/** Pixels of the overlays' red (#ff0000) in a PNG. */
async function redPixels(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let p = 0; p < data.length; p += info.channels) if (data[p]! > 200 && data[p + 1]! < 60 && data[p + 2]! < 60) red++;
  return red;
}

describe("captures of a page that flickers untrusted overlays over trusted rows", { timeout: 180_000 }, () => {
  test.each(["toggle", "move", "insert", "animate", "transition", "toggle+move+insert+animate+transition"])(
    "%s: no untrusted pixel is ever shown, and the page runs on afterwards",
    async (query) => {
      const page = await open(query);
      const rules = rulesOf("flicker");
      let seen = 0;
      for (let i = 0; i < CAPTURES; i++) {
        const masked = await buildMaskWithRetries(liveCapture(page), rules);
        expect(masked.result.rows.filter((row) => row.verdict === "trusted").map((row) => row.text)).toEqual([
          "Home",
          "Popular",
          "All",
          "New posts",
        ]);
        expect(await redPixels(masked.png)).toBe(0);
        // The overlays were on the screenshot often enough for the check to mean something.
        const shot = await captureScreen(page);
        if ((await redPixels(shot.screenshot)) > 0) seen++;
      }
      expect(seen).toBeGreaterThan(0);
      // Nothing of the page was lost: its timers and frames tick on, its animations play on.
      const ticks = Number(await page.evaluate("window.ticks"));
      await page
        .waitForFunction((before) => (window as unknown as { ticks: number }).ticks > before, ticks, { timeout: 5_000 })
        .catch(() => undefined);
      if (/toggle|move|insert|transition/.test(query)) expect(Number(await page.evaluate("window.ticks"))).toBeGreaterThan(ticks);
      if (query.includes("animate")) {
        const states = (await page.evaluate("document.getAnimations().map((animation) => animation.playState)")) as string[];
        expect(states.length).toBeGreaterThan(0);
        expect(new Set(states)).toEqual(new Set(["running"]));
      }
      await page.close();
    },
  );

  test("the page's own debugger statements do not stop the capture", async () => {
    const page = await open("toggle");
    await page.evaluate("setInterval(function () { debugger; }, 3)");
    const { page: captured } = await captureScreen(page);
    expect(captured.alignment.ok).toBe(true);
    const masked = await buildMaskWithRetries(liveCapture(page), rulesOf("flicker"));
    expect(await redPixels(masked.png)).toBe(0);
    await page.close();
  });

  test("the freeze survives a navigation: the next capture freezes the new document at the first attempt", async () => {
    const page = await open("toggle");
    await captureScreen(page);
    await page.goto(fixtures.server().url("flicker/page.html?move"), { waitUntil: "load" });
    const failures: Error[] = [];
    const masked = await buildMaskWithRetries(liveCapture(page), rulesOf("flicker"), {
      onAttemptFailed: (error) => failures.push(error),
    });
    expect(failures).toEqual([]);
    expect(await redPixels(masked.png)).toBe(0);
    // The page's timers run on after the capture, in the new document as in the old.
    const ticks = Number(await page.evaluate("window.ticks"));
    await page.waitForFunction((before) => Number((window as unknown as { ticks: number }).ticks) > before, ticks);
    await page.close();
  });

  test("a page that keeps replacing its document is not captured: a FreezeError, not a protocol error", async () => {
    const page = await open("toggle");
    // Every document reloads itself at once: no document lives long enough to be frozen.
    await page.addInitScript(() => {
      if (sessionStorage.getItem("reload") === "1") setTimeout(() => location.reload(), 0);
    });
    await page.evaluate(`sessionStorage.setItem("reload", "1"); location.reload()`);
    const error = await withFrozenPage(page, async () => "captured").catch((caught: unknown) => caught);
    // A clear reason either way: the navigation the freeze saw, or the deadline it ran into
    // (a document replaced every few milliseconds can starve the DevTools calls too).
    expect(error).toBeInstanceOf(FreezeError);
    expect((error as Error).message).toMatch(/navigated|could not be frozen within/);
    await page.close();
  });

  test("a page that never reaches the pause is not captured: FreezeError, and the mask fails closed", async () => {
    const page = await open("toggle");
    // Busy for 1.5 s at a time, again and again: no task boundary comes within the freeze timeout.
    await page.evaluate("setInterval(function () { const end = Date.now() + 1500; while (Date.now() < end) {} }, 0)");
    await expect(withFrozenPage(page, async () => "captured", 400)).rejects.toBeInstanceOf(FreezeError);
    await expect(
      buildMaskWithRetries(
        (decide) => withFrozenPage(page, async () => decide({ page: {} as never, screenshot: Buffer.alloc(0) }), 400),
        rulesOf("flicker"),
        { retries: 1 },
      ),
    ).rejects.toBeInstanceOf(MaskUnavailableError);
    await page.close();
  });
});

// The guard itself is pure: one capture checked by hand, so a regression shows which part broke.
test("guardPage on a frozen capture masks the overlay where the capture saw it", { timeout: 120_000 }, async () => {
  const page = await open("animate");
  const { page: captured } = await captureScreen(page);
  const result = guardPage(captured, rulesOf("flicker"));
  expect(result.rows.some((row) => row.verdict === "untrusted" && row.text.includes("support@evil.example"))).toBe(true);
  await page.close();
});
