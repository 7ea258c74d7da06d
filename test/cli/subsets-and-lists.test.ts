import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILTIN_PACK_DIR, INJECTION_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const builtin = async () => (await loadScenarios([BUILTIN_PACK_DIR])).scenarios;
const idsRun = (runDir: string) => [
  ...new Set(
    readFileSync(join(runDir, "records.jsonl"), "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line).scenario_id as string),
  ),
];

describe("bench subsets", () => {
  it("--scenario takes ids and globs, repeatable; --limit keeps the first N in dataset order; a resume keeps the subset", async () => {
    const all = await builtin();
    const calendar = all.filter((scenario) => scenario.id.startsWith("calendar-")).map((scenario) => scenario.id);
    const other = all.find((scenario) => !scenario.id.startsWith("calendar-"))?.id as string;
    expect(calendar.length).toBeGreaterThan(2);
    const out = tempDir();
    const result = await runCli([
      "bench",
      "--out",
      out,
      "--agent",
      "oversharer,refuser",
      "--scenario",
      "calendar-*",
      "--scenario",
      other,
      "--json",
      "--resamples",
      "50",
    ]);
    expect(result.status).toBe(0);
    const summary = JSON.parse(result.stdout);
    const runDir = join(out, summary.run_id);
    expect(idsRun(runDir).sort()).toEqual([...calendar, other].sort());
    expect(summary.agents[0].n).toBe(calendar.length + 1);

    // Drop the last records; the resume must run the same subset, not the whole pack.
    const records = join(runDir, "records.jsonl");
    const lines = readFileSync(records, "utf8").trimEnd().split("\n");
    writeFileSync(records, `${lines.slice(0, -2).join("\n")}\n`);
    const resumed = await runCli(["bench", "--resume", runDir, "--json", "--resamples", "50"]);
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`running 2 of ${lines.length} episodes`));
    expect(readFileSync(records, "utf8").trimEnd().split("\n")).toHaveLength(lines.length);

    const limited = await runCli(["bench", "--out", tempDir(), "--agent", "refuser", "--limit", "3", "--json", "--resamples", "50"]);
    expect(limited.status).toBe(0);
    expect(JSON.parse(limited.stdout).agents[0].n).toBe(3);
  });

  it("--failure-mode (or its short name), --category and --app filter together", async () => {
    const all = await builtin();
    const expected = all.filter((scenario) => scenario.failure_mode === "task_ambiguity_overshare" && scenario.state.shop !== undefined);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const out = tempDir();
    const result = await runCli([
      "bench",
      "--out",
      out,
      "--agent",
      "refuser",
      "--failure-mode",
      "TAO",
      "--app",
      "shop",
      "--json",
      "--resamples",
      "50",
    ]);
    expect(result.status).toBe(0);
    expect(idsRun(join(out, JSON.parse(result.stdout).run_id)).sort()).toEqual(expected.map((scenario) => scenario.id).sort());

    const categories = await runCli(["list", "scenarios", "--category", "calendar_availability", "--json"]);
    const rows = JSON.parse(categories.stdout) as Array<{ id: string; category: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.category === "calendar_availability")).toBe(true);
  });

  it("exits 2 for a pattern that matches nothing, on either track, before any episode", async () => {
    for (const track of ["state-grounded", "e2e"]) {
      const result = await runCli(["bench", "--out", tempDir(), "--track", track, "--scenario", "no-such-*"]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('--scenario: no scenario matches no-such-*; "safecua list scenarios" shows the ids');
    }
    const filteredOut = await runCli([
      "bench",
      "--out",
      tempDir(),
      "--scenario",
      "calendar-*",
      "--app",
      "code_editor",
      "--category",
      "shopping_procurement",
    ]);
    expect(filteredOut.status).toBe(2);
    expect(filteredOut.stderr).toContain(
      "no scenario of 36 is left after --scenario calendar-* --category shopping_procurement --app code_editor",
    );
    const badMode = await runCli(["bench", "--failure-mode", "XYZ"]);
    expect(badMode.status).toBe(2);
    expect(badMode.stderr).toContain("XYZ: expected one of visual_co_location");
  });
});

describe("safecua list", () => {
  it("lists scenarios as tab-separated lines or JSON, for a dataset given", async () => {
    const all = await builtin();
    const text = await runCli(["list", "scenarios"]);
    expect(text.status).toBe(0);
    const lines = text.stdout.trimEnd().split("\n");
    expect(lines.map((line) => line.split("\t")[0])).toEqual(all.map((scenario) => scenario.id));
    expect(lines[0]?.split("\t")[1]).toMatch(/^(VCL|TAO|RMA)$/);
    const dir = tempDir();
    const one = all[0] as (typeof all)[number];
    writeFileSync(join(dir, "one.json"), JSON.stringify({ ...one, id: "my-own-1" }));
    const own = await runCli(["list", "scenarios", "--dataset", dir, "--json"]);
    expect(own.status).toBe(0);
    expect(JSON.parse(own.stdout).map((row: { id: string }) => row.id)).toEqual(["my-own-1"]);
  });

  it("shows an injection task's family in place of its default failure mode, with --suite injection", async () => {
    const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
    const hijack = scenarios.find((scenario) => scenario.attack?.family === "F1" && scenario.must_not_share.length === 0);
    expect(hijack).toBeDefined();
    const text = await runCli(["list", "scenarios", "--suite", "injection", "--scenario", hijack?.id as string]);
    expect(text.status).toBe(0);
    expect(text.stdout.trimEnd().split("\t").slice(0, 2)).toEqual([hijack?.id, "F1"]);
    const json = await runCli(["list", "scenarios", "--suite", "injection", "--json"]);
    const rows = JSON.parse(json.stdout) as Array<{ id: string; family: string | null }>;
    expect(rows).toHaveLength(scenarios.length);
    expect(rows.find((row) => row.id === hijack?.id)?.family).toBe("F1");
    // Disclosure scenarios have no family.
    const builtinRows = JSON.parse((await runCli(["list", "scenarios", "--json", "--limit", "1"])).stdout);
    expect(builtinRows[0].family).toBeNull();
  });

  it("lists agents, defenses and runs", async () => {
    const agents = JSON.parse((await runCli(["list", "agents", "--json"])).stdout) as Array<{ id: string; tracks: string[] }>;
    expect(agents.map((agent) => agent.id)).toEqual(expect.arrayContaining(["oversharer", "minimal", "ci-rules", "refuser", "gullible"]));
    expect(agents.find((agent) => agent.id === "ci-rules")?.tracks).toEqual(["state-grounded"]);
    const defenses = await runCli(["list", "defenses"]);
    expect(
      defenses.stdout
        .trimEnd()
        .split("\n")
        .map((line) => line.split("\t")[0]),
    ).toEqual(["none", "restrictive", "rubric_informed", "recipient_typed"]);
    const out = tempDir();
    const bench = await runCli(["bench", "--out", out, "--agent", "refuser", "--limit", "2", "--json", "--resamples", "50"]);
    const runId = JSON.parse(bench.stdout).run_id;
    const runs = await runCli(["list", "runs", out, "--json"]);
    expect(runs.status).toBe(0);
    expect(JSON.parse(runs.stdout)).toMatchObject([{ id: runId, records: 2, rows: [{ agent: "refuser" }] }]);
    expect((await runCli(["list", "runs", out])).stdout).toMatch(new RegExp(`^${runId}\t`));
  });

  it("the workspace's unknown-scenario error points at list", async () => {
    const result = await runCli(["workspace", "serve", "definitely-not-a-scenario"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"safecua list scenarios" lists them');
  });
});
