/**
 * Generator overhead: the MCTS engine (mutation, validation, simulation, scoring, novelty,
 * dedup, logging) against a zero-latency scripted model server, so the time is the engine's and
 * the harness's, not a model's. Prints the median wall time per iteration over 5 runs and the
 * LLM calls per kept scenario of the scripted run. Run: npx tsx bench/generator-overhead.ts
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../src/cli/main.js";
import { generateArgs } from "../test/generator/support/generate-cli.js";
import { scriptedModels } from "../test/generator/support/scripted-models.js";
import { MockOpenAIServer } from "../test/support/mock-openai-server.js";
import { memoryIo } from "../test/support/run-cli.js";

const SEEDS = "shop-proc-001-it-procurement-new-hires,shop-proc-002-standing-desk-approval,work-status-001-priyanka-weekly-wins";
const ITERATIONS = 10;
const RUNS = 5;

const server = await MockOpenAIServer.start();
server.respondWith(scriptedModels);
const perIteration: number[] = [];
let summary:
  | {
      iterations: number;
      llm: { total: { calls: number; input_tokens: number; output_tokens: number }; calls_per_kept: number | null };
      after_near_dedup: number;
    }
  | undefined;
try {
  for (let run = 0; run < RUNS; run++) {
    const out = mkdtempSync(join(tmpdir(), "safecua-bench-gen-"));
    const started = performance.now();
    const status = await main(
      generateArgs(out, ITERATIONS, server.url, ["--keep-threshold", "2.5", "--cache", "off"], SEEDS.split(",")),
      memoryIo(),
    );
    if (status !== 0) throw new Error(`generate exited ${status}`);
    const elapsed = performance.now() - started;
    summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    perIteration.push(elapsed / (summary?.iterations ?? ITERATIONS));
    rmSync(out, { recursive: true, force: true });
  }
} finally {
  await server.stop();
}
perIteration.sort((a, b) => a - b);
const median = perIteration[Math.floor(perIteration.length / 2)] ?? NaN;
console.log(
  `generator: ${SEEDS.split(",").length} seeds × ${ITERATIONS} iterations, 2 proxies, zero-latency scripted models, ${RUNS} runs`,
);
console.log(
  `  engine overhead per iteration: median ${median.toFixed(1)} ms (min ${perIteration[0]?.toFixed(1)}, max ${perIteration.at(-1)?.toFixed(1)})`,
);
const total = summary?.llm.total;
console.log(
  `  LLM calls: ${total?.calls}, tokens ${(total?.input_tokens ?? 0) + (total?.output_tokens ?? 0)}, kept after dedup ${summary?.after_near_dedup}, calls per kept scenario ${summary?.llm.calls_per_kept?.toFixed(1) ?? "–"}`,
);
