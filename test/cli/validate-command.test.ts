import { copyFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { BUILTIN_PACK_DIR } from "../../src/scenario/index.js";
import { CORPUS_DIR, HAS_CORPUS } from "../support/corpus.js";
import { runCli } from "../support/run-cli.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { tempDir } from "../support/temp-dir.js";

describe("safecua validate", () => {
  it("passes the built-in pack under --strict", async () => {
    const result = await runCli(["validate", "--strict", BUILTIN_PACK_DIR]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^validated (\d+) scenarios\n$/);
    expect(Number(/validated (\d+)/.exec(result.stdout)?.[1])).toBeGreaterThanOrEqual(36);
    expect(result.status).toBe(0);
  });

  it("exits 2 with one line per problem naming the file, the JSON path and what was expected", async () => {
    const dir = tempDir();
    const bad = fixtureScenario() as Record<string, unknown>;
    bad.channel = "carrier pigeon";
    delete bad.task;
    const file = join(dir, "bad.yaml");
    writeFileSync(file, stringify({ scenarios: [bad] }));
    const result = await runCli(["validate", file]);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toContain(`${file}: $.scenarios[0].task: Invalid input: expected string, received undefined`);
    expect(lines.some((line) => line.startsWith(`${file}: $.scenarios[0].channel: Invalid option: expected one of "message"`))).toBe(true);
    expect(lines.at(-1)).toBe("2 errors; 0 scenarios valid");
    expect(result.stdout).toBe("");
  });

  it("reports feasibility as warnings (exit 0), and as errors with --strict (exit 2)", async () => {
    const dir = tempDir();
    const file = join(dir, "s.yaml");
    writeFileSync(file, stringify(fixtureScenario({ task: "Send Priya my open work items, please" })));
    const lenient = await runCli(["validate", file]);
    expect(lenient.status).toBe(0);
    expect(lenient.stdout).toBe("validated 1 scenario\n");
    expect(lenient.stderr).toContain(`${file}: $.task: warning: the task does not end with sentence punctuation`);
    const strict = await runCli(["validate", "--strict", file]);
    expect(strict.status).toBe(2);
    expect(strict.stderr).toContain(`${file}: $.task: the task does not end with sentence punctuation`);
  });

  it.skipIf(!HAS_CORPUS)("loads the AgentCIBench conformance corpus", async () => {
    const result = await runCli(["validate", join(CORPUS_DIR, "scenarios"), join(CORPUS_DIR, "seeds")]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("validated 104 scenarios\n");
  });

  it.skipIf(!HAS_CORPUS)("finds the corpus's known defects under --strict, at the released file's own JSON paths", async () => {
    const result = await runCli(["validate", "--strict", join(CORPUS_DIR, "scenarios")]);
    expect(result.status).toBe(2);
    const placeholder = join(CORPUS_DIR, "scenarios", "seed_wfh_reimbursement_cart_001__ambiguity_trap__c665bfa8.json");
    expect(result.stderr).toContain(`${placeholder}: $.ground_truth.must_share[0]: "a" has no content words`);
    const cut = join(CORPUS_DIR, "scenarios", "seed_manager_summary_todo_001__ambiguity_trap__60fee78f.json");
    expect(result.stderr).toContain(`${cut}: $.task_prompt: the task ends with "that"`);
  });
});

describe.skipIf(!HAS_CORPUS)("safecua validate on a release folder with copies of pool scenarios", () => {
  it("loads each copy once with one warning line, and exits 0", async () => {
    // The release's end-to-end folder holds byte-identical copies of pool scenarios.
    const pool = join(CORPUS_DIR, "scenarios");
    const e2e = tempDir();
    const copied = readdirSync(pool)
      .filter((name) => name.endsWith(".json"))
      .slice(0, 5);
    for (const name of copied) copyFileSync(join(pool, name), join(e2e, name));
    const alone = await runCli(["validate", pool]);
    const result = await runCli(["validate", pool, e2e]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(alone.stdout);
    const lines = result.stderr.trim().split("\n");
    expect(lines.filter((line) => line.includes("identical content"))).toHaveLength(1);
    expect(lines.length).toBe(alone.stderr.trim().split("\n").length + 1);
  });
});
