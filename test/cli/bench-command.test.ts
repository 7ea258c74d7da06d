import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REFERENCE_AGENTS } from "../../src/agents/index.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("safecua bench", () => {
  it("runs every reference agent on the built-in pack and prints the summary shape", async () => {
    const out = tempDir();
    const result = await runCli(["bench", "--out", out, "--json", "--resamples", "300"]);
    expect(result.status).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(Object.keys(summary)).toEqual(["run_id", "dataset", "matcher", "agents"]);
    expect(summary).toMatchObject({ dataset: "builtin", matcher: "strict" });
    expect(summary.agents.map((row: { agent: string }) => row.agent)).toEqual(REFERENCE_AGENTS.map((agent) => agent.id));
    for (const row of summary.agents) {
      expect(row).toMatchObject({ defense: "none", errors: 0 });
      for (const metric of ["utility", "leakage", "refusal", "engaged_leakage"]) {
        expect(row[metric]).toHaveProperty("value");
        expect(row[metric]).toHaveProperty("ci");
      }
      expect(Object.keys(row.by_failure_mode).sort()).toEqual(["recipient_misalignment", "task_ambiguity_overshare", "visual_co_location"]);
      expect(Object.keys(row.behaviour).sort()).toEqual(["completed_clean", "completed_leak", "incomplete_clean", "incomplete_leak"]);
    }
    // Without a TTY, progress is one line per finished episode on stderr.
    const n = summary.agents[0].n;
    expect(result.stderr.split("\n").filter((line) => /^\[\d+\/\d+\] /.test(line))).toHaveLength(REFERENCE_AGENTS.length * n);
    const [runId] = readdirSync(out);
    expect(runId).toBe(summary.run_id);
    expect(readdirSync(join(out, runId as string)).sort()).toEqual([
      "manifest.json",
      "records.jsonl",
      "report.html",
      "report.md",
      "summary.json",
    ]);
  });

  it("resumes a run from the CLI without redoing finished episodes", async () => {
    const out = tempDir();
    const first = await runCli(["bench", "--out", out, "--agent", "oversharer,refuser", "--json", "--resamples", "300"]);
    expect(first.status).toBe(0);
    const runDir = join(out, JSON.parse(first.stdout).run_id);
    const records = join(runDir, "records.jsonl");
    const lines = readFileSync(records, "utf8").trimEnd().split("\n");
    writeFileSync(records, `${lines.slice(0, lines.length - 5).join("\n")}\n`);
    const resumed = await runCli(["bench", "--resume", runDir, "--json", "--agent", "minimal", "--resamples", "300"]);
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toContain("--resume: ignoring --agent");
    expect(resumed.stderr).toMatch(new RegExp(`running 5 of ${lines.length} episodes \\(${lines.length - 5} already done\\)`));
    expect(readFileSync(records, "utf8").trimEnd().split("\n")).toHaveLength(lines.length);
    expect(JSON.parse(resumed.stdout).agents).toEqual(JSON.parse(first.stdout).agents);
  });

  it("exits 2 naming an unknown agent", async () => {
    const result = await runCli(["bench", "--out", tempDir(), "--agent", "gpt-9"]);
    expect(result.status).toBe(2);
    const known = REFERENCE_AGENTS.map((agent) => agent.id).join(", ");
    expect(result.stderr).toContain(`--agent gpt-9: unknown agent (known: ${known}, or provider:model`);
  });

  it("exits 2 for a test role of the end-to-end track named in the state-grounded track", async () => {
    const result = await runCli(["bench", "--out", tempDir(), "--agent", "gullible"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--agent gullible: gullible runs in the end-to-end track only (it acts on pages); use --track e2e");
  });
});
