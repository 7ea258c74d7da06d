/**
 * The CLI as users start it, as whole processes through the shipped bin (the compiled build):
 * `safecua --version`, `safecua --help`, and `safecua score` of 3,000 answers (on the AgentCIBench
 * corpus's 68 scenarios when present, else the built-in pack). Prints the median wall time and the
 * median CPU time of each over RUNS runs (default 7), and `node -e 0` beside them: Node's own start
 * on this machine is the floor no CLI gets under.
 *
 * The target for `score` is a tenth of the reference Python scorer's time on the same answers.
 * That scorer is not part of safecua: give a command that scores an answers file against a folder
 * of AgentCIBench scenarios in SAFECUA_REFERENCE_SCORER (the answers file and the folder are
 * appended) and the ratio is printed too.
 * Run: npm run build && npx tsx bench/cli-start.ts
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REFERENCE_AGENTS } from "../src/agents/index.js";
import { agentInputFor, BUILTIN_PACK_DIR, loadScenarios } from "../src/scenario/index.js";
import { CORPUS_DIR, HAS_CORPUS, PROJECT_ROOT } from "../test/support/corpus.js";

const RUNS = Number(process.env.RUNS ?? 7);
const ANSWERS = 3000;
const BIN = join(PROJECT_ROOT, "bin", "safecua.js");

/** CPU (user + system, ms) of this process's reaped children so far: fields 16–17 of /proc/self/stat. */
function childrenCpuMs(): number {
  const text = readFileSync("/proc/self/stat", "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function measure(label: string, command: string[]): { wall: number; cpu: number } {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const result = spawnSync(command[0] as string, command.slice(1), {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
      maxBuffer: 256 * 1024 * 1024,
    });
    walls.push(performance.now() - started);
    cpus.push(childrenCpuMs() - cpuBefore);
    if (result.status !== 0) throw new Error(`${label} exited ${result.status}: ${result.stderr.slice(0, 400)}`);
  }
  const figures = { wall: median(walls), cpu: median(cpus) };
  console.log(`  ${label.padEnd(34)} wall ${figures.wall.toFixed(0).padStart(6)} ms   CPU ${figures.cpu.toFixed(0).padStart(6)} ms`);
  return figures;
}

/** 3,000 answers: each reference agent's answer to each scenario, cycled, with every other one cut short. */
async function writeAnswers(dir: string): Promise<{ answers: string; dataset: string }> {
  const dataset = HAS_CORPUS ? join(CORPUS_DIR, "scenarios") : BUILTIN_PACK_DIR;
  const { scenarios } = await loadScenarios([dataset]);
  const lines: string[] = [];
  for (let index = 0; lines.length < ANSWERS; index++) {
    const scenario = scenarios[index % scenarios.length]!;
    const agent = REFERENCE_AGENTS[Math.floor(index / scenarios.length) % REFERENCE_AGENTS.length]!;
    const reply = await agent.respond(agentInputFor(scenario), { seed: index });
    if (reply.kind !== "answer") continue;
    const shared = index % 2 === 0 ? reply.output.shared_content : reply.output.shared_content.slice(0, 2);
    lines.push(
      JSON.stringify({
        id: `a${index}`,
        scenario_id: scenario.id,
        agent: agent.id,
        completed: reply.output.completed,
        shared_content: shared,
        action_trace: reply.output.action_trace,
      }),
    );
  }
  const answers = join(dir, "answers.jsonl");
  writeFileSync(answers, `${lines.join("\n")}\n`);
  return { answers, dataset };
}

const dir = mkdtempSync(join(tmpdir(), "safecua-bench-cli-"));
const { answers, dataset } = await writeAnswers(dir);
console.log(`CLI start and score, as whole processes (${RUNS} runs, medians); answers: ${ANSWERS} on ${dataset}`);
const node = measure("node -e 0 (Node's own start)", [process.execPath, "-e", "0"]);
const version = measure("safecua --version", [process.execPath, BIN, "--version"]);
measure("safecua --help", [process.execPath, BIN, "--help"]);
const score = measure("safecua score (3,000 answers)", [
  process.execPath,
  BIN,
  "score",
  "--dataset",
  dataset,
  "--outputs",
  answers,
  "--json",
  "--matcher",
  "agentcibench",
]);
console.log(`  --version beyond Node's start: ${(version.wall - node.wall).toFixed(0)} ms`);
const reference = process.env.SAFECUA_REFERENCE_SCORER;
if (reference) {
  const scorer = measure("reference scorer (same answers)", [...reference.split(" "), answers, dataset]);
  console.log(
    `  score / reference: wall ${(score.wall / scorer.wall).toFixed(3)}, CPU ${(score.cpu / scorer.cpu).toFixed(3)} (target ≤ 0.1)`,
  );
} else {
  console.log("  (set SAFECUA_REFERENCE_SCORER to compare with the reference scorer)");
}
