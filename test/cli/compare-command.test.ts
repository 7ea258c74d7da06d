import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, type FixtureEpisode, REFUSAL, writeFixtureRun } from "../report/fixture-run.js";
import { HEALTH, WORK_A, WORK_B } from "../report/standard-fixture.js";
import { runCli } from "../support/run-cli.js";
import { fixtureScenario } from "../support/scenario-fixture.js";

const OUTPUTS = {
  leak: answer(WORK_A, WORK_B, HEALTH),
  clean: answer(WORK_A, WORK_B),
  "partial-clean": answer(WORK_A),
  refused: REFUSAL,
  error: undefined,
} as const;
type Kind = keyof typeof OUTPUTS;

// The hand-computed case of test/report/paired-comparisons.test.ts, now through real scoring and run folders.
const A: Kind[] = ["leak", "leak", "leak", "leak", "leak", "leak", "clean", "partial-clean", "refused", "error"];
const B: Kind[] = ["clean", "clean", "clean", "clean", "leak", "refused", "clean", "clean", "clean", "clean"];
const scenarios = A.map((_, i) => fixtureScenario({ id: `s-${i}` }));
const episodes = (agent: string, kinds: Kind[], defense = "none"): FixtureEpisode[] =>
  kinds.map((kind, i) => ({
    agent,
    defense,
    scenario_id: `s-${i}`,
    ...(kind === "error" ? { error: { kind: "test", message: "x" } } : { output: OUTPUTS[kind] }),
  }));

let root: string;
let runA: string;
let runB: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "safecua-compare-cli-"));
  const runs = join(root, "runs");
  runA = await writeFixtureRun(runs, {
    runId: "20261129T100000Z-aaaaaa",
    scenarios,
    episodes: [...episodes("m", A), ...episodes("m", B, "restrictive")],
  });
  runB = await writeFixtureRun(runs, { runId: "20261130T100000Z-bbbbbb", scenarios, episodes: episodes("m", B) });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("safecua compare", () => {
  it("prints the paired differences of two runs as JSON, matching the hand-computed values", async () => {
    const result = await runCli(["compare", runA, runB, "--json"]);
    expect(result.status).toBe(0);
    const [comparison] = JSON.parse(result.stdout).comparisons;
    expect(comparison.a).toMatchObject({ agent: "m", defense: "none", run_id: "20261129T100000Z-aaaaaa" });
    expect(comparison.pairs).toBe(9);
    expect(comparison.utility).toMatchObject({ n: 9, b01: 2, b10: 1, p_value: 1 });
    expect(comparison.utility.difference).toBeCloseTo(1 / 9, 12);
    expect(comparison.engaged_leakage).toMatchObject({ n: 7, b01: 0, b10: 4, p_value: 0.125 });
    expect(comparison.engaged_leakage.difference).toBeCloseTo(-4 / 7, 12);
    expect(comparison.engaged_leakage.ci[1]).toBeLessThan(0);
    expect(result.stderr).toContain("1 scenario(s) where either arm has only errors were left out");
  });

  it("sweeps a run's defenses when given one run, and prints a table", async () => {
    const result = await runCli(["compare", runA, "--wide"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\| m +\| m \[restrictive\] +\| 9 +\|/);
    expect(result.stdout).toContain("−57.1 pp [");
  });

  it("compares two rows of one run chosen with --a and --b", async () => {
    const result = await runCli(["compare", runA, "--a", "m::none", "--b", "m::restrictive", "--json"]);
    expect(JSON.parse(result.stdout).comparisons[0].engaged_leakage.b10).toBe(4);
  });

  it("exits 2 when there is nothing to compare", async () => {
    const result = await runCli(["compare", runB]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("no defense rows to sweep");
    expect((await runCli(["compare", runA, runB, "--a", "ghost"])).status).toBe(2);
  });
});

describe("safecua compare in a terminal", () => {
  it("fits 100 columns by default and prints every column on one line with --wide", async () => {
    for (const args of [[runA, runB], [runA]]) {
      const result = await runCli(["compare", ...args]);
      expect(result.status).toBe(0);
      const lines = result.stdout.split("\n");
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(100);
      expect(result.stdout).toMatch(/^ {2}U +\d+\.\d% → \d+\.\d% +[+−]?\d+\.\d pp \[.*\] +p \d\.\d{3} +MDE ±\d+\.\d pp$/m);
      expect(result.stdout).toMatch(/^ {2}L_eng .* p [<\d.]+ +MDE ±\d+\.\d pp +\d+ engaged pairs$/m);
    }
    const sweep = await runCli(["compare", runA]);
    expect(sweep.stdout).toContain("m → m [restrictive]: 9 pairs");
    const wide = await runCli(["compare", runA, runB, "--wide"]);
    expect(wide.stdout).toContain("| ΔU [95% CI]");
    expect(wide.stdout).toContain("refusal A → B");
    expect(Math.max(...wide.stdout.split("\n").map((line) => line.length))).toBeGreaterThan(100);
  });
});
