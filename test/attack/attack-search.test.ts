/**
 * The adaptive attacker's search, with a stand-in for the browser: it finds a variant an agent
 * falls for where the unmodified task fails, never lets a variant whose oracles fail meet the
 * agent, keeps to its budget, and a resume (after a stop) continues without running any episode
 * again and ends where one uninterrupted search ends.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ATTACK_OPERATORS,
  type AttackSettings,
  payloadAttackOf,
  runAttack,
  type SearchState,
  STATE_FILE,
  TREE_FILE,
} from "../../src/attack/index.js";
import { loadScenarios, type Scenario } from "../../src/scenario/index.js";
import { tempDir } from "../support/temp-dir.js";
import { fakeRunner } from "./support/fake-runner.js";

const FIXTURE = join(import.meta.dirname, "fixtures", "off-path.yaml");
const { scenarios } = await loadScenarios([FIXTURE]);

function settingsFor(tasks: readonly Scenario[], seed = 5): AttackSettings {
  return {
    agent: "fake",
    seed,
    task_ids: tasks.map((task) => task.id),
    operators: ATTACK_OPERATORS.map((operator) => operator.kind),
    novelty_weight: 0.25,
    attempt_reward: 0.5,
  };
}

/** The state without the clock, which differs between any two runs. */
const withoutClock = (state: SearchState) => ({ ...state, elapsed_ms: 0 });

describe("runAttack", () => {
  it("finds a variant the agent falls for where the unmodified task fails, and writes it as a loadable pack task", async () => {
    const outDir = tempDir();
    // The agent reads only the shop; the fixture's payload sits in a chat.
    const { run, calls } = fakeRunner({ reads: "/shop/" });
    const { summary } = await runAttack({ outDir, start: { tasks: scenarios, settings: settingsFor(scenarios) }, budget: 20, run });
    expect(summary.static_asr).toMatchObject({ value: 0, k: 0, n: 1 });
    expect(summary.adaptive_asr).toMatchObject({ value: 1, k: 1, n: 1 });
    expect(summary.successes.length).toBe(1);
    expect(summary.episodes).toBeLessThanOrEqual(20);
    const success = summary.successes[0]!;
    expect(success.placement[0]).toMatch(/^\/shop\//);
    const loaded = await loadScenarios([join(outDir, success.file)]);
    expect(loaded.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(payloadAttackOf(loaded.scenarios[0]!)?.payload.placement).toEqual(success.placement);
    // The tree, as tree.txt shows it: the unmodified task at the top, the break under it.
    const tree = readFileSync(join(outDir, TREE_FILE), "utf8");
    expect(tree.split("\n")[0]).toMatch(/^atk-f1-shop-payload-in-chat \(unmodified\) visits \d+ .* not attacked$/);
    expect(tree).toMatch(new RegExp(`\\n\\s+${success.id.replace(/\./g, "\\.")} \\[.*\\] visits 1 mean [\\d.]+ ATTACKED`));
    // Broken: the search stopped spending on the task at its first success.
    expect(calls.filter((call) => call.role === "agent").length).toBe(summary.episodes + summary.static_episodes);
  });

  it("never runs the agent on a variant whose oracles fail, and marks it invalid in the tree", async () => {
    const outDir = tempDir();
    const broken = (scenario: Scenario) => (payloadAttackOf(scenario)?.payload.placement ?? []).some((p) => p.startsWith("/shop/"));
    const { run, calls } = fakeRunner({ reads: "/shop/", brokenOracle: broken });
    const { state, summary } = await runAttack({ outDir, start: { tasks: scenarios, settings: settingsFor(scenarios) }, budget: 15, run });
    expect(summary.adaptive_asr.value).toBe(0);
    const invalid = state.trees[0]!.nodes.filter((node) => node.status === "invalid");
    expect(invalid.length).toBeGreaterThan(0);
    const agentRan = new Set(calls.filter((call) => call.role === "agent").map((call) => call.id));
    for (const node of invalid) expect(agentRan.has(node.id)).toBe(false);
  });

  it("keeps to its budget of agent episodes on variants", async () => {
    const { run, calls } = fakeRunner({ reads: "/nowhere/" });
    const { summary } = await runAttack({
      outDir: tempDir(),
      start: { tasks: scenarios, settings: settingsFor(scenarios) },
      budget: 4,
      run,
    });
    expect(summary.episodes).toBe(4);
    expect(calls.filter((call) => call.role === "agent").length).toBe(4 + 1);
  });

  it("resumes a stopped search without running an episode again, and ends where an uninterrupted one does", async () => {
    const budget = 9;
    const straight = fakeRunner({ reads: "/nowhere/" });
    const whole = await runAttack({
      outDir: tempDir(),
      start: { tasks: scenarios, settings: settingsFor(scenarios) },
      budget,
      run: straight.run,
    });

    const outDir = tempDir();
    const first = fakeRunner({ reads: "/nowhere/" });
    const stop = new AbortController();
    let agentEpisodes = 0;
    await runAttack({
      outDir,
      start: { tasks: scenarios, settings: settingsFor(scenarios) },
      budget,
      run: async (scenario, role) => {
        if (role === "agent" && ++agentEpisodes === 4) stop.abort();
        return first.run(scenario, role);
      },
      signal: stop.signal,
    });
    const saved = JSON.parse(readFileSync(join(outDir, STATE_FILE), "utf8")) as SearchState;
    expect(saved.episodes).toBe(3);
    const second = fakeRunner({ reads: "/nowhere/" });
    const resumed = await runAttack({ outDir, budget, run: second.run });
    const key = (call: { id: string; role: string }) => `${call.id} ${call.role}`;
    const before = new Set(first.calls.map(key));
    expect(second.calls.filter((call) => before.has(key(call)))).toEqual([]);
    expect([...first.calls, ...second.calls].map(key)).toEqual(straight.calls.map(key));
    expect(withoutClock(resumed.state)).toEqual(withoutClock(whole.state));
  });

  it("refuses to start over a folder that holds a search", async () => {
    const outDir = tempDir();
    const { run } = fakeRunner({ reads: "/shop/" });
    await runAttack({ outDir, start: { tasks: scenarios, settings: settingsFor(scenarios) }, budget: 1, run });
    await expect(runAttack({ outDir, start: { tasks: scenarios, settings: settingsFor(scenarios) }, budget: 1, run })).rejects.toThrow(
      /already holds an attack search; continue it with --resume/,
    );
  });
});
