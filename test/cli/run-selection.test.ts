import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILTIN_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** A state-grounded run of the refuser (no model, no browser) with these extra flags; its folder. */
async function bench(out: string, ...flags: string[]): Promise<string> {
  const result = await runCli(["bench", "--out", out, "--agent", "refuser", "--resamples", "50", "--json", ...flags]);
  expect(result.status, result.stderr).toBe(0);
  return join(out, JSON.parse(result.stdout).run_id);
}

describe("runs of a subset of a dataset", () => {
  it("report checks a --limit run against its selection, and still tells a dataset that changed", async () => {
    const out = tempDir();
    const limited = await bench(out, "--limit", "3");
    const report = await runCli(["report", limited]);
    expect(report.status).toBe(0);
    expect(report.stderr).not.toContain("changed");

    // The same selection of a dataset whose first scenario was edited afterwards is a changed dataset.
    const dataset = join(out, "pack");
    cpSync(BUILTIN_PACK_DIR, dataset, { recursive: true });
    const own = await bench(out, "--dataset", dataset, "--scenario", "calendar-*");
    const calendar = join(dataset, "calendar-availability.yaml");
    const text = readFileSync(calendar, "utf8");
    expect(text).toContain('task: "Let ');
    writeFileSync(calendar, text.replace('task: "Let ', 'task: "Please let '));
    const changed = await runCli(["report", own]);
    expect(changed.status).toBe(0);
    expect(changed.stderr).toContain(`the dataset at ${dataset} changed since`);
  });

  it("compare of a full run and a subset of the same pack says how many scenarios they share, and pairs on those", async () => {
    const out = tempDir();
    const all = (await loadScenarios([BUILTIN_PACK_DIR])).scenarios.length;
    const full = await bench(out);
    const subset = await bench(out, "--limit", "5");
    const result = await runCli(["compare", full, subset, "--json"]);
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain("different datasets");
    expect(result.stderr).toContain(
      `the runs cover different scenarios: ${all} in A, 5 in B, 5 in both; the paired comparisons use only the 5 shared`,
    );
    const comparison = JSON.parse(result.stdout);
    expect(comparison.scenarios).toEqual({ a: all, b: 5, shared: 5 });
    expect(comparison.comparisons[0].pairs).toBe(5);
  });
});
