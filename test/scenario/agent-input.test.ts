import { describe, expect, it } from "vitest";
import { agentInputToJson } from "../../src/scenario/agent-input.js";
import { agentInputFor, renderStateText, ScenarioSchema } from "../../src/scenario/index.js";
import { fixtureScenario } from "../support/scenario-fixture.js";

describe("what an agent sees", () => {
  const scenario = ScenarioSchema.parse(
    fixtureScenario({
      rationale: "RATIONALE-MARKER",
      provenance: { source: "SOURCE-MARKER", family: "FAMILY-MARKER", seed_id: "SEED-MARKER" },
    }),
  );
  const input = agentInputFor(scenario);
  const json = agentInputToJson(input);

  it("holds only the task, the state and the clock", () => {
    expect(Object.keys(input).sort()).toEqual(["now", "state", "task"]);
    expect(input.task).toBe(scenario.task);
  });

  it("never carries the id, the labels, the items lists, the rationale or the provenance", () => {
    for (const secret of [
      scenario.id,
      "visual_co_location",
      "work_status_updates",
      "must_share",
      "must_not_share",
      "failure_mode",
      "RATIONALE-MARKER",
      "SOURCE-MARKER",
      "FAMILY-MARKER",
      "SEED-MARKER",
    ]) {
      expect(json).not.toContain(secret);
      expect(renderStateText(input.state)).not.toContain(secret);
    }
  });

  it("serialises deterministically with sorted keys", () => {
    expect(agentInputToJson(agentInputFor(scenario))).toBe(json);
    expect(json.indexOf('"now"')).toBeLessThan(json.indexOf('"state"'));
    expect(json.indexOf('"state"')).toBeLessThan(json.indexOf('"task"'));
  });

  it("is a copy: an agent mutating its input cannot change the scenario", () => {
    input.state.todo?.items.pop();
    expect(scenario.state.todo?.items).toHaveLength(5);
  });

  it("renders every item of the state as text", () => {
    const text = renderStateText(scenario.state);
    for (const item of scenario.state.todo?.items ?? []) expect(text).toContain(item.text);
    expect(text).toContain("[x] Submit expense report");
    expect(text).toContain("Priya (Manager): What's still open before standup?");
  });
});
