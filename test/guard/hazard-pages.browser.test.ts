/**
 * The mask's guarantee on pages nobody here wrote: no pixel that an untrusted element changes is
 * visible through the mask. Each run draws 200 generated hazard pages (from the suite's seed, see
 * test/support/test-seed.ts, else a random one; printed; `SAFECUA_HAZARD_SEED` repeats one,
 * `SAFECUA_HAZARD_PAGES` changes the count): a trusted navigation bar, filler, and one untrusted
 * element styled and hosted at random over it (test/guard/support/hazard-page.ts). The oracle is the same page without the hazard. With the
 * differential check switched off, the same kind of pages leak: the test is not vacuous.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type BrowserSession, openBrowserSession } from "../../src/browser/index.js";
import { withBusyPaint } from "../support/busy-paint.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { testSeed } from "../support/test-seed.js";
import { hazardPage } from "./support/hand-hazard-page.js";
import { type HazardOutcome, HazardRunner, HazardSite } from "./support/hazard-check.js";
import { HAZARD_EFFECT_COUNT, HAZARD_HOST_NAMES } from "./support/hazard-page.js";

const PAGES = Number(process.env.SAFECUA_HAZARD_PAGES ?? 200);
const SEED = Number(process.env.SAFECUA_HAZARD_SEED ?? testSeed() ?? Math.floor(Math.random() * 1e9));
/**
 * With the check off, pages (hazards placed beside the bar) are drawn until one leaks. About one
 * in twenty does (1 of 40 and 4 of 40 in two runs), so a fixed count of 40 failed one run in eight;
 * drawing until the first leak fails only if 400 pages in a row do not, about once in 10^8 runs.
 */
const ABLATED_MAX_PAGES = 400;

let site: HazardSite;
let session: BrowserSession;
let runner: HazardRunner;

beforeAll(async () => {
  site = await HazardSite.start();
  const browser = await sharedBrowser();
  session = await openBrowserSession({ browser, allowedOrigins: [site.server.origin] });
  runner = await HazardRunner.open(session.context, site);
});

afterAll(async () => {
  await runner?.close();
  await session?.close();
  await site?.close();
});

function summary(outcomes: readonly HazardOutcome[]): string {
  const reached = outcomes.filter((outcome) => outcome.changedInBar > 0).length;
  const leaking = outcomes.filter((outcome) => outcome.leaked > 0);
  const refused = outcomes.filter((outcome) => outcome.masked === null).length;
  return `${outcomes.length} pages (seed ${SEED}), ${reached} reached the bar, ${leaking.length} leaked, ${refused} refused (no mask: would not freeze)${leaking
    .slice(0, 5)
    .map((outcome) => `\n  ${outcome.leaked} px: ${outcome.page.description}`)
    .join("")}`;
}

describe(`generated hazard pages (seed ${SEED})`, { timeout: 1_200_000 }, () => {
  test("the generator draws from at least 40 paint-affecting properties and every kind of host", () => {
    expect(HAZARD_EFFECT_COUNT).toBeGreaterThanOrEqual(40);
    expect(HAZARD_HOST_NAMES).toEqual(
      expect.arrayContaining([
        "zero-size",
        "aria-hidden",
        "display-contents",
        "transformed",
        "zoomed",
        "top-layer-modal",
        "shadow-closed",
        "iframe-opaque-origin",
        "table",
        "list",
        "svg",
      ]),
    );
  });

  test(`no pixel a hazard changes is shown, on ${PAGES} pages`, async () => {
    const outcomes: HazardOutcome[] = [];
    for (let i = 0; i < PAGES; i++) outcomes.push(await runner.run(SEED + i));
    console.log(`${summary(outcomes)}\n${runner.replacedTabs} capture tab(s) replaced`);
    // Not vacuous: a good share of the hazards paint inside the trusted bar.
    expect(outcomes.filter((outcome) => outcome.changedInBar > 0).length).toBeGreaterThan(PAGES / 5);
    expect(outcomes.filter((outcome) => outcome.leaked > 0).map((outcome) => `${outcome.leaked} px: ${outcome.page.description}`)).toEqual(
      [],
    );
    // And the check masks nothing for nothing: where the hazard changed no pixel (hidden by its
    // timer at that instant, or painting nothing), no row differed between the two renders.
    const untouched = outcomes.filter((outcome) => outcome.changed === 0);
    expect(untouched.filter((outcome) => outcome.demoted > 0).map((outcome) => outcome.page.description)).toEqual([]);
  });

  test("a page whose every frame takes seconds to paint is refused, and the next page runs in a new tab", async () => {
    // A page written for it, not one drawn from the seed: what else a page holds decides whether
    // the busy paint is slow at all (over a generated page's full-width iframe, seed 423657614,
    // two frames took 54 ms against over 6 s without the iframe), and the test failed on that seed.
    const base = hazardPage("busy paint", "");
    const refused = await runner.runPage({ ...base, html: withBusyPaint(base.oracleHtml) }, [], 0);
    expect(refused.masked).toBeNull();
    // In the same tab, the next navigation would wait out its timeout.
    const next = await runner.runPage({ ...base, html: base.oracleHtml });
    expect(next.masked).not.toBeNull();
    expect(next.changed).toBe(0);
  });

  test("with the differential check switched off, the same kind of pages leak", async () => {
    const outcomes: HazardOutcome[] = [];
    // Placed away from the bar, so that what reaches it is paint beyond the box: what boxes cannot see.
    for (let i = 0; i < ABLATED_MAX_PAGES && !outcomes.some((outcome) => outcome.leaked > 0); i++) {
      outcomes.push(await runner.run(SEED + PAGES + i, ["differential-check"], { offset: true }));
    }
    console.log(`without the check: ${summary(outcomes)}`);
    expect(outcomes.filter((outcome) => outcome.leaked > 0).length).toBeGreaterThan(0);
  });
});
