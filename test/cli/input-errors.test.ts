import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** Bad input and missing prerequisites: one line naming the file (and JSON path) or the flag, exit 2, no stack trace. */
const hasStack = (text: string) => /\n\s+at .+:\d+:\d+/.test(text);

function badRunFolder(): string {
  const runDir = join(tempDir(), "run");
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, "manifest.json"), JSON.stringify({ run_id: "r", created_at: "now", arms: "all of them" }));
  writeFileSync(join(runDir, "records.jsonl"), "");
  return runDir;
}

describe("input errors", () => {
  it("a resume of a folder with a bad manifest names the file and the field, in one line, exit 2", async () => {
    const runDir = badRunFolder();
    const result = await runCli(["bench", "--resume", runDir]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(`${join(runDir, "manifest.json")}: $.`);
    expect(hasStack(result.stderr)).toBe(false);
  });

  it("a manifest that is not JSON says so and names the file", async () => {
    const runDir = badRunFolder();
    writeFileSync(join(runDir, "manifest.json"), "{ not json");
    const result = await runCli(["report", runDir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`${join(runDir, "manifest.json").replace(/[.]/g, "\\.")}: not valid JSON`));
  });

  it("prints the stack with --debug or SAFECUA_DEBUG=1, still exit 2", async () => {
    const runDir = badRunFolder();
    const flagged = await runCli(["bench", "--resume", runDir, "--debug"]);
    expect(flagged.status).toBe(2);
    expect(hasStack(flagged.stderr)).toBe(true);
    const env = await runCli(["bench", "--resume", runDir], { env: { SAFECUA_DEBUG: "1" } });
    expect(env.status).toBe(2);
    expect(hasStack(env.stderr)).toBe(true);
  });

  it("a missing Chromium is one line and exit 2, before any run folder exists", async () => {
    const out = tempDir();
    const result = await runCli(["bench", "--track", "e2e", "--out", out], { env: { SAFECUA_CHROMIUM: "/nonexistent/chromium" } });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Chromium not found or not executable at /nonexistent/chromium (SAFECUA_CHROMIUM)");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(hasStack(result.stderr)).toBe(false);
  });

  it("a bad model config file names the file and the key", async () => {
    const dir = tempDir();
    const config = join(dir, "safecua.config.yaml");
    writeFileSync(config, "endpoints:\n  - name: local\n    base_url: 12\n");
    const result = await runCli(["bench", "--agent", "openai-compatible:local/m", "--config", config, "--out", dir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(config);
    expect(hasStack(result.stderr)).toBe(false);
  });

  it("an unknown --guard-ablate name lists the valid ones, exit 2, before any run folder exists", async () => {
    const out = tempDir();
    const result = await runCli([
      "bench",
      "--track",
      "e2e",
      "--agent",
      "guarded:scripted",
      "--guard-ablate",
      "echo-demotion,contain",
      "--out",
      out,
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      '--guard-ablate echo-demotion,contain: unknown guard ablation "contain"; valid: echo-demotion, containment, differential-check, coverage-cap, capacity-grammars, terminal-trust, endorsement-by-shape, shape-provenance',
    );
    expect(readdirSync(out)).toEqual([]);
  });

  it("a resume keeps the manifest's ablations: --guard-ablate given again is ignored, as the other guard flags are", async () => {
    const result = await runCli(["bench", "--resume", badRunFolder(), "--guard-ablate", "containment"]);
    expect(result.stderr).toContain("--resume: ignoring --guard-ablate; the run's manifest decides them");
  });
});
