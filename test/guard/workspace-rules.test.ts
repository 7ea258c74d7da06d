import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lintRuleSet, parseRuleSet, type Rule, workspaceRuleSet, workspaceRuleStore } from "../../src/guard/index.js";
import { isPathRule } from "../../src/guard/rules/rule.js";
import { WORKSPACE_RULE_FILES, workspaceRulesPath } from "../../src/guard/store/workspace-rules.js";
import { APP_NAMES } from "../../src/scenario/index.js";
import { APP_ROUTES } from "../../src/workspace/index.js";
import { forumScenario } from "../workspace/forum-fixture.js";
import { injectionAppsScenario } from "../workspace/injection-apps-fixture.js";
import { mailScenario } from "../workspace/mail-fixture.js";
import { richScenario } from "../workspace/rich-fixture.js";
import { crawlEpisode, getPage, postForm, scenario, useWorkspace } from "../workspace/workspace-helpers.js";

const files = readdirSync(workspaceRulesPath("")).filter((name) => name.endsWith(".json"));
const rulesOf = (file: string): Rule[] => parseRuleSet(JSON.parse(readFileSync(workspaceRulesPath(file), "utf8")), file) as Rule[];

describe("the workspace's rule files", () => {
  it("are one per app plus the home page, each named by the loader", () => {
    expect(files.sort()).toEqual(WORKSPACE_RULE_FILES.map((entry) => entry.file).sort());
    expect(WORKSPACE_RULE_FILES.map((entry) => entry.app).sort()).toEqual([...APP_NAMES, "home"].sort());
  });

  it.each(files)("%s parses and lints without errors or warnings", (file) => {
    expect(lintRuleSet(rulesOf(file))).toEqual([]);
  });

  it("never name the measurement marks (rules name roles, ids and classes only)", () => {
    for (const file of files) expect(readFileSync(workspaceRulesPath(file), "utf8")).not.toMatch(/data-(operator|content)/);
  });

  it("share the layout's chrome rules word for word, so no app's copy drifts", () => {
    const home = rulesOf("home.json");
    const common = home.filter((rule) => !["apps-intro", "app-tiles"].some((id) => JSON.stringify(rule).includes(id)));
    for (const file of files) expect(rulesOf(file).slice(0, common.length), file).toEqual(common);
  });
});

describe("looking up a workspace page's rule set", () => {
  const origin = "http://127.0.0.1:41234";

  it.each([
    ["/e/ep-0123456789abcdef/", "home", "template"],
    ["/e/browser-test-1/?notice=saved", "home", "template"],
    ["/e/ep-0123456789abcdef/messenger", "messenger", "prefix"],
    ["/e/x/messenger/threads/12?notice=sent", "messenger", "prefix"],
    ["/e/x/calendar/events/3", "calendar", "prefix"],
    ["/e/x/todo/items/0", "todo", "prefix"],
    ["/e/x/maps/share?what=place-1", "maps", "prefix"],
    ["/e/x/code/files/2/share", "code_editor", "prefix"],
    ["/e/a%2Fb/code/new", "code_editor", "prefix"],
    ["/e/x/shop/checkout", "shop", "prefix"],
    ["/e/x/forum/posts/0", "forum", "prefix"],
    ["/e/x/mail/inbox/2/attachments/0", "mail", "prefix"],
    ["/e/x/tracker/projects/0/branches/1/files/2", "tracker", "prefix"],
    ["/e/x/files/documents/3?notice=saved", "files", "prefix"],
  ])("%s → %s (by %s)", (path, app, via) => {
    expect(workspaceRuleSet(origin, `${origin}${path}`)).toMatchObject({ app, via });
  });

  it("finds nothing on another origin or a path no app serves", () => {
    expect(workspaceRuleSet(origin, "http://127.0.0.1:41235/e/x/messenger")).toBeNull();
    expect(workspaceRuleSet(origin, "https://example.com/e/x/messenger")).toBeNull();
    expect(workspaceRuleSet(origin, `${origin}/e/x/popup/dismiss`)).toBeNull();
    expect(workspaceRuleSet(origin, `${origin}/e/x/messengers`)).toBeNull();
  });

  it("finds an app's set on its own host too, and only that app's", () => {
    expect(workspaceRuleSet(origin, "http://forum.brightpath.example/e/x/forum/posts/3")).toMatchObject({ app: "forum", via: "prefix" });
    expect(workspaceRuleSet(origin, "http://mail.brightpath.example/e/x/mail/compose")).toMatchObject({ app: "mail", via: "prefix" });
    expect(workspaceRuleSet(origin, "http://forum.brightpath.example/e/x/mail")).toBeNull();
    expect(workspaceRuleSet(origin, "http://forum.brightpath.example/e/x/")).toBeNull();
    expect(workspaceRuleSet(origin, "http://shop.brightpath.example/e/x/shop")).toBeNull();
  });

  it("covers every app's URL slug", () => {
    const store = workspaceRuleStore(origin);
    for (const [app, route] of Object.entries(APP_ROUTES))
      expect(store.lookup(`${origin}/e/x/${route.slug}`)?.entry.rules, app).toEqual(
        workspaceRuleSet(origin, `${origin}/e/x/${route.slug}`)?.rules,
      );
  });

  describe("on the running workspace", () => {
    const workspace = useWorkspace();

    it("resolves every page a person can reach to the rule set of its app, and every id and class the rules name is on some page", async () => {
      workspace().reset("ep-00000000000000aa", scenario(richScenario()));
      // The tracker and the files app are not in the rich fixture: their pages come from their own.
      workspace().reset("ep-00000000000000bb", scenario(injectionAppsScenario()));
      const pages = [
        ...(await crawlEpisode(workspace(), "ep-00000000000000aa")),
        ...(await crawlEpisode(workspace(), "ep-00000000000000bb")),
      ];
      expect(pages.length).toBeGreaterThan(50);
      for (const page of pages) {
        const app = /^\/e\/[^/]+\/([^/?]*)/.exec(page.url)?.[1] ?? "";
        const expected = app === "" ? "home" : Object.entries(APP_ROUTES).find(([, route]) => route.slug === app)?.[0];
        expect(workspaceRuleSet(workspace().url, `${workspace().url}${page.url}`)?.app, page.url).toBe(expected);
      }
      // Notices, form errors and the pop-up appear only after an action or with a pop-up episode.
      const base = workspace().episodeUrl("ep-00000000000000aa");
      workspace().reset("with-popup", scenario(richScenario()), { popup: true });
      const extra = [
        (await getPage(`${base}messenger?notice=sent`)).html,
        (await postForm(`${base}messenger/new`, { to: "", text: "" })).html,
        (await getPage(workspace().episodeUrl("with-popup"))).html,
      ];
      // The forum and the mail app are not in the rich fixture: their own fixtures show their chrome.
      for (const [id, input] of [
        ["ep-00000000000000ab", forumScenario()],
        ["ep-00000000000000ac", mailScenario()],
      ] as const) {
        workspace().reset(id, scenario(input));
        for (const page of await crawlEpisode(workspace(), id)) {
          expect(workspaceRuleSet(workspace().url, `${workspace().url}${page.url}`)?.app, page.url).toBeDefined();
          extra.push(page.html);
        }
      }
      const markup = [...pages.map((page) => page.html), ...extra].join("\n");
      for (const file of files) {
        for (const rule of rulesOf(file).filter(isPathRule)) {
          for (const identifier of rule.ancestor_path) {
            if (identifier.id !== undefined) expect(markup, `${file}: id ${identifier.id}`).toContain(`id="${identifier.id}"`);
            if (identifier.class !== undefined)
              expect(markup, `${file}: class ${identifier.class}`).toMatch(new RegExp(`class="[^"]*\\b${identifier.class}\\b`));
          }
        }
      }
    });
  });
});
