/**
 * Every must-share and must-not-share item that is in a scenario's state is on screen for the
 * agent: found in the accessibility-tree text of the workspace snapshot (the pages an agent can
 * reach, as `safecua workspace snapshot` prints them), for the built-in pack and the AgentCIBench
 * corpus. The reference's bridge lost calendar times, file lists and routes.
 */
import { describe, expect, it } from "vitest";
import { ariaTreeStrings, openEpisodeContext, parseAriaSnapshot } from "../../src/browser/index.js";
import { snapshotScenario } from "../../src/runner/index.js";
import { BUILTIN_PACK_DIR, contentWords, loadScenarios, type Scenario, ScenarioSchema } from "../../src/scenario/index.js";
import { useBrowserAndWorkspace } from "../browser/browser-fixture.js";
import { richScenario } from "../workspace/rich-fixture.js";
import { checkSnapshots } from "./support/items-in-snapshot.js";

const env = useBrowserAndWorkspace();

// Four crawls of two scenarios: well under a minute alone; 120 s ran out in a full-suite run at
// load 18 on 2 cores, so the allowance is for a loaded machine.
describe("the snapshot shows what the agent is shown", { timeout: 600_000 }, () => {
  it("every word of a page's snapshot text is in the observation an agent gets of that page (with refs)", async () => {
    const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
    for (const scenario of [ScenarioSchema.parse(richScenario()), scenarios[0] as Scenario]) {
      // The observation (AI mode, with refs) of each document the plain crawl reaches, taken on that same document.
      const withRefs: string[] = [];
      const plain = await snapshotScenario(env.workspace(), env.browser(), scenario, {
        visit: async (page) => {
          withRefs.push(await page.ariaSnapshot({ mode: "ai" }));
        },
      });
      expect(withRefs).toHaveLength(plain.length);
      expect(withRefs.every((text) => text.includes("[ref="))).toBe(true);
      plain.forEach((page, index) => {
        const seen = new Set(contentWords(ariaTreeStrings(parseAriaSnapshot(withRefs[index] ?? "")).join("\n")));
        const missing = contentWords(ariaTreeStrings(parseAriaSnapshot(page.text)).join("\n")).filter((word) => !seen.has(word));
        expect([page.url, missing]).toEqual([page.url, []]);
      });
    }
  });

  it("a page kept across scenarios (as the checks below use) crawls what a fresh context crawls", async () => {
    const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
    const [first, second] = scenarios as [Scenario, Scenario];
    const fresh = await snapshotScenario(env.workspace(), env.browser(), second);
    const episode = await openEpisodeContext(env.browser(), { allowedOrigins: [env.workspace().url] });
    try {
      const page = await episode.context.newPage();
      await snapshotScenario(env.workspace(), env.browser(), first, { page });
      expect(await snapshotScenario(env.workspace(), env.browser(), second, { page })).toEqual(fresh);
    } finally {
      await episode.close();
    }
  });
});

// Up to about 2 300 pages in Chromium; generous limits because the machine is small and shared.
describe("every item in the state is in the workspace snapshot", { timeout: 1_800_000 }, () => {
  it("the built-in pack", async () => {
    const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
    const result = await checkSnapshots(env, scenarios);
    console.info(
      `[e2e] built-in pack: ${result.checked} items in the state found in the snapshots of ${scenarios.length} scenarios (${result.pages} pages crawled)`,
    );
    expect(result.missing).toEqual([]);
    expect(result.checked).toBeGreaterThan(150);
  });
});
