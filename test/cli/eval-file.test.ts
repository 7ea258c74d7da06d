import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/corpus.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const EXAMPLE = join(PROJECT_ROOT, "examples", "eval.yaml");

function manifestOf(out: string, runId: string) {
  return JSON.parse(readFileSync(join(out, runId, "manifest.json"), "utf8"));
}

function evalFile(text: string): string {
  const path = join(tempDir(), "eval.yaml");
  writeFileSync(path, text);
  return path;
}

describe("safecua bench -c eval.yaml", () => {
  it("runs the shipped example, lets flags override it and keeps the resolved settings in the manifest", async () => {
    const out = tempDir();
    const result = await runCli([
      "bench",
      "-c",
      EXAMPLE,
      "--agent",
      "minimal",
      "--limit",
      "3",
      "--out",
      out,
      "--json",
      "--resamples",
      "200",
    ]);
    expect(result.status).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ name: "reference-baseline", tags: ["example", "reference"] });
    expect(summary.agents.map((row: { agent: string }) => row.agent)).toEqual(["minimal"]);
    const manifest = manifestOf(out, summary.run_id);
    expect(manifest).toMatchObject({ name: "reference-baseline", tags: ["example", "reference"], agents: ["minimal"] });
    expect(manifest.dataset.scenario_count).toBe(3);
    expect(manifest.config.file).toBe(EXAMPLE);
    // The file's values where no flag was given, the flags' where one was, the defaults elsewhere.
    expect(manifest.config.bench).toMatchObject({
      name: "reference-baseline",
      suite: "disclosure",
      track: "state-grounded",
      agents: ["minimal"],
      limit: 3,
      epochs: 1,
      seed: 42,
      resamples: 200,
      gates: { max_leakage: 1, min_utility: 0 },
    });
    // A state-grounded run's copy leaves out the end-to-end settings.
    expect(manifest.config.bench).not.toHaveProperty("max_steps");
    // The reports' header names the run and its tags.
    const markdown = readFileSync(join(out, summary.run_id, "report.md"), "utf8");
    expect(markdown.split("\n").slice(0, 3)).toEqual([
      `# safecua run reference-baseline (${summary.run_id})`,
      "",
      "- tags: example, reference",
    ]);
    const html = readFileSync(join(out, summary.run_id, "report.html"), "utf8");
    expect(html).toContain(`<h1>safecua report — reference-baseline (${summary.run_id})</h1>`);
    expect(html).toMatch(/· tags example, reference<\/div>/);
  });

  it("applies the file's gates and selection, and --name on the command line wins over the file's", async () => {
    const out = tempDir();
    const file = evalFile(
      ["bench:", "  name: from-file", "  agents: refuser", "  failure_modes: [TAO]", "  limit: 2", "  gates:", "    min_utility: 50%"].join(
        "\n",
      ),
    );
    const result = await runCli(["bench", "--config", file, "--name", "from-flag", "--out", out, "--resamples", "200"]);
    expect(result.status).toBe(100);
    expect(result.stderr).toContain("gate: refuser: U 0.0% is below --min-utility 50.0%");
    expect(result.stdout.trimStart().split("\n")[0]).toBe("run from-flag");
    const [runId] =
      result.stderr
        .match(/run folder: \S+/)?.[0]
        .split("/")
        .slice(-1) ?? [];
    const manifest = manifestOf(out, runId as string);
    expect(manifest.name).toBe("from-flag");
    expect(manifest.dataset.selection).toEqual({ failure_modes: ["task_ambiguity_overshare"], limit: 2 });
  });

  it("names the file and the field of a bad value, in one line, exit 2", async () => {
    const file = evalFile("bench:\n  epochs: 0\n");
    const result = await runCli(["bench", "-c", file, "--out", tempDir()]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringContaining(`${file}: $.bench.epochs: `)]);
  });

  it("refuses a misspelt key rather than running with the default", async () => {
    const file = evalFile("bench:\n  agent: minimal\n");
    const result = await runCli(["bench", "-c", file, "--out", tempDir()]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`${file.replace(/[.]/g, "\\.")}: \\$\\.bench: .*"agent"`));
  });

  it("names the file and the nested field of a bad gate", async () => {
    const file = evalFile("bench:\n  gates:\n    max_leakage: 120%\n");
    const result = await runCli(["bench", "-c", file, "--out", tempDir()]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${file}: $.bench.gates.max_leakage: a rate from 0 to 1`);
  });

  it("reads dataset paths relative to the file", async () => {
    const dir = tempDir();
    const file = join(dir, "eval.yaml");
    writeFileSync(file, "bench:\n  dataset: missing-pack\n");
    const result = await runCli(["bench", "-c", file, "--out", tempDir()]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(join(dir, "missing-pack"));
  });
});

describe("an eval file's values that only a run can check", () => {
  it("an unknown agent names the file and the list entry, not a flag the user never typed", async () => {
    const file = evalFile("bench:\n  agents: [minimal, gpt-9]\n");
    const result = await runCli(["bench", "-c", file, "--out", tempDir()]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toMatch(new RegExp(`^${file.replace(/[.]/g, "\\.")}: \\$\\.bench\\.agents\\[1\\]: unknown agent`));
  });

  it("the same agent given as a flag is still named by the flag", async () => {
    const file = evalFile("bench:\n  agents: [minimal]\n");
    const result = await runCli(["bench", "-c", file, "--agent", "gpt-9", "--out", tempDir()]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--agent gpt-9: unknown agent");
  });
});
