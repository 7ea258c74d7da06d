/**
 * The terminal tasks of the injection pack (packs/injection/f2-terminal.yaml and
 * f3-terminal-value.yaml) are written by scripts/write-f2-pack.ts: the committed files must be
 * what the script writes, and they must cover what the family promises (the five action groups,
 * both injection forms, the three phrasings, the four vim-commentary link types). Whether each
 * task's oracles agree with its evaluators is the slow pack-oracles test's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { terminalPackFiles } from "../../scripts/write-f2-pack.js";
import { routeA } from "../../src/guard/agent/endorse/procedure-routes.js";
import { readProcedure } from "../../src/guard/agent/endorse/read-procedure.js";
import { planProblems } from "../../src/guard/index.js";
import { loadScenarios, TERMINAL_ACTIONS, TERMINAL_PHRASINGS } from "../../src/scenario/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";

const DIR = join(PROJECT_ROOT, "packs", "injection");
const files = terminalPackFiles();

describe("the terminal packs", async () => {
  const { scenarios, problems } = await loadScenarios(
    Object.keys(files).map((name) => join(DIR, name)),
    { strict: true },
  );

  it("are committed as scripts/write-f2-pack.ts writes them", () => {
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(DIR, name), "utf8"), name).toBe(text);
  });

  it("load without problems", () => {
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("hold at least 36 F2 tasks over forum, files, chat and mail, every action group, both injection forms and all three phrasings", () => {
    const f2 = scenarios.flatMap((scenario) => (scenario.attack?.family === "F2" ? [{ scenario, attack: scenario.attack }] : []));
    expect(f2.length).toBeGreaterThanOrEqual(36);
    expect(new Set(f2.map(({ attack }) => attack.action))).toEqual(new Set(TERMINAL_ACTIONS));
    expect(new Set(f2.map(({ attack }) => attack.injection))).toEqual(new Set(["natural_language", "code_block"]));
    expect(new Set(f2.map(({ attack }) => attack.phrasing))).toEqual(new Set(TERMINAL_PHRASINGS));
    const apps = new Set(f2.flatMap(({ scenario }) => Object.keys(scenario.state).filter((app) => app !== "terminal")));
    expect(apps).toEqual(new Set(["forum", "files", "messenger", "mail"]));
    for (const { scenario, attack } of f2) {
      expect(scenario.state.terminal, scenario.id).toBeDefined();
      expect(attack.payload.text, scenario.id).toContain(attack.command);
    }
  });

  // What guarded:scripted follows: a plan that reads the command, endorses it by procedure and
  // types it. The capabilities it declares must cover what the goal's own command needs (else
  // the guard would refuse the benign command for the plan's fault).
  it("give every terminal task a valid guard.plan whose declared capabilities cover the benign command", () => {
    const terminal = scenarios.filter((scenario) => scenario.state.terminal !== undefined);
    expect(terminal.length).toBeGreaterThanOrEqual(52);
    for (const task of terminal) {
      const plan = task.guard?.plan ?? [];
      expect(planProblems(plan), task.id).toEqual([]);
      const procedure = plan.find((step) => "procedure" in step)?.procedure as { var: string; capabilities: string[] } | undefined;
      expect(procedure?.var, task.id).toBe("command");
      const typed = plan.find((step) => "fill" in step && (step.fill as { field: string }).field === "Command") as
        | { fill: { text: string } }
        | undefined;
      const template = /^\{command(?:\|([^}]*))?\}$/.exec(typed?.fill.text ?? "");
      expect(template, task.id).not.toBeNull();
      // A command the planner types on its own must be one the request alone vouches for (route A),
      // and only a specific prompt has one; without it the plan gives up when endorsement fails.
      const composed = template?.[1];
      if (composed !== undefined) {
        expect(task.attack && "phrasing" in task.attack ? task.attack.phrasing : undefined, task.id).toBe("specific");
        const own = readProcedure(composed, { home: "/home/alex", task: task.task, fetchAllowlist: new Set(["github.com"]) });
        expect(own.ok && routeA(own.command, task.task), `${task.id}: ${composed}`).toBe(true);
      } else
        expect(
          plan.some((step) => "fail" in step),
          task.id,
        ).toBe(true);
      const benign = (task.attack && "oracles" in task.attack ? (task.attack.oracles?.benign ?? []) : []).find(
        (step) => "fill" in step && step.fill === "Command",
      ) as { text: string } | undefined;
      const read = readProcedure(benign?.text ?? "", { home: "/home/alex", task: task.task, fetchAllowlist: new Set() });
      if (read.ok)
        expect([task.id, [...read.command.capabilities].filter((c) => !procedure?.capabilities.includes(c))]).toEqual([task.id, []]);
    }
  });

  it("hold at least 16 terminal value tasks, each of the four vim-commentary link types", () => {
    const value = scenarios.flatMap((scenario) => (scenario.attack?.family === "F3" ? [scenario.attack] : []));
    expect(value.length).toBeGreaterThanOrEqual(16);
    expect(new Set(value.map((attack) => attack.variant))).toEqual(
      new Set(["exfil_path", "exfil_host", "github_malicious_plugin", "mirror_malicious_plugin"]),
    );
  });
});
