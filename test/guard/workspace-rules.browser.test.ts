/**
 * The workspace's rule sets hide everything a scenario wrote: on every page of the rich fixture
 * (every app, every page reached by a link, a notice, a form error, the pop-up), at every scroll
 * position, in real Chromium, masked with the page's own rule set as the guarded agent finds it:
 * 1. the mask can be built (the capture is aligned, within `buildMaskWithRetries`' attempts);
 * 2. every on-screen row is labelled by the workspace (`data-operator` / `data-content`), and no
 *    row that is not chrome has a pixel outside F — except the values the capacity exception
 *    releases by the guard's design (a price, a date), which are listed;
 * 3. independently of the labels, no revealed row paints a string of the scenario's state;
 * 4. the rule set lints clean against the page (no class fragment matches two class tokens) and
 *    the coverage cap drops none of its rules.
 * A deliberately bad rule set (one rule trusting the messages of a thread) must fail check 2.
 * The share of chrome the mask hides is printed (bench/guard-workspace-masking.ts measures it over
 * the built-in pack).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type BrowserSession, openBrowserSession } from "../../src/browser/index.js";
import { workspaceRuleSet } from "../../src/guard/index.js";
import { ownedFilesOf } from "../../src/runner/index.js";
import { APP_ROUTES, startWorkspace, type Workspace } from "../../src/workspace/index.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { richScenario } from "../workspace/rich-fixture.js";
import { crawlEpisode, scenario } from "../workspace/workspace-helpers.js";
import {
  describeRow,
  isCapacityRelease,
  isHidden,
  isLeak,
  type MeasuredView,
  measurePage,
  stateStrings,
} from "./support/workspace-masking.js";

const EPISODE = "ep-0123456789abcdef";
const POPUP_EPISODE = "ep-00000000000000ff";
const fixture = scenario(richScenario());
const markers = stateStrings(fixture.state);

let browser: Browser | undefined;
let workspace: Workspace | undefined;
let session: BrowserSession | undefined;
const overMasking: string[] = [];

beforeAll(async () => {
  [browser, workspace] = await Promise.all([sharedBrowser("workspace"), startWorkspace()]);
  session = await openBrowserSession({ browser, allowedOrigins: [workspace.url] });
  workspace.reset(EPISODE, fixture);
  workspace.reset(POPUP_EPISODE, fixture, { popup: true });
}, 60_000);

afterAll(async () => {
  if (overMasking.length > 0) console.log(`workspace chrome hidden by the mask (rich fixture):\n${overMasking.join("\n")}`);
  await session?.close();
  await browser?.close();
  await workspace?.close();
});

/** The app a workspace path belongs to, from the URL alone (the expectation the lookup is checked against). */
function appOfPath(path: string): string | undefined {
  const slug = /^\/e\/[^/]+\/([^/?]*)/.exec(path)?.[1] ?? "";
  return slug === "" ? "home" : Object.entries(APP_ROUTES).find(([, route]) => route.slug === slug)?.[0];
}

/** Everything wrong with one masked view; [] when it keeps every promise of this file. */
function problemsOf(view: MeasuredView): string[] {
  const at = `${new URL(view.url).pathname}${new URL(view.url).search} @${view.scrollY}`;
  const problems: string[] = [];
  for (const issue of view.lint) problems.push(`${at}: lint: ${issue}`);
  if (view.droppedRules.length > 0) problems.push(`${at}: the coverage cap dropped rule(s) ${view.droppedRules.join(", ")}`);
  for (const row of view.rows) {
    if (row.mark === null) problems.push(`${at}: unlabelled row ${describeRow(row)}`);
    if (isLeak(row)) problems.push(`${at}: LEAK ${describeRow(row)}`);
    if (row.unmasked > 0 && !isCapacityRelease(row)) {
      const marker = markers.find((text) => row.visibleText.includes(text));
      if (marker !== undefined) problems.push(`${at}: a revealed row paints state text ${JSON.stringify(marker)}: ${describeRow(row)}`);
    }
  }
  return problems;
}

async function open(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: "load" });
  expect(response?.status(), url).toBeLessThan(500);
}

describe("the workspace's rule sets on the rich fixture", () => {
  test("hide every row a scenario wrote on every page, while masks build on every page", async () => {
    const page = session!.page;
    const base = workspace!.url;
    const crawled = (await crawlEpisode(workspace!, EPISODE)).map((entry) => `${base}${entry.url}`);
    expect(crawled.length).toBeGreaterThan(25);
    // Pages no link reaches: a notice, the pop-up.
    const urls = [...crawled, `${base}/e/${EPISODE}/messenger?notice=sent`, workspace!.episodeUrl(POPUP_EPISODE)];

    const problems: string[] = [];
    const views: MeasuredView[] = [];
    const measure = async (url: string) => {
      const found = workspaceRuleSet(base, url);
      expect(found?.app, url).toBe(appOfPath(new URL(url).pathname));
      const measured = await measurePage(page, found!.rules);
      for (const view of measured) problems.push(...problemsOf(view));
      views.push(...measured);
    };
    for (const url of urls) {
      await open(page, url);
      await measure(page.url());
    }
    // A form error, as a browser gets it: sending an empty message in a thread without a draft.
    await open(page, `${base}/e/${EPISODE}/messenger/threads/1`);
    await Promise.all([page.waitForURL(/\/send$/), page.getByRole("button", { name: "Send", exact: true }).click()]);
    expect(await page.locator("#page-error").count()).toBe(1);
    await measure(page.url());

    expect(problems).toEqual([]);
    expect(views.length).toBeGreaterThan(urls.length);
    // The masks are not all black: chrome is shown on every view.
    for (const view of views)
      expect(view.rows.filter((row) => row.mark === "operator" && row.unmasked > 0).length, view.url).toBeGreaterThan(0);

    const operator = views.flatMap((view) => view.rows).filter((row) => row.mark === "operator");
    const released = views.flatMap((view) => view.rows).filter(isCapacityRelease);
    overMasking.push(
      `  ${operator.filter(isHidden).length}/${operator.length} operator rows mostly masked over ${views.length} views of ${urls.length + 1} pages; ` +
        `content rows released by the capacity exception: ${released.length} (${[...new Set(released.map((row) => JSON.stringify(row.visibleText.trim())))].join(", ")}); ` +
        `masked by the differential check: ${views.reduce((sum, view) => sum + view.differential.length, 0)}${views
          .flatMap((view) => view.differential.map((entry) => `\n    ${view.url}: ${entry.row} ← ${entry.causes.join("; ")}`))
          .join("")}`,
    );
  }, 900_000);

  test("shows the names of the user's own files in the mail's file listings, and no received file's name", async () => {
    // Compose also lists the terminal's home: a seeded own file, a seeded download, and a received
    // attachment the test saves to ~/Downloads first.
    const OWNED_EPISODE = "ep-00000000000000aa";
    // The shared test envelope; only the mail state matters here.
    const mailScenario = scenario(
      fixtureScenario({
        id: "owned-files",
        state: {
          mail: {
            address: "me@brightpath.example",
            documents: [{ name: "own-report.pdf", content: "mine" }],
            inbox: [
              {
                from_address: "ola@elsewhere.example",
                subject: "Notes",
                body: "Attached.",
                attachments: [{ name: "their-notes.pdf", content: "theirs" }],
              },
            ],
          },
          terminal: {
            files: {
              "~/Documents/own-cv.txt": { content: "my CV" },
              "~/Downloads/their-setup.sh": { content: "echo hi", owner: "received" },
            },
          },
        },
      }),
    );
    workspace!.reset(OWNED_EPISODE, mailScenario);
    const owned = ownedFilesOf(mailScenario.state);
    expect(owned).toContain("own-report.pdf");
    expect(owned).toContain("/home/alex/Documents/own-cv.txt");
    expect(owned.filter((path) => /their-/.test(path))).toEqual([]);
    const saved = await fetch(`${workspace!.url}/e/${OWNED_EPISODE}/mail/inbox/0/attachments/0/save`, {
      method: "POST",
      body: new URLSearchParams({ expect: "their-notes.pdf" }),
      redirect: "manual",
    });
    expect(saved.status).toBe(303);
    const page = session!.page;
    for (const path of ["mail/compose?forward=0", "mail/documents"]) {
      await open(page, `${workspace!.url}/e/${OWNED_EPISODE}/${path}`);
      const rules = workspaceRuleSet(workspace!.url, page.url())!.rules;
      const shown = async (ownedFiles: readonly string[]) => {
        const [view] = await measurePage(page, rules, { allPositions: false, guard: { ownedFiles } });
        const rows = (name: string) => view!.rows.filter((candidate) => candidate.visibleText.trim() === name);
        return {
          own: rows("own-report.pdf")[0],
          ownHome: rows("own-cv.txt")[0],
          received: [...rows("their-notes.pdf"), ...rows("their-setup.sh")],
        };
      };
      const withOwned = await shown(owned);
      expect(withOwned.own, path).toMatchObject({ source: "file" });
      expect(withOwned.own!.unmasked, path).toBeGreaterThan(0);
      if (path.startsWith("mail/compose")) {
        expect(withOwned.ownHome, path).toMatchObject({ source: "file" });
        expect(withOwned.ownHome!.unmasked, path).toBeGreaterThan(0);
        // The forwarded attachment, its download and the seeded download: three rows, none shown.
        expect(
          withOwned.received.map((row) => row.unmasked),
          path,
        ).toEqual([0, 0, 0]);
      }
      // Without owned files the rules are inert: the name is content, masked like any other.
      expect((await shown([])).own!.unmasked, path).toBe(0);
    }
  }, 120_000);

  test("a rule set that trusts a content container fails the same check", async () => {
    const page = session!.page;
    const url = `${workspace!.url}/e/${EPISODE}/messenger/threads/0`;
    await open(page, url);
    const rules = [
      ...workspaceRuleSet(workspace!.url, url)!.rules,
      { ancestor_path: [{ role: "listitem", class: "message" }], verdict: "trusted", note: "deliberately bad: the messages of a thread" },
    ];
    const problems = (await measurePage(page, rules)).flatMap(problemsOf);
    // (The echo check still hides the first message: its words recur in the untrusted draft.)
    expect(problems.some((problem) => problem.includes("LEAK") && problem.includes("msg-text-charlie"))).toBe(true);
    expect(problems.some((problem) => problem.includes('paints state text "msg-text-bravo: on it"'))).toBe(true);
  }, 120_000);
});
