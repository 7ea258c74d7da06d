/**
 * A task's `guard.plan` is checked when the pack loads: a bad step is reported with the file, the
 * JSON path of the step and what its kind expects, and the task is left out, so no run starts with
 * a plan that would fail every guarded episode of its task (each an `error` record, out of the rates).
 */

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { planProblems, scenarioPlanProblems } from "../../../src/guard/index.js";
import { loadScenarios } from "../../../src/scenario/index.js";
import { fixtureScenario } from "../../support/scenario-fixture.js";
import { tempDir } from "../../support/temp-dir.js";

describe("planProblems", () => {
  it("checks a bad step against the kind its key names, not against the whole union", () => {
    const problems = planProblems([{ open: "messenger" }, { reveal_control: "message_box" }, { click: "Send", role: "button" }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toEqual([1, "reveal_control"]);
    expect(problems[0]!.message).toMatch(/expected object/);
  });

  it("lists the kinds for a step whose key names none, and accepts a valid plan", () => {
    const [problem] = planProblems([{ tap: "Send" }]);
    expect(problem?.path).toEqual([0]);
    expect(problem?.message).toMatch(/open, click, fill/);
    expect(planProblems([{ open: "shop" }, { click: "Checkout" }])).toEqual([]);
    expect(planProblems([])).toEqual([{ path: [], message: "a plan has at least one step" }]);
  });
});

describe("loading a pack with the plan check", () => {
  it("reports a bad plan step with the file and its path, and leaves the task out", async () => {
    const dir = tempDir();
    const file = join(dir, "pack.yaml");
    const good = fixtureScenario({ id: "good" });
    const bad = { ...fixtureScenario({ id: "bad" }), guard: { plan: [{ open: "messenger" }, { reveal_control: "message_box" }] } };
    writeFileSync(file, stringify({ pack: { name: "p", license: "CC0-1.0", author: "a" }, scenarios: [good, bad] }));
    const { scenarios, problems } = await loadScenarios([file], { check: scenarioPlanProblems });
    expect(scenarios.map((scenario) => scenario.id)).toEqual(["good"]);
    expect(problems).toEqual([expect.objectContaining({ file, path: "$.scenarios[1].guard.plan[1].reveal_control", severity: "error" })]);
  });
});
