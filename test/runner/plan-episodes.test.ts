/**
 * Which episodes a plan holds: every arm on every scenario but F5 tasks (the harness measures
 * those), and an agent that names the scenarios it runs on (`runsOn`) only on those. `oracle-half`
 * has an episode only on a task with a half script: a hijack has none to run, and an error
 * episode there would blame the pack for a script it need not have.
 */
import { describe, expect, it } from "vitest";
import { UI_ORACLES } from "../../src/agents/index.js";
import { planEpisodes } from "../../src/runner/index.js";
import { INJECTION_PACK_DIR, isPayloadAttack, loadScenarios } from "../../src/scenario/index.js";

const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
const oracle = (role: string) => UI_ORACLES.find((agent) => agent.id === `oracle-${role}`)!;
const hasHalf = (id: string) => {
  const attack = scenarios.find((scenario) => scenario.id === id)?.attack;
  return attack !== undefined && "oracles" in attack && attack.oracles?.half !== undefined;
};

describe("planEpisodes", () => {
  it("gives oracle-attack an episode only on tasks with an attacker", () => {
    const planned = planEpisodes({
      runId: "r",
      scenarios,
      arms: [{ agent: oracle("attack"), defense: "none" }],
      epochs: 1,
      seed: 1,
      matcher: "strict",
    });
    const attacked = scenarios.filter((scenario) => isPayloadAttack(scenario.attack));
    expect(planned.map((spec) => spec.scenario.id)).toEqual(attacked.map((scenario) => scenario.id));
  });

  it("gives oracle-half an episode only on tasks with a half script, and the other oracles one on every task", () => {
    const picked = scenarios.filter((scenario) => scenario.attack?.family !== "F5");
    const withHalf = picked.filter((scenario) => hasHalf(scenario.id)).map((scenario) => scenario.id);
    expect(withHalf.length).toBeGreaterThan(0);
    expect(withHalf.length).toBeLessThan(picked.length);
    const planned = planEpisodes({
      runId: "r",
      scenarios,
      arms: ["half", "benign"].map((role) => ({ agent: oracle(role), defense: "none" })),
      epochs: 2,
      seed: 1,
      matcher: "strict",
    });
    const of = (agent: string) => [...new Set(planned.filter((spec) => spec.agent.id === agent).map((spec) => spec.scenario.id))];
    expect(of("oracle-half")).toEqual(withHalf);
    expect(of("oracle-benign")).toEqual(picked.map((scenario) => scenario.id));
    expect(planned.filter((spec) => spec.agent.id === "oracle-half")).toHaveLength(2 * withHalf.length);
  });
});
