/**
 * Flakiness as a measured number: runs the test suite (or some tiers of it) several times, each
 * under an optional artificial load, and reports every test that ever failed, with how often.
 *
 *   npx tsx scripts/flaky.ts --runs 3                      # the whole suite, three times
 *   npx tsx scripts/flaky.ts --runs 3 --load 6 --project browser --project slow
 *   npx tsx scripts/flaky.ts --runs 5 -- test/browser      # extra arguments go to vitest
 *
 * `--load K` starts K busy processes for the length of each run; the suite's own workers and
 * Chromium add theirs (on a 2-core machine, `--load 4` under the browser and slow tiers measured a
 * load average of 8–10). Each run reports the one-minute load average it ran under (sampled every
 * 15 s: median and highest), so a pass is known to be a pass at that load. Each run's JSON result
 * and tier times are kept in `--out` (default `.flaky/`), and `flaky-report.json` there sums them
 * up. Each run draws its generated inputs from a new seed (test/support/test-seed.ts), reported
 * with the run, unless SAFECUA_TEST_SEED fixes one for all. Exits 1 when any test failed in any
 * run, 0 otherwise.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    load: { type: "string", default: "0" },
    project: { type: "string", multiple: true },
    out: { type: "string", default: ".flaky" },
  },
  allowPositionals: true,
});
const count = (name: string, text: string, min: number) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}, not "${text}"`);
  return value;
};
const runs = count("runs", values.runs, 1);
const load = count("load", values.load, 0);
const out = values.out;
mkdirSync(out, { recursive: true });

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }> }>;
}

/** Busy processes: a loop each, killed when the run ends. */
function startLoad(processes: number): ChildProcess[] {
  return Array.from({ length: processes }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
}

function vitest(run: number, seed: number): Promise<number> {
  const args = [
    "vitest",
    "run",
    "--reporter=dot",
    "--reporter=json",
    `--outputFile.json=${join(out, `run-${run}.json`)}`,
    "--reporter=./test/support/tier-times-reporter.ts",
    ...(values.project ?? []).flatMap((project) => ["--project", project]),
    ...positionals,
  ];
  return new Promise((resolve) => {
    const child = spawn("npx", args, { stdio: "inherit", env: { ...process.env, NO_COLOR: "1", SAFECUA_TEST_SEED: String(seed) } });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

const failures = new Map<string, { runs: number[]; message: string }>();
interface RunSummary {
  run: number;
  seed: number;
  exit: number;
  seconds: number;
  passed: number;
  failed: number;
  load_before: number[];
  /** The one-minute load average while the run went, sampled every 15 s (null for a run shorter than that). */
  load_during: { median: number; max: number; samples: number } | null;
}
const summary: RunSummary[] = [];

/** Median and highest of the load samples, to one decimal. */
function describeLoad(samples: readonly number[]): RunSummary["load_during"] {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return { median: round(sorted[Math.floor((sorted.length - 1) / 2)]!), max: round(sorted.at(-1)!), samples: samples.length };
}
const fixedSeed = process.env.SAFECUA_TEST_SEED;
for (let run = 1; run <= runs; run++) {
  const loadBefore = loadavg().map((value) => Math.round(value * 10) / 10);
  const seed = fixedSeed !== undefined && fixedSeed !== "" ? Number(fixedSeed) : randomInt(2 ** 31);
  console.log(
    `\n[flaky] run ${run} of ${runs}, seed ${seed}${load > 0 ? `, with ${load} busy processes` : ""} (load average ${loadBefore.join(" / ")})`,
  );
  const busy = startLoad(load);
  const started = Date.now();
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 15_000);
  let exit: number;
  try {
    exit = await vitest(run, seed);
  } finally {
    clearInterval(sampler);
    for (const child of busy) child.kill("SIGKILL");
  }
  const loadDuring = describeLoad(loads);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (existsSync(".vitest-tiers.json")) renameSync(".vitest-tiers.json", join(out, `run-${run}-tiers.json`));
  const file = join(out, `run-${run}.json`);
  if (!existsSync(file)) {
    failures.set("(the run wrote no result)", {
      runs: [...(failures.get("(the run wrote no result)")?.runs ?? []), run],
      message: `exit ${exit}`,
    });
    summary.push({ run, seed, exit, seconds, passed: 0, failed: 0, load_before: loadBefore, load_during: loadDuring });
    continue;
  }
  const result = JSON.parse(readFileSync(file, "utf8")) as VitestJson;
  for (const module of result.testResults)
    for (const test of module.assertionResults) {
      if (test.status !== "failed") continue;
      const name = `${module.name.replace(`${process.cwd()}/`, "")} > ${test.fullName}`;
      const known = failures.get(name) ?? { runs: [], message: (test.failureMessages?.[0] ?? "").split("\n")[0]!.slice(0, 300) };
      known.runs.push(run);
      failures.set(name, known);
    }
  summary.push({
    run,
    seed,
    exit,
    seconds,
    passed: result.numPassedTests,
    failed: result.numFailedTests,
    load_before: loadBefore,
    load_during: loadDuring,
  });
  const under = loadDuring ? `, load average ${loadDuring.median} (highest ${loadDuring.max})` : "";
  console.log(
    `[flaky] run ${run}: ${result.numPassedTests} passed, ${result.numFailedTests} failed in ${seconds} s${under} (exit ${exit})`,
  );
}

const report = {
  runs,
  load,
  projects: values.project ?? "all",
  filters: positionals,
  summary,
  failed: [...failures].map(([test, { runs: failedIn, message }]) => ({
    test,
    failed_in: failedIn,
    rate: `${failedIn.length}/${runs}`,
    message,
  })),
};
writeFileSync(join(out, "flaky-report.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\n[flaky] ${runs} runs: ${report.failed.length === 0 ? "no test failed" : `${report.failed.length} tests failed at least once`}`,
);
for (const entry of report.failed) console.log(`  ${entry.rate}  ${entry.test}\n        ${entry.message}`);
console.log(`[flaky] report: ${join(out, "flaky-report.json")}`);
process.exitCode = report.failed.length === 0 && summary.every((entry) => entry.exit === 0) ? 0 : 1;
