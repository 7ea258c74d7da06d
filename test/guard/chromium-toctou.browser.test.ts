/**
 * Time of check / time of use (docs/design/guard.md, "Time of use"): immediately before a pointer action the node
 * under the point must still be the trusted row the mask showed there. The page is changed from
 * the host between the check (capture + mask) and the use, the way a hostile page would do it.
 */

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { capturePage } from "../../src/guard/capture/index.js";
import { type CapturedPage, type GuardResult, guardPage } from "../../src/guard/index.js";
import { checkPointerTarget } from "../../src/guard/toctou/index.js";
import { DomProbe, rulesOf } from "./fixtures/canary-probe.js";
import { useFixtureSession } from "./fixtures/fixture-server.js";

const fixtures = useFixtureSession();

interface Checked {
  page: Page;
  capture: CapturedPage;
  result: GuardResult;
  probe: DomProbe;
}

async function openForum(viewport = { width: 1280, height: 800 }): Promise<Checked> {
  const page = await fixtures.session().context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(fixtures.server().url("forum-thread/page.html"), { waitUntil: "load" });
  const capture = await capturePage(page);
  const result = guardPage(capture, rulesOf("forum-thread"));
  return { page, capture, result, probe: await DomProbe.open(page) };
}

function centreOf(result: GuardResult, text: string): [number, number] {
  const row = result.rows.find((candidate) => candidate.text === text && candidate.verdict === "trusted");
  if (row === undefined) throw new Error(`no trusted row "${text}"`);
  return [Math.round(row.box[0] + row.box[2] / 2), Math.round(row.box[1] + row.box[3] / 2)];
}

describe("checkPointerTarget", () => {
  test("accepts a click on a trusted button that has not moved", { timeout: 120_000 }, async () => {
    const { page, capture, result, probe } = await openForum();
    const [x, y] = centreOf(result, "Create post");
    const check = await checkPointerTarget(page, capture, result, x, y);
    expect(check).toMatchObject({ ok: true });
    await probe.close();
    await page.close();
  });

  test("refuses a point the mask covers, and a revealed point that shows no trusted row", { timeout: 120_000 }, async () => {
    const { page, capture, result, probe } = await openForum();
    const title = (await probe.search("CANARY-FT03-B2XM"))[0]!;
    const [rect] = await probe.quads(title);
    const masked = await checkPointerTarget(page, capture, result, rect![0] + 5, rect![1] + 5);
    expect(masked).toMatchObject({ ok: false, reason: "masked" });
    // Outside the screenshot nothing was shown at all.
    expect(await checkPointerTarget(page, capture, result, -5, 10)).toMatchObject({ ok: false, reason: "masked" });
    // A view whose mask failed to cover the title still has no trusted row there: refused.
    const unmasked = await checkPointerTarget(page, capture, { ...result, mask: [] }, rect![0] + 5, rect![1] + 5);
    expect(unmasked).toMatchObject({ ok: false, reason: "no_trusted_row" });
    await probe.close();
    await page.close();
  });

  test("refuses as stale when untrusted content is moved under the point after the check", { timeout: 120_000 }, async () => {
    const { page, capture, result, probe } = await openForum();
    const [x, y] = centreOf(result, "Create post");
    // The page slides a visitor's comment over the trusted button between mask and click.
    const comment = probe.paintingElement((await probe.search("CANARY-FT13-F6NU"))[0]!);
    await probe.cdp.send("DOM.setAttributeValue", {
      nodeId: comment.nodeId,
      name: "style",
      value: `position:fixed; left:${x - 60}px; top:${y - 20}px; width:160px; height:40px; background:#fff; z-index:50; margin:0`,
    });
    const check = await checkPointerTarget(page, capture, result, x, y);
    expect(check).toMatchObject({ ok: false, reason: "stale_screen" });
    expect(check.ok ? "" : check.detail).toMatch(/not the trusted row/);
    await probe.close();
    await page.close();
  });

  test("refuses as stale when a new node is placed over the point after the check", { timeout: 120_000 }, async () => {
    const { page, capture, result, probe } = await openForum();
    const [x, y] = centreOf(result, "Upvote");
    const crumb = probe.paintingElement((await probe.search("CANARY-FT02-T7WQ"))[0]!);
    await probe.cdp.send("DOM.setOuterHTML", {
      nodeId: crumb.nodeId,
      outerHTML: `<span class="crumb-current">x</span><div style="position:fixed; left:${x - 30}px; top:${y - 15}px; width:60px; height:30px; background:#fff; z-index:60">Vote here</div>`,
    });
    const check = await checkPointerTarget(page, capture, result, x, y);
    expect(check).toMatchObject({ ok: false, reason: "stale_screen" });
    expect(check.ok ? "" : check.detail).toMatch(/not in the capture/);
    await probe.close();
    await page.close();
  });

  test("a click that falls through a trusted row to an untrusted wrapper is stale; to the row's own trusted container it is not", {
    timeout: 120_000,
  }, async () => {
    const { page, capture, result, probe } = await openForum();
    const [x, y] = centreOf(result, "Upvote");
    // The button lets clicks through: they land on the trusted bar that holds it (the grant's container).
    await page.evaluate(() => {
      (document.querySelector(".vote-up") as HTMLElement).style.pointerEvents = "none";
    });
    expect(await checkPointerTarget(page, capture, result, x, y)).toMatchObject({ ok: true });
    // The bar does too: now the press lands on the post around it, which nobody trusted.
    await page.evaluate(() => {
      (document.querySelector(".post-actions") as HTMLElement).style.pointerEvents = "none";
    });
    const check = await checkPointerTarget(page, capture, result, x, y);
    expect(check).toMatchObject({ ok: false, reason: "stale_screen" });
    expect(check.ok ? "" : check.detail).toMatch(/<article[^>]*post/);
    await probe.close();
    await page.close();
  });

  test("refuses as stale when the page scrolled between check and use", { timeout: 120_000 }, async () => {
    const { page, capture, result, probe } = await openForum({ width: 1280, height: 500 });
    const [x, y] = centreOf(result, "Comments");
    expect(await checkPointerTarget(page, capture, result, x, y)).toMatchObject({ ok: true });
    await page.mouse.move(600, 300);
    await page.mouse.wheel(0, 90);
    await page.waitForFunction(() => window.scrollY > 0);
    const check = await checkPointerTarget(page, capture, result, x, y);
    expect(check).toMatchObject({ ok: false, reason: "stale_screen" });
    await probe.close();
    await page.close();
  });
});
