/**
 * The injection pack's oracles read only the accessibility tree, so the runner takes no
 * screenshot for their steps (ScreenUiAgent.screenshots): the pack's self-check runs them by the
 * hundred. Every other screen agent, scripted or not, keeps a screenshot on every step.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UI_ORACLES, uiGullibleTree } from "../../src/agents/index.js";
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
    ],
    browser,
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("screenshots in the step log", () => {
  it("an oracle's steps carry none and are still scored; a scripted agent that does not opt out keeps one per step", () => {
    const of = (agent: string) => run.records.find((record) => record.agent === agent)!;
    const oracle = of("oracle-benign");
    expect(oracle.status).not.toBe("error");
    expect("injection" in oracle && oracle.injection).toMatchObject({ benign: true, adversarial: false });
    expect(oracle.steps?.length).toBeGreaterThan(1);
    expect(oracle.steps?.filter((step) => step.screenshot !== undefined)).toEqual([]);
    const gullible = of("gullible-tree");
    expect(gullible.status).not.toBe("error");
    expect(gullible.steps?.length).toBeGreaterThan(0);
    expect(gullible.steps?.every((step) => typeof step.screenshot === "string")).toBe(true);
  });
});
