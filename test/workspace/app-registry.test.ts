import { existsSync } from "node:fs";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { workspaceRuleSet } from "../../src/guard/index.js";
import { WORKSPACE_RULE_FILES, workspaceRulesPath } from "../../src/guard/store/workspace-rules.js";
import {
  APP_CATALOG,
  APP_HOSTS,
  APP_NAMES,
  type AppName,
  appOfHost,
  appOfSlug,
  renderStateText,
  WorkspaceStateSchema,
} from "../../src/scenario/index.js";
import { WORKSPACE_APPS } from "../../src/workspace/apps.js";
import { appPath } from "../../src/workspace/index.js";
import { richScenario } from "./rich-fixture.js";
import { scenario, useWorkspace } from "./workspace-helpers.js";

/**
 * Every app of the registry has each of its parts: a state the schema takes, a slug and (if it
 * has one) a host that lead back to it, pages that answer there, a home tile, a guard rule file
 * that serves its pages, and state text. A new app that misses a part fails here, by name.
 */

/** The least state of each app; `{}` unless the app's schema requires a field. */
const LEAST_STATE: Partial<Record<AppName, unknown>> = { forum: { username: "me" }, mail: { address: "me@example.org" } };

/** Apps whose state the state-grounded text leaves out today (the injection suite runs them in the browser only). */
const WITHOUT_STATE_TEXT: ReadonlySet<AppName> = new Set(["forum", "mail", "terminal"]);

const stateOf = (app: AppName) => WorkspaceStateSchema.parse({ [app]: LEAST_STATE[app] ?? {} });

/** One GET to the workspace's listener with the Host header a mapped browser sends for `host`. */
function getOnHost(origin: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path, headers: { host } }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("the app registry", () => {
  it("defines every app of the scenario's catalog, under its own name, and no other", () => {
    expect(Object.keys(WORKSPACE_APPS).sort()).toEqual([...APP_NAMES].sort());
    expect(Object.keys(APP_CATALOG)).toEqual([...APP_NAMES]);
    for (const app of APP_NAMES) expect(WORKSPACE_APPS[app].name).toBe(app);
  });

  const workspace = useWorkspace();

  describe.each(APP_NAMES)("%s", (app) => {
    const definition = WORKSPACE_APPS[app];
    const entry = APP_CATALOG[app];
    const episode = `registry-${app.replaceAll("_", "-")}`;
    const reset = () => workspace().reset(episode, scenario(richScenario({ id: episode, state: stateOf(app) })));

    it("has a slug and a host that lead back to it", () => {
      expect(appOfSlug(entry.slug)).toBe(app);
      const host: string | undefined = APP_HOSTS[app];
      if (host !== undefined) expect(appOfHost(host)).toBe(app);
    });

    it("answers its home page, on its host when it has one, and shows a tile on the home page", async () => {
      reset();
      const page = await fetch(`${workspace().url}${appPath(episode, app)}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(definition.label);
      const host = APP_HOSTS[app];
      if (host !== undefined) {
        expect(workspace().hostMapping(episode).hosts).toContain(host);
        const onHost = await getOnHost(workspace().url, appPath(episode, app), host);
        expect(onHost.status).toBe(200);
      }
      const home = await (await fetch(workspace().episodeUrl(episode))).text();
      expect(home).toContain(`>${definition.label}</span>`);
      expect(home).toContain(definition.summary(stateOf(app)[app] as never));
    });

    it("has a guard rule file that serves its pages", () => {
      const rules = WORKSPACE_RULE_FILES.find((candidate) => candidate.app === app);
      expect(rules).toBeDefined();
      expect(existsSync(workspaceRulesPath(rules?.file ?? ""))).toBe(true);
      const origin = "http://127.0.0.1:4000";
      expect(workspaceRuleSet(origin, `${origin}${appPath("ep-1", app, "x")}`)?.app).toBe(app);
      const host = APP_HOSTS[app];
      if (host !== undefined) expect(workspaceRuleSet(origin, `http://${host}${appPath("ep-1", app)}`)?.app).toBe(app);
    });

    it(WITHOUT_STATE_TEXT.has(app) ? "has no state text yet (a known gap)" : "renders its state as text", () => {
      expect(renderStateText(stateOf(app)) === "").toBe(WITHOUT_STATE_TEXT.has(app));
    });
  });
});
