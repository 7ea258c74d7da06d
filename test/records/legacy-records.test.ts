import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AgentSummary,
  isScored,
  RUN_FILES,
  type RunSummary,
  readManifest,
  readRecords,
  summarizeRun,
} from "../../src/records/index.js";
import { loadReportRun, renderHtmlReport } from "../../src/report/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";

/**
 * Run folders written by safecua 0.1 before records had their own module (commit fe6324c): a
 * state-grounded run (completed, refused, a parse error with usage, a model failure, a judge
 * failure that kept the answer, judged records) and two end-to-end runs (steps, screenshots, a
 * step-limit record). Records on users' disks must keep loading, and summarise to the numbers they
 * summarised to then, but for two changes made on purpose (issue 15): a rate at 0/n or n/n now
 * has a Wilson interval instead of a point (or none at n = 1), and an end-to-end episode that hit
 * the step limit having sent nothing is no longer engaged.
 */
const LEGACY = join(PROJECT_ROOT, "test", "records", "fixtures", "legacy-0.1");
const runs = readdirSync(LEGACY).map((name) => join(LEGACY, name));

describe("records written by safecua 0.1", () => {
  it.each(runs)("%s: every line loads, and the summary is the one written then", (runDir) => {
    const manifest = readManifest(runDir);
    const { records, dropped } = readRecords(runDir);
    expect(dropped).toEqual([]);
    const lines = readFileSync(join(runDir, RUN_FILES.records), "utf8").trim().split("\n");
    expect(records).toHaveLength(lines.length);
    const written = JSON.parse(readFileSync(join(runDir, RUN_FILES.summary), "utf8")) as RunSummary;
    const now = summarizeRun(manifest, records);
    expect(now.agents.map((row) => [row.agent, row.defense, row.n, row.errors])).toEqual(
      written.agents.map((row) => [row.agent, row.defense, row.n, row.errors]),
    );
    for (const [index, row] of now.agents.entries()) {
      const old = written.agents[index] as AgentSummary;
      const silentLimits = records.filter(
        (record) => record.agent === row.agent && record.status === "limit" && record.output.shared_content.length === 0,
      ).length;
      for (const metric of ["utility", "leakage", "refusal", "engaged_leakage"] as const) {
        const before = old[metric];
        const after = row[metric];
        if (metric === "engaged_leakage") expect(after.n).toBe(before.n - silentLimits);
        else expect([after.value, after.k, after.n]).toEqual([before.value, before.k, before.n]);
        // An interval that was not a point is untouched at one epoch; an edge rate's point became an interval.
        const [low, high] = before.ci ?? [0, 0];
        if (before.ci !== null && low < high) expect(after.ci).toEqual(before.ci);
        else if (after.n > 0 && (after.k === 0 || after.k === after.n))
          expect((after.ci as [number, number])[1]).toBeGreaterThan((after.ci as [number, number])[0]);
      }
    }
  });

  it("keeps every kind of record the old code wrote, each typed by its status", () => {
    const all = runs.flatMap((runDir) => readRecords(runDir).records);
    expect(new Set(all.map((record) => record.status))).toEqual(new Set(["completed", "refused", "error", "limit"]));
    const errors = all.filter((record) => record.status === "error");
    expect(errors.map((record) => record.error.kind).sort()).toEqual(["judge_parse", "parse", "server"]);
    // A judge failure kept the agent's answer and the matcher's score beside the judge's error.
    const judged = errors.find((record) => record.error.kind === "judge_parse");
    expect(judged?.output?.shared_content.length).toBeGreaterThan(0);
    expect(judged?.judge?.deterministic).toBeDefined();
    // A parse error kept the tokens it spent.
    expect(errors.find((record) => record.error.kind === "parse")?.usage).toMatchObject({ calls: 1, input_tokens: 11, output_tokens: 7 });
    for (const record of all.filter(isScored)) expect(record.score.matcher).toBe("strict");
    const limit = all.find((record) => record.status === "limit");
    expect(limit?.steps?.map((step) => step.action_text)).toContain("(unusable reply)");
  });

  it("reports them, steps and screenshots included", async () => {
    const run = await loadReportRun(join(LEGACY, "e2e-limit"));
    const [steps] = [...(run.steps?.values() ?? [])];
    expect(steps?.length).toBe(3);
    expect(steps?.some((step) => step.screenshot !== undefined && "data_uri" in step.screenshot)).toBe(true);
    const html = await renderHtmlReport([run, await loadReportRun(join(LEGACY, "state"))]);
    expect(html).toContain("openai-compatible:legacy-model");
    expect(html).toContain("judge_parse");
  });
});
