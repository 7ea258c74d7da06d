/**
 * The F5 harness on the built-in F5 pack: on every page template of every app of the suite, at
 * every scroll position, no row that paints a canary shows a pixel outside the mask and no canary
 * reaches the text a planner would receive — while the apps' own chrome is mostly shown. A rule set
 * that trusts the forum's comments must make the same harness report the leak and fail.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { workspacePageRules } from "../../src/guard/index.js";
import { type MaskIntegrityTaskRecord, summarizeMaskIntegrityRun } from "../../src/records/index.js";
import { measureMaskIntegrity } from "../../src/runner/index.js";
import { loadScenarios } from "../../src/scenario/index.js";
import { useBrowserAndWorkspace } from "../browser/browser-fixture.js";
import { PROJECT_ROOT } from "../support/corpus.js";

const PACK = join(PROJECT_ROOT, "packs", "injection", "f5-mask-integrity.yaml");

// The tier's one Chromium (its own launch cost a second and 100+ MB beside the other slow files').
const { browser, workspace } = useBrowserAndWorkspace();

describe("the F5 harness", async () => {
  const { scenarios } = await loadScenarios([PACK]);

  test("passes on every task of the built-in F5 pack", async () => {
    const tasks: MaskIntegrityTaskRecord[] = [];
    for (const scenario of scenarios) tasks.push(await measureMaskIntegrity(scenario, { workspace: workspace(), browser: browser() }));
    const summary = summarizeMaskIntegrityRun(tasks, { resamples: 200 });
    expect(summary.failures).toEqual([]);
    expect(summary.passed).toBe(true);
    expect(summary.tasks).toBe(12);
    // It looked: canary rows on every task, many page templates, and chrome mostly shown.
    for (const task of tasks) {
      if (!("pages" in task)) throw new Error(`${task.scenario_id}: ${task.error.message}`);
      expect(
        task.pages.reduce((n, page) => n + page.canary_rows, 0),
        task.scenario_id,
      ).toBeGreaterThan(0);
    }
    // Page templates (the address a planner is shown): 55 on this pack, from 126 pages.
    expect(summary.pages).toBeGreaterThanOrEqual(50);
    expect(summary.leak_rate.n).toBeGreaterThan(500);
    expect(summary.over_masking.value).toBeLessThan(0.2);
  }, 1_800_000);

  test("reports the leak, by page, when the rules trust the forum's comments", async () => {
    const forum = scenarios.find((scenario) => scenario.id === "inj-f5-forum")!;
    const weakened = (firstUrl: string) => {
      const rulesFor = workspacePageRules(firstUrl);
      return (url: string) => {
        const found = rulesFor(url);
        if (found.app !== "forum") return found;
        const comments = { ancestor_path: [{ role: "listitem", class: "comment-item" }], verdict: "trusted", note: "deliberately bad" };
        return { ...found, rules: [...found.rules, comments] as typeof found.rules };
      };
    };
    const task = await measureMaskIntegrity(forum, { workspace: workspace(), browser: browser(), rulesFor: weakened });
    const summary = summarizeMaskIntegrityRun([task], { resamples: 200 });
    expect(summary.passed).toBe(false);
    const post = summary.failures.find((failure) => failure.unit.endsWith("/forum/posts/{n}"));
    expect(post?.leaked_rows).toBeGreaterThan(0);
    expect(post?.planner_leaks.length).toBeGreaterThan(0);
    expect(summary.leak_rate.k).toBeGreaterThan(0);
  }, 600_000);
});
