import { readFileSync } from "node:fs";
import { InputError, packagePath, parseJsonText } from "../../core/index.js";
import { APP_HOSTS, APP_NAMES, APP_SLUGS, type AppName } from "../../scenario/index.js";
import { parseRuleSet } from "../rules/parse-rule-set.js";
import type { RuleSet } from "../rules/rule.js";
import { normaliseHost } from "./normalise-host.js";
import { type LookupStep, type RuleSetMatch, RuleStore } from "./rule-store.js";
import type { TemplateConfig } from "./url-template.js";

/**
 * The guard's rule sets for the pages of safecua's own workspace (src/workspace/), shipped as data
 * in `rules/workspace/`: one rule list per app plus the home page. Each trusts only the chrome the
 * workspace writes (navigation, the clock, fixed headings and labels, buttons, hints, counts),
 * named by the stable ids and classes the workspace gives it; everything a scenario's state puts
 * on a page stays masked. The workspace is one operator with the same structure on every page of
 * an app, so one set serves all of an app's pages (the case in which one set
 * may serve several screens of a site); the sets of different apps are never merged.
 *
 * Every workspace page lives under `/e/<episode>/<app>/…` whatever the port and the episode id
 * (`ep-<16 hex>` in runs, any slug in tests), so the scope's template makes segment 1 the
 * `{episode}` placeholder, and each app's set is stored under the path prefix
 * `/e/{episode}/<app>`, matched against the page's template: `/e/ep-…/messenger/threads/3` finds
 * the messenger set by prefix, `/e/ep-…/` the home set by template.
 */

/**
 * Which file serves which pages: the home page by template, each app of the scenario's
 * `APP_CATALOG` by its slug's URL prefix, from its own `<app>.json` (`code_editor` → `code-editor.json`).
 * A new app has no set until its file is written, and `workspaceRuleStore` then fails as a broken install.
 */
export const WORKSPACE_RULE_FILES: ReadonlyArray<{ app: AppName | "home"; file: string; match: RuleSetMatch }> = [
  { app: "home", file: "home.json", match: { kind: "template", template: "/e/{episode}/" } },
  ...APP_NAMES.map((app) => ({
    app,
    file: `${app.replaceAll("_", "-")}.json`,
    match: { kind: "prefix", prefix: `/e/{episode}/${APP_SLUGS[app]}` } as const,
  })),
];

/** The workspace's URL template: the episode id is always segment 1. */
export const WORKSPACE_TEMPLATE: TemplateConfig = { placeholders: [{ position: 1, name: "episode" }] };

/** `rules/workspace/<file>` in the installed package. */
export function workspaceRulesPath(file: string): string {
  return packagePath("rules", "workspace", file);
}

const parsed = new Map<string, RuleSet>();

/** A shipped rule file, read and validated once; a missing or invalid file is a broken install (InputError). */
function ruleFile(file: string): RuleSet {
  let rules = parsed.get(file);
  if (rules === undefined) {
    const path = workspaceRulesPath(file);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new InputError(`cannot read the workspace rule file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, {
        file: path,
      });
    }
    rules = parseRuleSet(parseJsonText(text, path), path);
    parsed.set(file, rules);
  }
  return rules;
}

/**
 * Stores one workspace rule list (`file` names which page it serves: `home.json`, `mail.json`, …)
 * for the workspace served at `origin`, as `workspaceRuleStore` does for the shipped files; false
 * when `file` is none of the workspace's. An app with a fictional host (`APP_HOSTS`) is served there
 * in a mapped browser and on the workspace's origin otherwise, so its set is stored under both
 * scopes, and only its own set under its host: the forum's host has no messenger pages.
 */
export function addWorkspaceRuleList(store: RuleStore, origin: string, file: string, rules: unknown): boolean {
  const placed = WORKSPACE_RULE_FILES.find((entry) => entry.file === file);
  if (placed === undefined) return false;
  const scope = normaliseHost(origin);
  if (scope === null) throw new InputError(`workspace origin ${JSON.stringify(origin)} is not a URL`);
  const host = placed.app === "home" ? undefined : APP_HOSTS[placed.app];
  for (const where of host === undefined ? [scope] : [scope, host]) {
    store.configureScope(where, WORKSPACE_TEMPLATE);
    store.add(where, placed.match, rules);
  }
  return true;
}

/** A RuleStore holding the shipped workspace rule sets for the workspace served at `origin` (any port). */
export function workspaceRuleStore(origin: string): RuleStore {
  const store = new RuleStore();
  for (const { file } of WORKSPACE_RULE_FILES) addWorkspaceRuleList(store, origin, file, ruleFile(file));
  return store;
}

export interface WorkspaceRuleSet {
  app: AppName | "home";
  rules: RuleSet;
  /** Which lookup step found it (template for the home page, prefix for an app's pages). */
  via: LookupStep;
}

const stores = new Map<string, RuleStore>();

/**
 * The rule set of a page of the workspace served at `workspaceOrigin` (or of an app on its own
 * host); null for a page of another origin or a path no app serves there (the caller masks such a
 * page whole).
 */
export function workspaceRuleSet(workspaceOrigin: string, pageUrl: string): WorkspaceRuleSet | null {
  const scope = normaliseHost(workspaceOrigin);
  if (scope === null) throw new InputError(`workspace origin ${JSON.stringify(workspaceOrigin)} is not a URL`);
  let store = stores.get(scope);
  if (store === undefined) {
    store = workspaceRuleStore(workspaceOrigin);
    stores.set(scope, store);
  }
  const found = store.lookup(pageUrl);
  if (found === null) return null;
  const key = JSON.stringify(found.entry.match);
  const app = WORKSPACE_RULE_FILES.find((entry) => JSON.stringify(entry.match) === key)?.app;
  return app === undefined ? null : { app, rules: found.entry.rules, via: found.via };
}
