import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trustedHtml } from "../../src/report/html-builder.js";
import { htmlPage } from "../../src/report/html-page.js";
import { writeHtmlReport } from "../../src/report/index.js";
import { startBeaconServer } from "./beacon-server.js";
import { launchChromium } from "./chromium.js";
import { EVIL_AGENT, PAYLOADS, writeStandardFixture } from "./standard-fixture.js";

/** Where the screenshot of the fixture report is left for people to look at. */
export const REPORT_SCREENSHOT = join(tmpdir(), "safecua-report-fixture.png");

let root: string;
let reportPath: string;
let browser: Browser;
let beacon: Awaited<ReturnType<typeof startBeaconServer>>;

interface Watch {
  page: Page;
  requests: string[];
  dialogs: string[];
  errors: string[];
}

async function open(path: string): Promise<Watch> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  const watch: Watch = { page, requests: [], dialogs: [], errors: [] };
  page.on("request", (request) => {
    if (!request.url().startsWith("data:")) watch.requests.push(request.url());
  });
  page.on("dialog", (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => watch.errors.push(error.message));
  // Every load the page's CSP blocks is reported here, so a test can wait for the attempts to happen.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __blocked: string[] }).__blocked = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(event.blockedURI));
  });
  await page.goto(`file://${path}`);
  return watch;
}

/** Opens every <details> and scrolls to the bottom, so lazy content and hidden markup get their chance to run. */
async function exposeEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const details of Array.from(document.querySelectorAll("details"))) details.open = true;
  });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // Lazy images start loading once scrolled into view; wait until every one has loaded or failed.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.evaluate(() => window.scrollTo(0, 0));
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "safecua-report-"));
  beacon = await startBeaconServer();
  const { runDir } = await writeStandardFixture(root, beacon.port);
  reportPath = await writeHtmlReport(runDir);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await beacon?.close();
  rmSync(root, { recursive: true, force: true });
});

// Real Chromium on a shared 2-core machine: page loads take seconds, not milliseconds.
describe("the HTML report in Chromium", { timeout: 90_000 }, () => {
  it("renders the leaderboard and every figure as an SVG with the expected marks", async () => {
    const { page, errors } = await open(reportPath);
    const leaderboard = page.locator("table.leaderboard tbody tr");
    await expect.poll(() => leaderboard.count()).toBe(4);
    // careless, careless [recipient_typed], careful, and the markup-named agent, as text.
    expect(await page.locator("table.leaderboard tbody tr td:first-child").allTextContents()).toEqual([
      "careless",
      "careless",
      "careful",
      EVIL_AGENT,
    ]);

    const figure = (name: string) => page.locator(`svg[aria-label="${name}"]`);
    const names = [
      "Utility versus engaged leakage (Figure 3)",
      "Raw versus engaged leakage (Figure 12)",
      "Utility rank versus disclosure rank (Figure 13)",
      "Behaviour decomposition per agent (Figure 15)",
      "Defense sweep: utility and engaged leakage per defense (Figure 6)",
    ];
    for (const name of names) {
      const box = await figure(name).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box?.width ?? 0, name).toBeGreaterThan(200);
      expect(box?.height ?? 0, name).toBeGreaterThan(100);
    }
    // Figure 3: one dot and one label per agent row that engaged (all four did).
    expect(
      await figure(names[0] as string)
        .locator(".role-mark.mark-symbol path")
        .count(),
    ).toBe(4);
    expect(
      await figure(names[0] as string)
        .locator(".mark-text text")
        .allTextContents(),
    ).toEqual(expect.arrayContaining(["careless [none]", "careful [none]", `${EVIL_AGENT} [none]`]));
    // Figure 12: the diagonal plus one refusal-gap rule per point.
    expect(
      await figure(names[1] as string)
        .locator(".mark-rule line")
        .count(),
    ).toBeGreaterThanOrEqual(5);
    // Figure 13: one line per agent row.
    expect(
      await figure(names[2] as string)
        .locator(".mark-line path")
        .count(),
    ).toBe(4);
    // Figure 15: four segments per row.
    expect(
      await figure(names[3] as string)
        .locator(".mark-rect path")
        .count(),
    ).toBe(16);
    // Figure 6: bars for careless under none and recipient_typed, for U and L_eng.
    expect(
      await figure(names[4] as string)
        .locator(".mark-rect path")
        .count(),
    ).toBe(4);

    await expect.poll(() => page.locator("#judge table tbody tr").count()).toBeGreaterThan(0);
    expect(await page.locator("#errors").textContent()).toContain("parse");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sorts the leaderboard by a column", async () => {
    const { page } = await open(reportPath);
    const header = page.locator("table.leaderboard thead th", { hasText: "L_eng [95% CI]" });
    await header.locator("button").click();
    await expect.poll(() => header.getAttribute("aria-sort")).toBe("descending");
    const values = await page
      .locator("table.leaderboard tbody tr")
      .evaluateAll((rows) => rows.map((row) => Number((row as HTMLTableRowElement).cells[6]?.getAttribute("data-sort"))));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    await header.locator("button").click();
    await expect.poll(() => header.getAttribute("aria-sort")).toBe("ascending");
    await page.close();
  });

  it("filters scenarios by failure mode, agent, outcome and text", async () => {
    const { page } = await open(reportPath);
    const visibleCards = () => page.locator("article.scenario:visible").count();
    const count = () => page.locator("#filter-count").textContent();
    await expect.poll(visibleCards).toBe(4);
    expect(await count()).toBe("4 of 4 scenarios");

    await page.selectOption("#filter-mode", "task_ambiguity_overshare");
    await expect.poll(visibleCards).toBe(1);
    expect(await page.locator("article.scenario:visible h3").textContent()).toBe("digest-002-tao");
    await page.selectOption("#filter-mode", "");

    const careful = await page.locator("#filter-row option", { hasText: /^careful \[none\]$/ }).getAttribute("value");
    await page.selectOption("#filter-row", careful as string);
    await expect.poll(() => page.locator(".record:visible").count()).toBe(4);
    expect(new Set(await page.locator(".record:visible .who").allTextContents())).toEqual(new Set(["careful [none]"]));
    await page.selectOption("#filter-outcome", "refused");
    await expect.poll(visibleCards).toBe(1);
    expect(await page.locator("article.scenario:visible h3").textContent()).toBe("digest-003-rma");
    await page.selectOption("#filter-outcome", "error");
    await expect.poll(visibleCards).toBe(1);
    expect(await page.locator("article.scenario:visible h3").textContent()).toBe("xss-004-payloads");
    await page.selectOption("#filter-row", "");
    await page.selectOption("#filter-outcome", "leak");
    await expect.poll(visibleCards).toBe(3);
    await page.selectOption("#filter-outcome", "");

    await page.fill("#filter-text", "payloads");
    await expect.poll(visibleCards).toBe(1);
    // Text inside shared content finds the scenario and shows only the records that contain it.
    await page.fill("#filter-text", "tomasz's pull request");
    await expect.poll(visibleCards).toBe(4);
    await page.fill("#filter-text", "no such words anywhere");
    await expect.poll(visibleCards).toBe(0);
    expect(await count()).toBe("0 of 4 scenarios");
    await page.close();
  });

  it("highlights matched spans and shows end-to-end steps with their screenshot", async () => {
    const { page } = await open(reportPath);
    await exposeEverything(page);
    const careless = page.locator("article.scenario", { hasText: "digest-001-vcl" }).locator(".record").first();
    expect(await careless.locator("mark.m-leak").allTextContents()).toContain("biopsy results");
    expect(await careless.locator("mark.m-required").allTextContents()).toEqual(
      expect.arrayContaining(["Finish the Q1 vendor cost comparison"]),
    );
    expect(await careless.locator("mark.m-leak").first().getAttribute("title")).toMatch(/must-not-share.*biopsy results.*containment/);
    const steps = page.locator("ol.steps li");
    expect(await steps.count()).toBe(2);
    expect(await steps.first().locator("img").getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    const size = await steps
      .first()
      .locator("img")
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(size).toBe(64);
    expect(await steps.nth(1).textContent()).toContain("outside the run folder");
    await page.close();
  });

  it("executes and fetches nothing from agent, scenario or judge content", async () => {
    const watch = await open(reportPath);
    await exposeEverything(watch.page);
    expect(await watch.page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(watch.dialogs).toEqual([]);
    expect(watch.requests).toEqual([`file://${reportPath}`]);
    expect(beacon.hits).toEqual([]);
    // The payloads are on the page as text, not swallowed.
    expect(await watch.page.getByText(PAYLOADS.script).count()).toBeGreaterThan(0);
    expect(await watch.page.locator("script").count()).toBe(1);
    expect(await watch.page.locator("img:not([src^='data:image/png;base64,'])").count()).toBe(0);
    await watch.page.close();
  });

  it("stays inert by escaping alone, with its Content-Security-Policy removed", async () => {
    const html = readFileSync(reportPath, "utf8");
    const withoutCsp = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "");
    expect(withoutCsp).not.toBe(html);
    const path = join(root, "report-without-csp.html");
    writeFileSync(path, withoutCsp);
    const watch = await open(path);
    await exposeEverything(watch.page);
    expect(await watch.page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(watch.dialogs).toEqual([]);
    expect(watch.requests).toEqual([`file://${path}`]);
    expect(beacon.hits).toEqual([]);
    // The page's own script still works, so the check above is not vacuous.
    await watch.page.selectOption("#filter-mode", "recipient_misalignment");
    await expect.poll(() => watch.page.locator("article.scenario:visible").count()).toBe(1);
    await watch.page.close();
  });

  it("blocks script and network by its Content-Security-Policy alone, if markup ever got through unescaped", async () => {
    const path = join(root, "csp-only.html");
    // Deliberately raw: this page models an escaping bug, to test the second lock by itself.
    const injected = `${PAYLOADS.script}${PAYLOADS.img}${PAYLOADS.beacon(beacon.port)}${PAYLOADS.svg}`;
    writeFileSync(path, htmlPage({ title: "csp", styles: "", script: "window.__own = 'ran';", body: trustedHtml(injected) }));
    const watch = await open(path);
    // Wait until the CSP has refused both injected loads (the image and the stylesheet).
    await watch.page.waitForFunction(() => {
      const blocked = (window as unknown as { __blocked: string[] }).__blocked;
      return blocked.some((uri) => uri.includes("beacon-img")) && blocked.some((uri) => uri.includes("beacon-css"));
    });
    expect(await watch.page.evaluate(() => (window as unknown as { __own?: string }).__own)).toBe("ran");
    expect(await watch.page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(watch.dialogs).toEqual([]);
    // The browser still reports the blocked attempts as requests, but none reaches the server.
    expect(beacon.hits).toEqual([]);
    await watch.page.close();
  });

  it("takes a full-page screenshot that is a real, varied image", async () => {
    const { page } = await open(reportPath);
    await page.screenshot({ path: REPORT_SCREENSHOT, fullPage: true });
    await page.close();
    const { width, height } = await sharp(REPORT_SCREENSHOT).metadata();
    expect(width).toBe(1360);
    expect(height ?? 0).toBeGreaterThan(2000);
    const stats = await sharp(REPORT_SCREENSHOT).stats();
    // Not a blank page: colour varies (tables, red/blue figures, text).
    expect(stats.channels.some((channel) => channel.stdev > 20)).toBe(true);
    expect(stats.isOpaque).toBe(true);
  });
});
