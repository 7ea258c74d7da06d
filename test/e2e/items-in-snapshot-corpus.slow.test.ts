/**
 * Every must-share and must-not-share item that is in a released AgentCIBench scenario's state is
 * on screen for the agent (see items-in-snapshot.slow.test.ts). A file of its own, so the corpus
 * crawl runs beside the built-in pack's instead of after it.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScenarios } from "../../src/scenario/index.js";
import { useBrowserAndWorkspace } from "../browser/browser-fixture.js";
import { CORPUS_DIR, CORPUS_SKIP_REASON, HAS_CORPUS } from "../support/corpus.js";
import { checkSnapshots } from "./support/items-in-snapshot.js";

const env = useBrowserAndWorkspace();

// About 400 pages in Chromium; generous limits because the machine is small and shared.
describe("every item in the state is in the workspace snapshot", { timeout: 1_800_000 }, () => {
  it.skipIf(!HAS_CORPUS)(`the AgentCIBench scenarios and seeds (${HAS_CORPUS ? "present" : CORPUS_SKIP_REASON})`, async () => {
    const { scenarios } = await loadScenarios([join(CORPUS_DIR, "scenarios"), join(CORPUS_DIR, "seeds")]);
    const result = await checkSnapshots(env, scenarios);
    console.info(
      `[e2e] AgentCIBench: ${result.checked} items in the state found in the snapshots of ${scenarios.length} scenarios (${result.pages} pages crawled)`,
    );
    expect(result.missing).toEqual([]);
    expect(scenarios.length).toBe(104);
  });
});
