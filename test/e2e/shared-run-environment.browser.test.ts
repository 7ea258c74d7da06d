/**
 * Many small end-to-end runs on one workspace server and one pool of warm contexts (what the pack's
 * oracle test does with about 80 runs): the second run reuses the context the first left warm, each
 * run's records are its own, and neither the server nor the pool is closed by a run that borrowed it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UI_REFERENCE_AGENTS } from "../../src/agents/index.js";
import { ContextPool } from "../../src/browser/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { startWorkspace, type Workspace } from "../../src/workspace/index.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { startE2eRun } from "./support/start-e2e-run.js";

const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
const [first, second] = [...scenarios].sort((a, b) => a.id.localeCompare(b.id));

let browser: Browser;
let workspace: Workspace;
let contexts: ContextPool;
beforeAll(async () => {
  [browser, workspace] = await Promise.all([sharedBrowser("workspace"), startWorkspace()]);
  contexts = new ContextPool();
}, 60_000);
afterAll(async () => {
  await contexts?.close();
  await workspace?.close();
  await browser?.close();
});

describe("runs that share a workspace server and warm contexts", { timeout: 120_000 }, () => {
  it("reuse the contexts across runs, keep their records apart, and leave both running", async () => {
    const arms = [{ agent: UI_REFERENCE_AGENTS.find((agent) => agent.id === "minimal")!, defense: "none" }];
    const one = await startE2eRun({ scenarios: [first!], arms, browser, workspace, contexts });
    expect(contexts.stats).toMatchObject({ opened: 1, reused: 0 });
    const two = await startE2eRun({ scenarios: [second!], arms, browser, workspace, contexts });
    // The context the first run left warm served the second run's episode.
    expect(contexts.stats).toMatchObject({ opened: 1, reused: 1, failedResets: 0 });
    const done = (record: { scenario_id: string; status: string }) => [record.scenario_id, record.status !== "error"];
    expect(one.records.map(done)).toEqual([[first!.id, true]]);
    expect(two.records.map(done)).toEqual([[second!.id, true]]);
    expect(one.runDir).not.toBe(two.runDir);
    // Still serving: a run that borrowed the server did not close it.
    expect((await fetch(workspace.url)).status).toBeLessThan(500);
  });
});
