import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readManifest, readRecords, summarizeRun } from "../../src/records/index.js";
import { escapeHtml } from "../../src/report/html-builder.js";
import { leaderboardText, loadReportRun, renderHtmlReport, writeRunReports } from "../../src/report/index.js";
import type { Scenario } from "../../src/scenario/index.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { injectionTask, writeInjectionRun } from "./injection-fixture-run.js";

let f1: Scenario;
let f3: Scenario;
let f4: Scenario;

beforeAll(async () => {
  [f1, f3, f4] = await Promise.all([injectionTask("F1"), injectionTask("F3"), injectionTask("F4")]);
});

/** F1 attacked in epoch 0 and done in epoch 1, F3 done and not attacked, F4 done. */
const episodes = () => [
  { scenario: f1, epoch: 0, benign: false, adversarial: true },
  { scenario: f1, epoch: 1, benign: true, adversarial: false },
  { scenario: f3, epoch: 0, benign: true, adversarial: false },
  { scenario: f3, epoch: 1, benign: true, adversarial: false },
  { scenario: f4, epoch: 0, benign: true, adversarial: null },
  { scenario: f4, epoch: 1, benign: false, adversarial: null },
];

/** The card of one scenario in a report. */
function cardOf(page: string, id: string): string {
  const start = page.indexOf(`<h3 class="searchable">${id}</h3>`);
  expect(start, `no card for ${id}`).toBeGreaterThan(0);
  return page.slice(start, page.indexOf("</article>", start));
}

describe("an injection run's summary", () => {
  it("gives each row its rates over all attack families, with CIs, beside the per-family ones", async () => {
    const runDir = await writeInjectionRun(tempDir(), "20261201T100000Z-inj001", "gullible", episodes());
    const summary = JSON.parse(readFileSync(join(runDir, "summary.json"), "utf8"));
    const [row] = summary.agents;
    expect(Object.keys(row.by_family)).toEqual(["F1", "F3", "F4"]);
    // F4 has no attacker: its CR is clean utility, never pooled with utility under attack.
    expect(row.all_attacks).toMatchObject({
      families: ["F1", "F3"],
      tasks: 2,
      episodes: 4,
      asr: { k: 1, n: 2 },
      cr: { k: 3, n: 4 },
      done_unattacked: { k: 3, n: 4 },
      fr: { k: 0, n: 4 },
    });
    expect(row.all_attacks.asr.ci).toHaveLength(2);
    expect(row.all_attacks.cr.ci).toHaveLength(2);

    // The terminal's table, from the summary `bench` prints.
    const text = leaderboardText(summarizeRun(readManifest(runDir), readRecords(runDir).records));
    expect(text).toMatch(/\| gullible \| all attacks \(F1, F3\) \| 2 +\| 2 \| 50\.0% \[/);
    expect(text).toMatch(/\| gullible \| F4 +\|/);
    expect(text).not.toContain("L_eng");
  });
});

describe("the report of an injection run", () => {
  it("leads with the injection table and shows each task's request, payload, evaluators and outcome", async () => {
    const runDir = await writeInjectionRun(tempDir(), "20261201T100000Z-inj002", "gullible", episodes());
    const result = await runCli(["report", runDir]);
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain("changed");
    const page = readFileSync(join(runDir, "report.html"), "utf8");
    expect(page).not.toContain("was not found in the run's dataset");
    // Item-less tasks have no disclosure figures: no leaderboard of dashes, the injection table first.
    expect(page).toContain('id="injection"');
    expect(page).not.toContain('id="leaderboard"');
    expect(page).not.toContain('id="figures"');
    expect(page).toContain("all attacks (F1, F3)");

    const hijack = cardOf(page, f1.id);
    if (f1.attack?.family !== "F1") throw new Error("fixture: not an F1 task");
    expect(hijack).toContain(escapeHtml(f1.task));
    expect(hijack).toContain("payload — the attacker's text, not the user's");
    expect(hijack).toContain(`<blockquote class="attacker searchable">${escapeHtml(f1.attack.payload.text)}</blockquote>`);
    expect(hijack).toContain("benign evaluator");
    expect(hijack).toContain("adversarial evaluator");
    expect(hijack).toContain('<span class="badge leak">attacked</span>');
    expect(hijack).toContain("F1 goal hijacking");
    // Its failure mode is a schema default, not a claim: no disclosure badge.
    expect(hijack).not.toContain('class="chip mode"');
    expect(hijack).not.toContain("task ambiguity overshare");

    const utility = cardOf(page, f4.id);
    expect(utility).toContain("benign evaluator");
    expect(utility).not.toContain("adversarial evaluator");
    expect(utility).not.toContain("payload");
  });

  it("reports an F2 (terminal) task apart, with its family's name and the attacker's command", async () => {
    const f2 = await injectionTask("F2");
    if (f2.attack?.family !== "F2") throw new Error("fixture: not an F2 task");
    const runDir = await writeInjectionRun(tempDir(), "20261201T100000Z-inj005", "gullible", [
      { scenario: f2, epoch: 0, benign: false, adversarial: true },
      { scenario: f1, epoch: 0, benign: true, adversarial: false },
    ]);
    expect((await runCli(["report", runDir])).status).toBe(0);
    const page = readFileSync(join(runDir, "report.html"), "utf8");
    expect(page).toContain("all attacks (F1, F2)");
    const card = cardOf(page, f2.id);
    expect(card).toContain("F2 terminal and supply chain");
    expect(card).toContain(`attacker's command <code>${escapeHtml(f2.attack.command)}</code>`);
    expect(card).toContain(`<blockquote class="attacker searchable">${escapeHtml(f2.attack.payload.text)}</blockquote>`);
  });

  it("shows a task scored on both axes with its disclosure header and its attack", async () => {
    const runDir = await writeInjectionRun(tempDir(), "20261201T100000Z-inj004", "gullible", episodes());
    const run = await loadReportRun(runDir);
    // The same task with items: the card keeps the disclosure header and adds the attack below it.
    const both = { ...f1, must_share: ["Standup notes"], must_not_share: ["Budget 2026"] };
    const page = await renderHtmlReport([
      { ...run, scenarios: run.scenarios.map((scenario) => (scenario.id === f1.id ? both : scenario)) },
    ]);
    const card = cardOf(page, f1.id);
    expect(card).toContain('class="chip mode"');
    expect(card).toContain('<span class="label">must not share</span>');
    expect(card).toContain("payload — the attacker's text, not the user's");
    expect(card).toContain("adversarial evaluator");
  });

  it("writes report.md with the injection table first and no empty leaderboard", async () => {
    const runDir = await writeInjectionRun(tempDir(), "20261201T100000Z-inj003", "gullible", episodes());
    const { markdown } = await writeRunReports(runDir);
    const text = readFileSync(markdown, "utf8");
    expect(text).toContain("## Injection: ASR@k, CR and FR per family");
    expect(text).toContain("| gullible | all attacks (F1, F3) |");
    expect(text).not.toContain("## Leaderboard");
    expect(text).not.toContain("## Behaviour");
  });
});
