// safecua as a library: run the reference agents on the built-in pack, write the reports, read the
// run back, and score one answer by hand. Offline: the reference agents call no model.
//
//   npx tsx examples/library-run.ts [OUT_DIR]
//
// A program of yours imports from "safecua"; this file imports the sources so that it runs (and is
// tested, test/examples/library-run.test.ts) from a checkout without a build.
import { pathToFileURL } from "node:url";
import { loadDataset, REFERENCE_AGENTS, readRecords, scoreOutput, startRun, writeRunReports } from "../src/index.js";

/** Runs the example into `outDir`; every line it would print goes to `print`. Returns the run folder. */
export async function runExample(outDir: string, print: (line: string) => void = console.log): Promise<string> {
  // No paths: the built-in pack. Load warnings go to stderr.
  const dataset = await loadDataset([], (line) => console.error(line));
  const run = await startRun({
    scenarios: dataset.scenarios,
    dataset,
    // Reference agents take no prompt, so each runs once, under the "none" defense.
    arms: REFERENCE_AGENTS.map((agent) => ({ agent, defense: "none" })),
    matcher: "strict",
    epochs: 1,
    seed: 42,
    concurrency: 4,
    outDir,
    resamples: 1000,
    command: "examples/library-run.ts",
    version: "example",
  });
  await writeRunReports(run.runDir);
  for (const row of run.summary.agents) {
    const percent = (rate: number) => `${(100 * rate).toFixed(1)}%`;
    print(`${row.agent}: utility ${percent(row.utility.value)}, leakage ${percent(row.leakage.value)} over ${row.n} episodes`);
  }
  // A killed run continues with `resumeRun(run.runDir)`: the manifest rebuilds its dataset and agents.
  const { records } = readRecords(run.runDir);
  print(`${records.length} records in ${run.runDir}`);

  // Scoring an answer of your own agent against a scenario's ground truth (what it must share, what it must not).
  const scenario = dataset.scenarios[0];
  if (scenario) {
    const answer = { completed: true, shared_content: [scenario.must_share.join("; ")] };
    const score = scoreOutput(scenario, answer, "strict");
    print(`${scenario.id}: utility ${score.utility}, leaked ${score.leaked_items.length} items`);
  }
  return run.runDir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runExample(process.argv[2] ?? "runs");
