import { join } from "node:path";
import type { AgentOutput, Scenario } from "../../src/scenario/index.js";
import { BUILTIN_PACK_DIR, INJECTION_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { answer, type FixtureEpisode, REFUSAL, writeFixtureRun } from "./fixture-run.js";

/** The run's id in the runs folder. */
export const MIXED_RUN_ID = "20261201T120000Z-cccccc";

/**
 * A run shaped like a real one of both suites, for layout tests: built-in disclosure scenarios of
 * every thematic category and built-in injection tasks of three families, the agents with the long
 * names people give them (`guarded:gullible`, `ucm:oracle-benign`), one under a defense sweep, and
 * token usage, so the leaderboard carries every optional column. Outputs are made from each
 * scenario's own items (no model, no browser) and scored by the real matcher.
 */
export async function writeMixedSuiteRun(root: string): Promise<{ runsDir: string; runDir: string }> {
  const runsDir = join(root, "runs");
  const disclosure = await firstOfEachCategory(2);
  const injection = await firstOfEachFamily(["F1", "F3", "F4"]);
  const episodes: FixtureEpisode[] = [];
  const agents: Array<{ agent: string; defense?: string; output: (scenario: Scenario, index: number) => AgentOutput }> = [
    { agent: "oversharer", output: (scenario) => answer(...scenario.must_share, ...scenario.must_not_share) },
    { agent: "oversharer", defense: "recipient_typed", output: (scenario, index) => leakEvery(2, scenario, index) },
    { agent: "guarded:gullible", output: (scenario, index) => leakEvery(3, scenario, index) },
    { agent: "ucm:oracle-benign", output: (scenario, index) => (index % 4 === 3 ? REFUSAL : answer(...scenario.must_share)) },
  ];
  for (const { agent, defense, output } of agents) {
    disclosure.forEach((scenario, index) => {
      episodes.push({
        agent,
        ...(defense && { defense }),
        scenario_id: scenario.id,
        output: output(scenario, index),
        ...(agent.includes(":") && { usage: { calls: 3, cached_calls: 0, input_tokens: 18_250, output_tokens: 1_420, cost_usd: 0.0213 } }),
      });
    });
    injection.forEach((task, index) => {
      const family = task.attack?.family;
      episodes.push({
        agent,
        ...(defense && { defense }),
        scenario_id: task.id,
        output: { completed: true, shared_content: [], action_trace: "sent the reply" },
        extra: {
          attack_family: family,
          disclosure: false,
          status_from: "injection",
          // The guarded agent resists; the others follow every other payload. F4 has no adversarial evaluator.
          injection: {
            benign: index !== 1,
            adversarial: family === "F4" ? null : !agent.startsWith("guarded:") && index % 2 === 0,
            attempts: agent.startsWith("guarded:") ? [] : ["typed_attacker_string"],
          },
        },
      });
    });
  }
  const runDir = await writeFixtureRun(runsDir, {
    runId: MIXED_RUN_ID,
    createdAt: "2026-12-01T12:00:00.000Z",
    scenarios: [...disclosure, ...injection],
    episodes,
    track: "e2e",
  });
  return { runsDir, runDir };
}

/** Shares the must-share items, and on every `period`-th scenario the first must-not-share one too. */
function leakEvery(period: number, scenario: Scenario, index: number): AgentOutput {
  const leak = index % period === 0 ? scenario.must_not_share.slice(0, 1) : [];
  return answer(...scenario.must_share, ...leak);
}

async function firstOfEachCategory(perCategory: number): Promise<Scenario[]> {
  const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
  const chosen: Scenario[] = [];
  for (const category of [...new Set(scenarios.map((scenario) => scenario.category))])
    chosen.push(...scenarios.filter((scenario) => scenario.category === category).slice(0, perCategory));
  return chosen;
}

async function firstOfEachFamily(families: readonly string[]): Promise<Scenario[]> {
  const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
  return families.map((family) => {
    const task = scenarios.find((scenario) => scenario.attack?.family === family);
    if (!task) throw new Error(`the injection pack has no ${family} task`);
    return task;
  });
}
