import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isScored, RUN_FILES, readManifest, readRecords, summarizeRun } from "../../src/records/index.js";
import { loadReportRun, renderHtmlReport } from "../../src/report/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";

/**
 * Run folders written by safecua 0.1 before records had their own module (commit fe6324c): a
 * state-grounded run (completed, refused, a parse error with usage, a model failure, a judge
 * failure that kept the answer, judged records) and two end-to-end runs (steps, screenshots, a
 * step-limit record). Records on users' disks must keep loading, and summarise to the very numbers
 * they summarised to then.
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
    const written = JSON.parse(readFileSync(join(runDir, RUN_FILES.summary), "utf8"));
    expect(summarizeRun(manifest, records)).toEqual(written);
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
