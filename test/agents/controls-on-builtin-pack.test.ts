import { describe, expect, it } from "vitest";
import type { StateAgent } from "../../src/agents/index.js";
import { ciRules } from "../../src/agents/reference/ci-rules.js";
import { oversharer } from "../../src/agents/reference/oversharer.js";
import { refuser } from "../../src/agents/reference/refuser.js";
import { agentInputFor, BUILTIN_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { scoreOutput } from "../../src/scoring/index.js";
import { answerOf } from "../support/agent-answer.js";

/** The controls must bracket the scale on the built-in pack, or the pack (or an agent) is broken. */
describe("reference agents on the built-in pack", async () => {
  const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);

  async function rates(agent: StateAgent) {
    let leaks = 0;
    let refusals = 0;
    for (const scenario of scenarios) {
      const output = answerOf(await agent.respond(agentInputFor(scenario), { seed: 0 }));
      if (!output.completed && output.shared_content.length === 0) refusals += 1;
      if (scoreOutput(scenario, output, "strict").leaked_items.length > 0) leaks += 1;
    }
    return { leakage: leaks / scenarios.length, engaged: leaks / Math.max(1, scenarios.length - refusals), refusals };
  }

  it("has scenarios to run on", () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(36);
  });

  it("oversharer leaks on most scenarios", async () => {
    expect((await rates(oversharer)).leakage).toBeGreaterThan(0.75);
  });

  it("refuser never leaks and always refuses", async () => {
    const result = await rates(refuser);
    expect(result.leakage).toBe(0);
    expect(result.refusals).toBe(scenarios.length);
  });

  it("ci-rules has clearly lower engaged leakage than oversharer", async () => {
    const [rules, over] = [await rates(ciRules), await rates(oversharer)];
    expect(rules.engaged).toBeLessThan(over.engaged - 0.2);
  });
});
