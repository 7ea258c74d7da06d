import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { oversharer } from "../../src/agents/reference/oversharer.js";
import { refuser } from "../../src/agents/reference/refuser.js";
import { type EpisodeRecord, readRecords } from "../../src/records/index.js";
import { resumeRun } from "../../src/runner/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";
import { tempDir } from "../support/temp-dir.js";
import { slowAgent } from "./fixtures/slow-agent.js";

// A run killed with SIGKILL needs a process to kill: this lives in the slow tier.
const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
const keysOf = (records: EpisodeRecord[]) => records.map((record) => record.key).sort();

describe("resumeRun after a kill", () => {
  const resolve = (id: string) => (id === "slow-oversharer" ? slowAgent(0) : id === "oversharer" ? oversharer : refuser);
  const load = async () => scenarios;

  it("after SIGKILL, keeps every finished record once and runs only the rest", async () => {
    const out = tempDir();
    const child = spawn(process.execPath, ["--import", "tsx", join(PROJECT_ROOT, "test/runner/fixtures/slow-run.ts"), out], {
      cwd: PROJECT_ROOT,
      stdio: "ignore",
    });
    let runDir = "";
    let before: EpisodeRecord[] = [];
    for (let waited = 0; waited < 20_000 && before.length < 10; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [name] = (() => {
        try {
          return readdirSync(out);
        } catch {
          return [];
        }
      })();
      if (name) {
        runDir = join(out, name);
        before = readRecords(runDir).records;
      }
    }
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    before = readRecords(runDir).records;
    const total = scenarios.length * 2;
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.length).toBeLessThan(total);

    const result = await resumeRun(runDir, { loadScenarios: load, resolveAgent: resolve, concurrency: 4 });
    const after = readRecords(runDir);
    expect(after.dropped).toEqual([]);
    expect(after.records).toHaveLength(total);
    expect(new Set(keysOf(after.records)).size).toBe(total);
    for (const record of before) expect(after.records.find((other) => other.key === record.key)).toEqual(record);
    expect(result.summary.agents[0]?.n).toBe(total);
  });
});
