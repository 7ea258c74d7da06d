/**
 * Mask integrity on the injection suite's apps (the tracker, the files app, the shop's reviews,
 * sellers, addresses and gift cards): every page template, reached by following links on a
 * fixture whose every user-written field holds a canary (`zq<N>x`), masked in real Chromium
 * with the page's own hand-written rule set at every scroll position. On every view:
 * 1. no row that paints a canary has a single pixel outside F (whatever the workspace's labels say);
 * 2. no row the workspace labels as content is revealed, and every row is labelled;
 * 3. chrome is shown (the mask is not all black), and the rules lint clean and none is dropped.
 * Every canary of the fixture must be painted by some measured row, so check 1 cannot pass by
 * never looking at a field. A rule set that trusts the comments fails check 1.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type BrowserSession, openBrowserSession } from "../../src/browser/index.js";
import { workspaceRuleSet } from "../../src/guard/index.js";
import { startWorkspace, type Workspace } from "../../src/workspace/index.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { injectionAppsScenario } from "../workspace/injection-apps-fixture.js";
import { crawlEpisode, scenario } from "../workspace/workspace-helpers.js";
import { describeRow, isHidden, isLeak, type MeasuredView, measurePage, stateStrings } from "./support/workspace-masking.js";

const EPISODE = "ep-00000000000000c1";
const fixture = scenario(injectionAppsScenario());
const CANARY = /zq\d+x/g;
/** The canaries of the fixture: whole words, so a field's canary is found in any row that paints it. */
const canaries = [...new Set(stateStrings(fixture.state, 1).flatMap((text) => text.match(CANARY) ?? []))];

let browser: Browser | undefined;
let workspace: Workspace | undefined;
let session: BrowserSession | undefined;

beforeAll(async () => {
  [browser, workspace] = await Promise.all([sharedBrowser("workspace"), startWorkspace()]);
  session = await openBrowserSession({ browser, allowedOrigins: [workspace.url] });
  workspace.reset(EPISODE, fixture);
}, 60_000);

afterAll(async () => {
  await session?.close();
  await browser?.close();
  await workspace?.close();
});

function problemsOf(view: MeasuredView): string[] {
  const at = `${new URL(view.url).pathname}${new URL(view.url).search} @${view.scrollY}`;
  const problems: string[] = [];
  for (const issue of view.lint) problems.push(`${at}: lint: ${issue}`);
  if (view.droppedRules.length > 0) problems.push(`${at}: the coverage cap dropped rule(s) ${view.droppedRules.join(", ")}`);
  for (const row of view.rows) {
    if (row.mark === null) problems.push(`${at}: unlabelled row ${describeRow(row)}`);
    if (isLeak(row)) problems.push(`${at}: LEAK ${describeRow(row)}`);
    if (row.unmasked > 0 && /zq\d+x/.test(row.visibleText)) problems.push(`${at}: CANARY SHOWN ${describeRow(row)}`);
  }
  return problems;
}

async function open(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: "load" });
  expect(response?.status(), url).toBeLessThan(500);
}

/** Only the new apps' pages: the messenger the fixture's channel adds is covered by the rich fixture's test. */
function isNewAppPage(path: string): boolean {
  return /^\/e\/[^/]+\/(tracker|files|shop)(\/|\?|$)/.test(path);
}

describe("the injection apps' rule sets hide every user-written field", () => {
  test("no canary is shown on any page template, at any scroll position, while chrome is", async () => {
    const page = session!.page;
    const base = workspace!.url;
    const urls = (await crawlEpisode(workspace!, EPISODE)).filter((entry) => isNewAppPage(entry.url)).map((entry) => `${base}${entry.url}`);
    expect(urls.length).toBeGreaterThan(25);
    const problems: string[] = [];
    const views: MeasuredView[] = [];
    for (const url of urls) {
      await open(page, url);
      const found = workspaceRuleSet(base, page.url());
      expect(found, url).not.toBeNull();
      const measured = await measurePage(page, found!.rules);
      for (const view of measured) problems.push(...problemsOf(view));
      views.push(...measured);
    }
    expect(problems).toEqual([]);
    for (const view of views)
      expect(view.rows.filter((row) => row.mark === "operator" && row.unmasked > 0).length, view.url).toBeGreaterThan(0);

    const painted = views.flatMap((view) => view.rows.map((row) => row.visibleText)).join("\n");
    expect(canaries.filter((canary) => !painted.includes(canary))).toEqual([]);

    const operator = views.flatMap((view) => view.rows).filter((row) => row.mark === "operator");
    console.log(
      `injection apps: ${operator.filter(isHidden).length}/${operator.length} operator rows mostly masked over ${views.length} views of ${urls.length} pages`,
    );
  }, 900_000);

  test("a rule set that trusts the comments shows their canaries", async () => {
    const page = session!.page;
    const url = `${workspace!.url}/e/${EPISODE}/tracker/projects/0/issues/0`;
    await open(page, url);
    const rules = [
      ...workspaceRuleSet(workspace!.url, url)!.rules,
      { ancestor_path: [{ role: "article", class: "comment" }], verdict: "trusted", note: "deliberately bad: the comments of an issue" },
    ];
    const problems = (await measurePage(page, rules)).flatMap(problemsOf);
    expect(problems.some((problem) => problem.includes("CANARY SHOWN") && problem.includes("zq26x"))).toBe(true);
  }, 120_000);

  test("with the user's identity and files declared, their own comment and document are shown and nothing else", async () => {
    const page = session!.page;
    const shown = (views: readonly MeasuredView[], text: string) =>
      views.flatMap((view) => view.rows).filter((row) => row.visibleText.includes(text) && row.unmasked > 0).length;
    const issue = `${workspace!.url}/e/${EPISODE}/tracker/projects/0/issues/0`;
    await open(page, issue);
    const rules = workspaceRuleSet(workspace!.url, issue)!.rules;
    expect(shown(await measurePage(page, rules), "zq28x")).toBe(0);
    const own = await measurePage(page, rules, { guard: { userIdentity: "zq2x" } });
    expect(shown(own, "zq28x")).toBeGreaterThan(0);
    expect(shown(own, "zq26x")).toBe(0);
    // A stranger's name as the identity grants nothing of the user's comment.
    expect(shown(await measurePage(page, rules, { guard: { userIdentity: "zq25x" } }), "zq28x")).toBe(0);

    const root = `${workspace!.url}/e/${EPISODE}/files`;
    await open(page, root);
    const files = await measurePage(page, workspaceRuleSet(workspace!.url, root)!.rules, { guard: { ownedFiles: ["/home/user/zq56x"] } });
    expect(shown(files, "zq56x")).toBeGreaterThan(0);
    expect(files.flatMap((view) => view.rows).filter((row) => isLeak(row) && !row.visibleText.includes("zq56x"))).toEqual([]);
  }, 120_000);
});
