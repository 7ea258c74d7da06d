import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScenarios, SUBSET_PACK_FILE } from "../../src/scenario/index.js";
import { CORPUS_DIR, HAS_CORPUS } from "../support/corpus.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const RELEASED = join(CORPUS_DIR, "scenarios");

describe("safecua sample", () => {
  it("writes a stratified subset of the built-in pack that loads back, the same bytes for the same seed", async () => {
    const dir = tempDir("safecua-sample-");
    const first = join(dir, "first");
    const result = await runCli(["sample", "--n", "12", "--by", "failure_mode,category", "--seed", "3", "-o", first, "--json"]);
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed.files).toEqual([SUBSET_PACK_FILE]);
    const { scenarios, problems } = await loadScenarios([first]);
    expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(scenarios.map((scenario) => scenario.id).sort()).toEqual([...printed.ids].sort());
    // The built-in pack has 12 of each failure mode in 36: a third of 12 each.
    const modes = printed.composition.filter((row: { key: string }) => row.key === "failure_mode");
    expect(modes.map((row: { pool: number; sample: number }) => [row.pool, row.sample])).toEqual([
      [12, 4],
      [12, 4],
      [12, 4],
    ]);
    const again = join(dir, "again");
    expect((await runCli(["sample", "--n", "12", "--by", "failure_mode,category", "--seed", "3", "-o", again])).status).toBe(0);
    expect(readFileSync(join(again, SUBSET_PACK_FILE), "utf8")).toBe(readFileSync(join(first, SUBSET_PACK_FILE), "utf8"));
  });

  it("prints the pool's composition beside the sample's", async () => {
    const dir = tempDir("safecua-sample-");
    const result = await runCli(["sample", "--n", "6", "--seed", "1", "-o", join(dir, "table")]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\| by +\| value +\| pool \(n = 36\) +\| sample \(n = 6\) +\|/);
    expect(result.stdout).toMatch(/\| failure_mode +\| visual_co_location +\| 12 \(33\.3%\) +\| 2 \(33\.3%\) +\|/);
    expect(result.stdout).toMatch(/\| app +\| messenger/);
  });

  it.skipIf(!HAS_CORPUS)("copies released AgentCIBench files byte for byte", async () => {
    const dir = tempDir("safecua-sample-");
    const out = join(dir, "released");
    const result = await runCli(["sample", "--dataset", RELEASED, "--n", "5", "--seed", "2", "-o", out, "--json"]);
    expect(result.status).toBe(0);
    const { files } = JSON.parse(result.stdout);
    expect(files).toHaveLength(5);
    for (const file of files) expect(readFileSync(join(out, file))).toEqual(readFileSync(join(RELEASED, file)));
  });

  it("rejects an unknown stratum, too large an n, and a folder that is not empty, as bad usage", async () => {
    const dir = tempDir("safecua-sample-");
    expect((await runCli(["sample", "--n", "3", "--by", "colour", "-o", join(dir, "x")])).status).toBe(2);
    expect((await runCli(["sample", "--n", "37", "-o", join(dir, "y")])).status).toBe(2);
    const full = join(dir, "full");
    expect((await runCli(["sample", "--n", "3", "-o", full])).status).toBe(0);
    const again = await runCli(["sample", "--n", "3", "-o", full]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("not empty");
  });
});
