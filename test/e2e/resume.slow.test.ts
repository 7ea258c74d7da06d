/**
 * Crash safety of the end-to-end track: a browser killed mid-run turns only the episodes that were
 * using it into error records (the run relaunches Chromium and goes on), and a resume redoes just
 * those; a run whose process is killed resumes from its records without losing or repeating any.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import type { ScreenUiAgent } from "../../src/agents/index.js";
import { uiOversharer } from "../../src/agents/ui/scripted/ui-oversharer.js";
import { RUN_FILES, readRecords } from "../../src/records/index.js";
import { resumeRun } from "../../src/runner/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../../src/scenario/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { waitFor } from "../support/wait-for.js";
import { startE2eRun } from "./support/start-e2e-run.js";

/** Chromium browser processes (not its helpers) whose parent is `parent`. */
function chromiumChildren(parent: number): number[] {
  let lines: string[];
  try {
    lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(parent)], { encoding: "utf8" }).split("\n");
  } catch {
    return []; // ps exits 1 when the process has no children
  }
  return lines
    .map((line) => line.trim().match(/^(\d+)\s+(.*)$/))
    .filter((match): match is RegExpMatchArray => match !== null && /chrom/i.test(match[2] ?? "") && !/--type=/.test(match[2] ?? ""))
    .map((match) => Number(match[1]));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
const few = scenarios.filter((scenario) => scenario.id.startsWith("maps-eta-")).slice(0, 4);

describe("end-to-end crash safety", { timeout: 600_000 }, () => {
  it("a browser killed mid-run becomes error records for the episodes using it; the run goes on and a resume completes it", async () => {
    let killed: number[] = [];
    // The oversharer, except that the first time it reaches step 3 of an episode it kills the run's Chromium.
    const crasher: ScreenUiAgent = {
      ...uiOversharer,
      start(input, hints, context) {
        const episode = uiOversharer.start(input, hints, context);
        return {
          async next(step) {
            if (step.step === 3 && killed.length === 0) {
              killed = chromiumChildren(process.pid);
              for (const pid of killed) process.kill(pid, "SIGKILL");
              await waitFor(() => killed.every((pid) => !alive(pid)), "the killed Chromium to be gone");
            }
            return episode.next(step);
          },
        };
      },
    };
    const out = tempDir("safecua-e2e-crash-");
    const first = await startE2eRun({ scenarios: few, arms: [{ agent: crasher, defense: "none" }], concurrency: 2, outDir: out });
    expect(killed.length).toBe(1);
    const errors = first.records.filter((record) => record.status === "error");
    const done = first.records.filter((record) => record.status !== "error");
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.length).toBeLessThanOrEqual(2); // at most the episodes in flight (concurrency 2)
    for (const record of errors) expect(record.error?.kind).toBe("browser");
    expect(done.length).toBeGreaterThanOrEqual(2); // later episodes ran in a relaunched Chromium
    for (const record of done) expect(record.status).toBe("completed");

    const resumed = await resumeRun(first.runDir, {
      loadScenarios: async () => few,
      resolveAgent: () => uiOversharer,
      concurrency: 2,
    });
    expect(resumed.missing).toBe(0);
    const keys = resumed.records.map((record) => record.key).sort();
    expect(keys).toEqual([...new Set(keys)]);
    expect(keys).toHaveLength(few.length);
    expect(resumed.records.every((record) => record.status === "completed")).toBe(true);
    // Records that were already finished are kept as they were, not re-run.
    for (const record of done) expect(resumed.records.find((candidate) => candidate.key === record.key)).toEqual(record);
  });

  it("a killed bench process leaves no browser behind and resumes without losing or repeating an episode", async () => {
    const out = tempDir("safecua-e2e-kill-");
    // Three scenarios of one built-in pack: enough to kill the run between its first and last record.
    const pack = parse(readFileSync(join(PROJECT_ROOT, "packs", "builtin", "maps-routes-eta.yaml"), "utf8")) as { scenarios: unknown[] };
    const dataset = join(tempDir("safecua-e2e-kill-pack-"), "three.yaml");
    writeFileSync(dataset, stringify({ ...pack, scenarios: pack.scenarios.slice(0, 3) }));
    const child = spawn(
      process.execPath,
      [
        join(PROJECT_ROOT, "bin", "safecua.js"),
        "bench",
        "--track",
        "e2e",
        "--agent",
        "oversharer",
        "--dataset",
        dataset,
        "--concurrency",
        "1",
        "--out",
        out,
      ],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, NO_COLOR: "1" },
        stdio: "ignore",
      },
    );
    const pid = child.pid as number;
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    let browsers: number[] = [];
    let runDir = "";
    // Wait for the first finished record, then kill the run outright.
    for (let waited = 0; waited < 300_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      browsers = browsers.length > 0 ? browsers : chromiumChildren(pid);
      const dirs = existsSync(out) ? readdirSync(out).filter((name) => existsSync(join(out, name, RUN_FILES.records))) : [];
      if (dirs[0]) runDir = join(out, dirs[0]);
      // A newline ends a whole record; text before it may be a record still being written.
      if (runDir && readFileSync(join(runDir, RUN_FILES.records), "utf8").includes("\n")) break;
    }
    expect(runDir).not.toBe("");
    child.kill("SIGKILL");
    await exited;
    const before = readRecords(runDir).records;
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.length).toBeLessThan(3);
    expect(browsers.length).toBe(1);
    // Chromium notices its parent is gone (its pipe closes) and exits on its own.
    await expect.poll(() => browsers.filter(alive).length, { timeout: 15_000 }).toBe(0);

    // Generous: on a loaded 2-core CI machine, Chromium's launch and two episodes can take minutes.
    const resumed = await runCli(["bench", "--resume", runDir, "--json"]);
    expect(resumed.status, resumed.stderr).toBe(0);
    const { records, dropped } = readRecords(runDir);
    expect(dropped).toEqual([]);
    const keys = records.map((record) => record.key).sort();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    for (const record of before) expect(records.find((candidate) => candidate.key === record.key)).toEqual(record);
    expect(JSON.parse(resumed.stdout).agents[0]).toMatchObject({ agent: "oversharer", n: 3, errors: 0 });
  });
});
