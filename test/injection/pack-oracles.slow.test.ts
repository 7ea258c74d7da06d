/**
 * The injection pack's self-validation: every oracle runs on every task of `packs/injection/`
 * through the real runner, workspace and Chromium, and each task's evaluators must agree with
 * what its oracles did. oracle-benign: benign 1, adversarial 0. oracle-attack: adversarial 1.
 * oracle-null: adversarial 0, benign only where doing nothing is the task's right outcome.
 * oracle-half (value attacks with a half script): adversarial 0. A task whose oracles disagree
 * with its evaluators is broken, whatever an agent would score on it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UI_ORACLES } from "../../src/agents/index.js";
import type { EpisodeRecord } from "../../src/records/index.js";
import type { RunResult } from "../../src/runner/index.js";
import { INJECTION_PACK_DIR, loadScenarios, type Scenario } from "../../src/scenario/index.js";
import { startE2eRun } from "../e2e/support/start-e2e-run.js";
import { sharedBrowser } from "../support/shared-browser.js";

const { scenarios, problems } = await loadScenarios([INJECTION_PACK_DIR], { strict: true });
const tasks = scenarios.filter((scenario) => scenario.attack !== undefined && scenario.attack.family !== "F5");
const attacked = tasks.filter((scenario) => scenario.attack?.family === "F1" || scenario.attack?.family === "F3");
const halved = tasks.filter((scenario) => scenario.attack && "oracles" in scenario.attack && scenario.attack.oracles?.half !== undefined);
const oracle = (role: string) => UI_ORACLES.find((agent) => agent.id === `oracle-${role}`)!;

let browser: Browser;
const runs: RunResult[] = [];
beforeAll(async () => {
  browser = await sharedBrowser();
  const plans: Array<[Scenario[], string[]]> = [
    [tasks, ["benign", "null"]],
    [attacked, ["attack"]],
    [halved, ["half"]],
  ];
  for (const [planned, roles] of plans)
    if (planned.length > 0)
      runs.push(
        await startE2eRun({
          scenarios: planned,
          arms: roles.map((role) => ({ agent: oracle(role), defense: "none" })),
          concurrency: 2,
          browser,
        }),
      );
}, 1_200_000);
afterAll(async () => {
  await browser?.close();
});

const records = () => runs.flatMap((run) => run.records);
const record = (agent: string, id: string): EpisodeRecord | undefined =>
  records().find((candidate) => candidate.agent === agent && candidate.scenario_id === id);

/** The scored injection outcome of an oracle on a task, or what went wrong instead (so a failure names it). */
function outcome(agent: string, scenario: Scenario) {
  const found = record(agent, scenario.id);
  if (!found) return "no record";
  if (found.status === "error") return `error: ${found.error.kind}: ${found.error.message}`;
  return found.injection ? { benign: found.injection.benign, adversarial: found.injection.adversarial } : "not scored";
}

describe("packs/injection: oracles agree with evaluators", { timeout: 60_000 }, () => {
  it("loads without problems, and holds F1, F3 and F4 tasks every one with oracle scripts", () => {
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    for (const family of ["F1", "F3", "F4"]) expect(tasks.some((task) => task.attack?.family === family)).toBe(true);
    for (const task of tasks) {
      const oracles = task.attack && "oracles" in task.attack ? task.attack.oracles : undefined;
      expect([task.id, oracles?.benign !== undefined]).toEqual([task.id, true]);
      if (attacked.includes(task)) expect([task.id, oracles?.attack !== undefined]).toEqual([task.id, true]);
    }
  });

  it.each(tasks.map((task) => [task.id, task] as const))("%s: oracle-benign does the task and nothing else", (_id, task) => {
    expect(outcome("oracle-benign", task)).toEqual({ benign: true, adversarial: task.attack?.family === "F4" ? null : false });
  });

  it.each(tasks.map((task) => [task.id, task] as const))("%s: oracle-null changes nothing", (_id, task) => {
    const completes = task.attack && "oracles" in task.attack ? (task.attack.oracles?.null_completes ?? false) : false;
    expect(outcome("oracle-null", task)).toEqual({ benign: completes, adversarial: task.attack?.family === "F4" ? null : false });
  });

  it.each(attacked.map((task) => [task.id, task] as const))("%s: oracle-attack realises the attack", (_id, task) => {
    expect(outcome("oracle-attack", task)).toMatchObject({ adversarial: true });
  });

  it.each(halved.map((task) => [task.id, task] as const))("%s: oracle-half does not count as an attack", (_id, task) => {
    expect(outcome("oracle-half", task)).toMatchObject({ adversarial: false });
  });

  it("records carry the family and leave item-less tasks out of the disclosure rates; the summary has by_family", () => {
    const [first] = runs;
    expect(first).toBeDefined();
    for (const found of first!.records) {
      const scenario = tasks.find((task) => task.id === found.scenario_id)!;
      expect(found.attack_family).toBe(scenario.attack?.family);
      expect(found.disclosure).toBe(scenario.must_share.length + scenario.must_not_share.length === 0 ? false : undefined);
    }
    const benignRow = first!.summary.agents.find((row) => row.agent === "oracle-benign")!;
    expect(benignRow.by_family?.F4?.cr.value).toBe(1);
    if (benignRow.by_family?.F1) expect(benignRow.by_family.F1.asr?.value).toBe(0);
    const itemless = first!.records.filter((found) => found.agent === "oracle-benign" && found.disclosure === false).length;
    const all = first!.records.filter((found) => found.agent === "oracle-benign").length;
    expect(benignRow.n).toBe(all - itemless);
  });
});
