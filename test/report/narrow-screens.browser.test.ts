import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningViewer, startViewer, writeHtmlReport } from "../../src/report/index.js";
import { launchChromium } from "./chromium.js";
import { MIXED_RUN_ID, writeMixedSuiteRun } from "./mixed-suite-fixture.js";

/**
 * The report and the viewer on a phone (390 px, an iPhone's CSS width) and on a laptop (1280 px):
 * the page is never wider than the screen, every figure fits its column, and the leaderboard's
 * headline metric stays on screen however its table is scrolled.
 */
let root: string;
let reportPath: string;
let viewer: RunningViewer;
let browser: Browser;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "safecua-narrow-"));
  const { runsDir, runDir } = await writeMixedSuiteRun(root);
  reportPath = await writeHtmlReport(runDir);
  viewer = await startViewer({ runsDir, port: 0 });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await viewer?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Opens a page at a width, with every <details> open so hidden content is laid out too. */
async function open(url: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await page.goto(url);
  await page.evaluate(() => {
    for (const details of Array.from(document.querySelectorAll("details"))) details.open = true;
  });
  return page;
}

/** What a reader would see as broken, in words: the page wider than the screen, a figure wider than its column. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = window.innerWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport) {
      // Name the outermost elements that stick out, leaving out what a scrolling box clips.
      const clipped = (element: Element) => {
        for (let up = element.parentElement; up; up = up.parentElement) if (getComputedStyle(up).overflowX !== "visible") return true;
        return false;
      };
      const out = (element: Element | null) => element !== null && element.getBoundingClientRect().right > viewport + 0.5;
      const widest = Array.from(document.querySelectorAll("body *"))
        .filter((element) => out(element) && !out(element.parentElement) && !clipped(element))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className || "-"}`);
      problems.push(`the page is ${pageWidth}px wide in a ${viewport}px window (first out: ${widest.join(", ")})`);
    }
    for (const svg of Array.from(document.querySelectorAll("svg[role=img]"))) {
      const column = svg.parentElement as HTMLElement;
      const style = getComputedStyle(column);
      const room = column.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const box = svg.getBoundingClientRect();
      if (box.width > room + 0.5 || box.right > viewport + 0.5)
        problems.push(
          `${svg.getAttribute("aria-label")}: ${Math.round(box.width)}px wide in a ${Math.round(room)}px column, ending at ${Math.round(box.right)}px`,
        );
    }
    return problems;
  });
}

/** Whether the cell is on screen and on top (not under a sticky column) at its middle. */
function onScreen(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    return Array.from(document.querySelectorAll(selector)).flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      const label = `${cell.closest("tr")?.querySelector("td")?.textContent?.trim()}: ${cell.textContent?.trim()}`;
      if (box.left < 0 || box.right > window.innerWidth + 0.5)
        return [`${label} is off screen (${Math.round(box.left)}–${Math.round(box.right)}px)`];
      const wrap = cell.closest(".table-wrap")?.getBoundingClientRect();
      if (wrap && (box.left < wrap.left - 0.5 || box.right > wrap.right + 0.5)) return [`${label} is scrolled out of its table`];
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top && cell.contains(top) ? [] : [`${label} is covered by ${top?.tagName.toLowerCase()}.${top?.className}`];
    });
  }, selector);
}

/** The pages checked at each width: the report, and the viewer's run list and compare page. */
const PAGES = [
  { name: "the report", url: () => `file://${reportPath}` },
  { name: "the viewer's run list", url: () => viewer.url },
  { name: "the viewer's defense sweep", url: () => `${viewer.url}compare?a=${MIXED_RUN_ID}&b=` },
];

describe.each([390, 1280])("at %i px wide", { timeout: 90_000 }, (width) => {
  it.each(PAGES)("$name is no wider than the screen, and its figures fit their columns", async ({ name, url }) => {
    const page = await open(url(), width);
    // The report's figures, or the viewer's table: something was laid out, so an empty page cannot pass.
    await expect.poll(() => page.locator("main table, main svg").count()).toBeGreaterThan(0);
    expect(await layoutProblems(page), name).toEqual([]);
    await page.close();
  });
});

describe("the report's leaderboard and tables", { timeout: 90_000 }, () => {
  it("keeps each row's agent and engaged leakage on a 390 px screen, however the table is scrolled", async () => {
    const page = await open(`file://${reportPath}`, 390);
    const headline = await page
      .locator("table.leaderboard thead th")
      .evaluateAll((cells) => cells.findIndex((cell) => cell.textContent?.trim().startsWith("L_eng")));
    expect(headline).toBeGreaterThan(0);
    const cells = `table.leaderboard tbody td:nth-child(${headline + 1}), table.leaderboard tbody td:first-child`;
    expect(await page.locator("table.leaderboard tbody tr").count()).toBe(4);
    // Wherever the leaderboard sits on the page (an injection table may lead), the reader scrolls to it.
    await page.locator("table.leaderboard").scrollIntoViewIfNeeded();
    expect(await onScreen(page, cells)).toEqual([]);
    // The table is wider than a phone: it scrolls inside its box, and the two columns stay.
    const wrap = page.locator(".table-wrap", { has: page.locator("table.leaderboard") });
    const scrolled = await wrap.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
      return element.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
    expect(await onScreen(page, cells)).toEqual([]);
    await page.close();
  });

  it("fits the table by thematic category in a 1280 px window without scrolling it", async () => {
    const page = await open(`file://${reportPath}`, 1280);
    const table = page.locator("table.categories");
    expect(await table.locator("thead th").count()).toBe(8);
    const overflow = await table.evaluate((element) => {
      const wrap = element.closest(".table-wrap") as HTMLElement;
      return { table: element.scrollWidth, room: wrap.clientWidth };
    });
    expect(overflow.table).toBeLessThanOrEqual(overflow.room);
    await page.close();
  });
});
