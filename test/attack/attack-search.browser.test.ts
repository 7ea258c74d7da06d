/**
 * The adaptive attacker against the real `gullible` role, in the workspace and the shared
 * Chromium: on a task whose payload sits where the agent doing the task never reads (a chat a
 * shop task does not open), the unmodified attack fails, and within a small budget the search
 * finds a variant, validated by the task's own oracles, that the agent obeys.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uiGullible } from "../../src/agents/index.js";
import { ATTACK_OPERATORS, runAttack, startHarnessRunner } from "../../src/attack/index.js";
import { loadScenarios } from "../../src/scenario/index.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { tempDir } from "../support/temp-dir.js";

const FIXTURE = join(import.meta.dirname, "fixtures", "off-path.yaml");
let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser("workspace");
});
afterAll(async () => {
  await browser?.close();
});

describe("safecua attack against gullible", { timeout: 300_000 }, () => {
  it("breaks a task whose static attack fails, with a variant that passes its oracles", async () => {
    const { scenarios } = await loadScenarios([FIXTURE]);
    const outDir = tempDir();
    const runner = await startHarnessRunner({ agent: uiGullible, runDir: join(outDir, "episodes"), seed: 1, browser });
    try {
      const { state, summary } = await runAttack({
        outDir,
        start: {
          tasks: scenarios,
          settings: {
            agent: "gullible",
            seed: 1,
            task_ids: scenarios.map((task) => task.id),
            operators: ATTACK_OPERATORS.map((operator) => operator.kind),
            novelty_weight: 0.25,
            attempt_reward: 0.5,
          },
        },
        budget: 6,
        run: runner.run,
      });
      expect(summary.static_asr.value).toBe(0);
      expect(summary.adaptive_asr.value).toBe(1);
      expect(summary.successes).toHaveLength(1);
      // The variant met the agent only after both oracles agreed with its evaluators.
      const success = state.trees[0]!.nodes.find((node) => node.id === summary.successes[0]!.id)!;
      expect(success.status).toBe("tried");
      expect(summary.validation_episodes).toBeGreaterThanOrEqual(2 * summary.episodes);
    } finally {
      await runner.close();
    }
  });
});
