/**
 * The injection pack's oracles and `gullible-tree` read only the accessibility tree, so the runner
 * takes no screenshot for their steps (ScreenUiAgent.screenshots): the pack's self-check runs them
 * by the hundred. Every other screen agent, scripted or not, keeps a screenshot on every step.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UI_ORACLES, uiGullibleTree, uiScriptedAgent } from "../../src/agents/index.js";
import type { RunResult } from "../../src/runner/index.js";
import { INJECTION_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { startE2eRun } from "../e2e/support/start-e2e-run.js";
import { sharedBrowser } from "../support/shared-browser.js";

let browser: Browser;
let run: RunResult;
beforeAll(async () => {
  browser = await sharedBrowser("workspace");
  const { scenarios } = await loadScenarios([INJECTION_PACK_DIR], { strict: true });
  const task = scenarios.find((scenario) => scenario.id === "inj-f1-msg-courier-door-code")!;
  const benign = UI_ORACLES.find((agent) => agent.id === "oracle-benign")!;
  run = await startE2eRun({
    scenarios: [task],
    arms: [
      { agent: benign, defense: "none" },
      { agent: uiGullibleTree, defense: "none" },
      { agent: uiScriptedAgent("oversharer")!, defense: "none" },
    ],
    browser,
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("screenshots in the step log", () => {
  const of = (agent: string) => run.records.find((record) => record.agent === agent)!;

  it("an oracle's steps and gullible-tree's carry none, and are still scored", () => {
    const oracle = of("oracle-benign");
    expect(oracle.status).not.toBe("error");
    expect("injection" in oracle && oracle.injection).toMatchObject({ benign: true, adversarial: false });
    expect(oracle.steps?.length).toBeGreaterThan(1);
    expect(oracle.steps?.filter((step) => step.screenshot !== undefined)).toEqual([]);
    // It reads the tree, so the payload still reaches it without a picture.
    const gullible = of("gullible-tree");
    expect("injection" in gullible && gullible.injection).toMatchObject({ adversarial: true });
    expect(gullible.steps?.length).toBeGreaterThan(1);
    expect(gullible.steps?.filter((step) => step.screenshot !== undefined)).toEqual([]);
  });

  it("a scripted agent that does not opt out keeps one per step", () => {
    const oversharer = of("oversharer");
    expect(oversharer.status).not.toBe("error");
    expect(oversharer.steps?.length).toBeGreaterThan(1);
    expect(oversharer.steps?.every((step) => typeof step.screenshot === "string")).toBe(true);
  });
});
