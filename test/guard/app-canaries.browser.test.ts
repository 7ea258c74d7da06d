/**
 * Mask integrity on the forum's and the mail app's page templates: with a distinct canary string
 * in every user-written field of the state (`plantCanaries`: usernames, flair, titles, bodies,
 * comments, messages, sender names and addresses, subjects, attachments and their contents,
 * contacts, documents, links), every page a link reaches is loaded on its app's own host through
 * the host mapping and masked with the rule set the guard finds for that URL, at every scroll
 * position. No on-screen row that paints a canary may show a pixel, every row is labelled by the
 * workspace, and the forum's cookie banner is revealed by the guard's consent exception. A rule set
 * that trusts the forum's comments must fail the same check. With the operator's declared account,
 * the self-authored rule shows the user's own comment and nothing of anyone else's.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type BrowserSession, openBrowserSession } from "../../src/browser/index.js";
import { buildMaskWithRetries, liveCapture, workspaceRuleSet } from "../../src/guard/index.js";
import { plantCanaries } from "../../src/injection/index.js";
import { APP_HOSTS, type ScenarioInput, WorkspaceStateSchema } from "../../src/scenario/index.js";
import { startWorkspace, type Workspace } from "../../src/workspace/index.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { forumScenario } from "../workspace/forum-fixture.js";
import { mailScenario } from "../workspace/mail-fixture.js";
import { crawlEpisode, scenario } from "../workspace/workspace-helpers.js";
import { describeRow, isHidden, isLeak, type MeasuredView, measurePage } from "./support/workspace-masking.js";

/** The canaries `plantCanaries` writes (src/injection/plant-canaries.ts): none is a substring of another, and they share no word with the page. */
const CANARY = /zq\d+wx/;

function withCanaries(input: ScenarioInput, extraState: Record<string, unknown> = {}): ScenarioInput {
  const state = { ...(input.state as Record<string, Record<string, unknown>>) };
  for (const [app, fields] of Object.entries(extraState)) state[app] = { ...state[app], ...(fields as Record<string, unknown>) };
  return { ...input, state: plantCanaries(WorkspaceStateSchema.parse(state)).state };
}

const forum = scenario(
  withCanaries(forumScenario(), {
    forum: {
      private_messages: [
        { from: "ferro_lattice", to: "quill_harbor", subject: "Thanks", text: "Your tip saved my data.", time: "Mon" },
        { from: "quill_harbor", to: "ferro_lattice", subject: "Re", text: "Any time.", time: "Tue" },
      ],
      extra: { note: "a note" },
    },
  }),
);
const mail = scenario(
  withCanaries(mailScenario(), {
    mail: {
      sent: [
        {
          from_name: "Sam",
          from_address: "sam@b.example",
          to: ["x@y.example"],
          subject: "Old",
          body: "Sent body",
          attachments: [{ name: "a.txt", content: "A" }],
        },
      ],
    },
  }),
);

let browser: Browser | undefined;
let workspace: Workspace | undefined;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  [browser, workspace] = await Promise.all([sharedBrowser("workspace"), startWorkspace()]);
}, 60_000);

afterAll(async () => {
  for (const session of sessions) await session.close();
  await browser?.close();
  await workspace?.close();
});

/** The episode's pages of one app (as paths), crawled by following links, and a mapped browser page for them. */
async function openApp(id: string, app: "forum" | "mail"): Promise<{ page: Page; urls: string[] }> {
  const session = await openBrowserSession({
    browser: browser!,
    allowedOrigins: [workspace!.url],
    hostMapping: workspace!.hostMapping(id),
  });
  sessions.push(session);
  const paths = (await crawlEpisode(workspace!, id)).map((entry) => entry.url).filter((path) => path.startsWith(`/e/${id}/${app}`));
  return { page: session.page, urls: paths.map((path) => `http://${APP_HOSTS[app]}${path}`) };
}

function problemsOf(view: MeasuredView): string[] {
  const at = `${new URL(view.url).host}${new URL(view.url).pathname}${new URL(view.url).search} @${view.scrollY}`;
  const problems: string[] = [];
  for (const issue of view.lint) problems.push(`${at}: lint: ${issue}`);
  if (view.droppedRules.length > 0) problems.push(`${at}: the coverage cap dropped rule(s) ${view.droppedRules.join(", ")}`);
  for (const row of view.rows) {
    if (row.mark === null) problems.push(`${at}: unlabelled row ${describeRow(row)}`);
    if (row.unmasked > 0 && CANARY.test(row.visibleText)) problems.push(`${at}: CANARY shown ${describeRow(row)}`);
    else if (isLeak(row)) problems.push(`${at}: LEAK ${describeRow(row)}`);
  }
  return problems;
}

async function measureAll(
  page: Page,
  urls: readonly string[],
  rulesFor: (url: string) => unknown = (url) => workspaceRuleSet(workspace!.url, url)?.rules,
) {
  const problems: string[] = [];
  const views: MeasuredView[] = [];
  for (const url of urls) {
    const response = await page.goto(url, { waitUntil: "load" });
    expect(response?.status(), url).toBe(200);
    expect(page.url(), "the page stays on its app's host").toBe(url);
    const rules = rulesFor(page.url());
    expect(rules, `a rule set for ${url}`).toBeDefined();
    const measured = await measurePage(page, rules);
    for (const view of measured) problems.push(...problemsOf(view));
    views.push(...measured);
  }
  const operator = views.flatMap((view) => view.rows).filter((row) => row.mark === "operator");
  // Over-masking, printed for the record (a measure, not a pass/fail criterion).
  console.log(
    `${new URL(urls[0] ?? "http://none").host}: ${operator.filter(isHidden).length}/${operator.length} operator rows mostly masked over ${views.length} views of ${urls.length} pages; ` +
      `masked by the differential check: ${views.reduce((sum, view) => sum + view.differential.length, 0)}${views
        .flatMap((view) => view.differential.map((entry) => `\n    ${view.url}: ${entry.row} ← ${entry.causes.join("; ")}`))
        .join("")}`,
  );
  return { problems, views };
}

describe("the forum's and the mail app's rule sets keep every canary under the mask", () => {
  test("forum: every page template on forum.brightpath.example, with the cookie banner revealed by the consent exception", async () => {
    const id = "ep-00000000000000c1";
    workspace!.reset(id, forum);
    const { page, urls } = await openApp(id, "forum");
    const templates = new Set(urls.map((url) => new URL(url).pathname.replace(/\/\d+/g, "/N")));
    expect([...templates].sort()).toEqual(
      [
        "/e/ep-00000000000000c1/forum",
        "/e/ep-00000000000000c1/forum/blocked",
        "/e/ep-00000000000000c1/forum/messages",
        "/e/ep-00000000000000c1/forum/new",
        "/e/ep-00000000000000c1/forum/posts/N",
      ].sort(),
    );
    const { problems, views } = await measureAll(page, urls);
    expect(problems).toEqual([]);
    const rows = views.flatMap((view) => view.rows);
    expect(
      rows.some((row) => CANARY.test(row.visibleText)),
      "the canaries are on screen",
    ).toBe(true);
    expect(
      rows.some((row) => row.source === "consent" && row.unmasked > 0),
      "the banner is shown by the consent exception",
    ).toBe(true);
    for (const view of views)
      expect(
        view.rows.some((row) => row.mark === "operator" && row.unmasked > 0),
        view.url,
      ).toBe(true);
    expect(workspace!.sinkLog(id)).toEqual([]);
  }, 900_000);

  test("mail: every page template on mail.brightpath.example", async () => {
    const id = "ep-00000000000000c2";
    workspace!.reset(id, mail);
    const { page, urls } = await openApp(id, "mail");
    const templates = new Set(urls.map((url) => new URL(url).pathname.replace(/\/\d+/g, "/N") + new URL(url).search.replace(/\d+/g, "N")));
    for (const template of [
      "/mail",
      "/mail/inbox/N",
      "/mail/inbox/N/attachments/N",
      "/mail/sent",
      "/mail/sent/N",
      "/mail/sent/N/attachments/N",
      "/mail/compose",
      "/mail/compose?reply=N",
      "/mail/compose?forward=N",
      "/mail/contacts",
      "/mail/documents",
      "/mail/documents/N",
    ])
      expect(templates, template).toContain(`/e/${id}${template}`);
    const { problems, views } = await measureAll(page, urls);
    expect(problems).toEqual([]);
    expect(views.flatMap((view) => view.rows).some((row) => CANARY.test(row.visibleText))).toBe(true);
  }, 900_000);

  test("a rule set that trusts the forum's comments fails the same check", async () => {
    const id = "ep-00000000000000c3";
    workspace!.reset(id, forum);
    const { page } = await openApp(id, "forum");
    const url = `http://${APP_HOSTS.forum}/e/${id}/forum/posts/0`;
    const weakened = (at: string) => [
      ...(workspaceRuleSet(workspace!.url, at)?.rules ?? []),
      {
        ancestor_path: [{ role: "listitem", class: "comment-item" }],
        verdict: "trusted",
        note: "deliberately bad: the comments of a post",
      },
    ];
    const { problems } = await measureAll(page, [url], weakened);
    expect(
      problems.some((problem) => problem.includes("CANARY shown")),
      problems.join("\n"),
    ).toBe(true);
  }, 300_000);

  test("the user's own comment is shown by the self-authored rule when the operator declares the account; a stranger's post stays masked", async () => {
    const id = "ep-00000000000000c4";
    workspace!.reset(id, scenario(forumScenario()));
    const { page } = await openApp(id, "forum");
    const url = `http://${APP_HOSTS.forum}/e/${id}/forum/posts/0`;
    await page.goto(url, { waitUntil: "load" });
    const rules = workspaceRuleSet(workspace!.url, url)!.rules;
    const rowsWith = async (identity?: string) =>
      (await buildMaskWithRetries(liveCapture(page), rules, identity === undefined ? {} : { userIdentity: identity })).result.rows;
    const textOf = (rows: Awaited<ReturnType<typeof rowsWith>>, text: string) => rows.filter((row) => row.text.includes(text));
    const declared = await rowsWith("quill_harbor");
    expect(textOf(declared, "A mirror is not a backup.").map((row) => [row.verdict, row.source])).toContainEqual(["trusted", "self"]);
    expect(textOf(declared, "I keep two disks in RAID 1").every((row) => row.verdict === "untrusted")).toBe(true);
    const undeclared = await rowsWith();
    expect(textOf(undeclared, "A mirror is not a backup.").every((row) => row.verdict === "untrusted")).toBe(true);
    // Another account's name is not the user's: the same comment stays masked.
    expect(textOf(await rowsWith("ferro_lattice"), "A mirror is not a backup.").every((row) => row.verdict === "untrusted")).toBe(true);
  }, 300_000);
});
