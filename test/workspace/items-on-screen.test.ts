import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BUILTIN_PACK_DIR,
  contentWords,
  loadScenarios,
  normaliseText,
  type Scenario,
  stateLeafStrings,
  wordsPresent,
} from "../../src/scenario/index.js";
import type { Workspace } from "../../src/workspace/index.js";
import { CORPUS_DIR, CORPUS_SKIP_REASON, HAS_CORPUS } from "../support/corpus.js";
import { collapse, crawlEpisode, useWorkspace } from "./workspace-helpers.js";

interface Coverage {
  checked: number;
  missing: string[];
}

/**
 * Every must-share and must-not-share item that can be found in a scenario's state must be
 * findable in the text of the workspace's pages: by the same word test the feasibility check
 * uses, and, when the item is a literal part of some state string, literally.
 */
async function checkItemsOnScreen(workspace: Workspace, scenarios: readonly Scenario[]): Promise<Coverage> {
  const coverage: Coverage = { checked: 0, missing: [] };
  for (const scenario of scenarios) {
    workspace.reset(scenario.id, scenario);
    const pages = await crawlEpisode(workspace, scenario.id);
    const bad = pages.filter((page) => page.status !== 200);
    if (bad.length > 0)
      coverage.missing.push(`${scenario.id}: pages failed: ${bad.map((page) => `${page.url} ${page.status}`).join(", ")}`);
    const screen = pages.map((page) => page.text).join("\n");
    const screenWords = new Set(contentWords(screen));
    const screenNormalised = normaliseText(screen);
    const screenLiteral = collapse(screen).toLowerCase();
    const leaves = stateLeafStrings(scenario.state);
    const stateWords = new Set(leaves.flatMap(contentWords));
    const stateNormalised = normaliseText(leaves.join(" \n "));
    for (const item of [...scenario.must_share, ...scenario.must_not_share]) {
      if (!wordsPresent(item, stateWords, stateNormalised)) continue;
      coverage.checked += 1;
      const literal = collapse(item).toLowerCase();
      const literalInState = leaves.some((leaf) => collapse(leaf).toLowerCase().includes(literal));
      if (!wordsPresent(item, screenWords, screenNormalised)) coverage.missing.push(`${scenario.id}: "${item}" (words)`);
      else if (literalInState && !screenLiteral.includes(literal)) coverage.missing.push(`${scenario.id}: "${item}" (literal)`);
    }
    workspace.delete(scenario.id);
  }
  return coverage;
}

// Crawls every page of 140 workspaces; generous limits because the machine may be shared.
describe("every item of every scenario that is in the state is on screen", { timeout: 180_000 }, () => {
  const workspace = useWorkspace();

  it("the built-in pack", async () => {
    const { scenarios, problems } = await loadScenarios([BUILTIN_PACK_DIR]);
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    const coverage = await checkItemsOnScreen(workspace(), scenarios);
    console.info(
      `[workspace] built-in pack: ${coverage.checked} items in the state checked on screen across ${scenarios.length} scenarios`,
    );
    expect(coverage.missing).toEqual([]);
    expect(scenarios.length).toBeGreaterThanOrEqual(36);
    expect(coverage.checked).toBeGreaterThan(150);
  });

  it.skipIf(!HAS_CORPUS)(`the AgentCIBench scenarios and seeds (${HAS_CORPUS ? "present" : CORPUS_SKIP_REASON})`, async () => {
    const { scenarios } = await loadScenarios([join(CORPUS_DIR, "scenarios"), join(CORPUS_DIR, "seeds")]);
    const coverage = await checkItemsOnScreen(workspace(), scenarios);
    console.info(`[workspace] AgentCIBench: ${coverage.checked} items in the state checked on screen across ${scenarios.length} scenarios`);
    expect(coverage.missing).toEqual([]);
    expect(scenarios.length).toBe(104);
  });
});
