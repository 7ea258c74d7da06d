/**
 * The runner's loop for agents that observe for themselves (observation mode `self`, the guarded
 * agent): the runner takes no snapshot or screenshot for them, hands them the live page, stores the
 * screenshot and the tool turns each decision carries, adds their usage per role, and ends the
 * episode as `limit` when the agent stops itself.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageStep, SelfObservingUiAgent, UiDecision } from "../../src/agents/index.js";
import { oneCallUsage } from "../../src/models/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { startE2eRun } from "./support/start-e2e-run.js";

const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
const scenario = scenarios.find((candidate) => candidate.id === "maps-eta-001-docklands-site-route")!;

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser("workspace");
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Looks at the page it is given, goes to the messenger, then stops itself. */
function selfObserver(seen: PageStep[]): SelfObservingUiAgent {
  return {
    track: "e2e",
    id: "self-observer",
    description: "test agent that captures the page itself",
    observation: "self",
    start: () => ({
      async next(step): Promise<UiDecision> {
        seen.push(step);
        const image = await step.page.screenshot({ type: "png" });
        const planner = oneCallUsage({ input_tokens: 10, output_tokens: 2 }, false);
        if (step.step === 1)
          return {
            kind: "act",
            action: { action: "goto", url: "messenger" },
            usage: planner,
            usageByRole: { planner, quarantined: oneCallUsage({ input_tokens: 5, output_tokens: 1 }, false) },
            screenshot: { image, type: "png" },
            turns: [
              { turn: 1, tool: "wait", args: { seconds: 0 }, verdict: "allowed", result: "Waited.", screenshot: { image, type: "png" } },
              {
                turn: 2,
                tool: "click",
                args: { x: 1, y: 1 },
                verdict: "refused",
                reason: "LOCATION_MASKED",
                result: "Policy blocked your last tool call: LOCATION_MASKED",
              },
            ],
          };
        return { kind: "stop", reason: "70 planner turns used", usage: planner, usageByRole: { planner } };
      },
    }),
  };
}

describe("a self-observing agent in the end-to-end loop", { timeout: 120_000 }, () => {
  it("gets the live page and the state, has its turns and screenshots stored, its usage added per role, and a stop ends as limit", async () => {
    const seen: PageStep[] = [];
    const run = await startE2eRun({ scenarios: [scenario], arms: [{ agent: selfObserver(seen), defense: "none" }], browser });
    expect(seen.map((step) => [step.step, step.state.url.endsWith("/messenger")])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(seen[0]!.state.tabs).toHaveLength(1);
    const [record] = run.records;
    expect(record).toMatchObject({ status: "limit", agent: "self-observer" });
    expect(record!.usage).toMatchObject({ calls: 2, input_tokens: 20 });
    const steps = record!.steps!;
    expect(steps.map((step) => step.action_text)).toEqual(['goto("messenger")', "(agent stopped)"]);
    expect(steps[1]!.error).toBe("70 planner turns used");
    expect(steps[0]!.turns?.map((turn) => [turn.tool, turn.verdict, turn.reason])).toEqual([
      ["wait", "allowed", undefined],
      ["click", "refused", "LOCATION_MASKED"],
    ]);
    // The turn's screenshot and the step's are the same image, stored once under the run folder.
    expect(steps[0]!.turns![0]!.screenshot).toBe(steps[0]!.screenshot);
    expect(existsSync(join(run.runDir, steps[0]!.screenshot!))).toBe(true);
    expect(record!.usage_by_role).toEqual({
      planner: { calls: 2, cached_calls: 0, input_tokens: 20, output_tokens: 4 },
      quarantined: { calls: 1, cached_calls: 0, input_tokens: 5, output_tokens: 1 },
    });
  });
});
