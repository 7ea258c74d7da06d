/**
 * The measured comparison behind the generator's default search reward (docs/design/generator.md):
 * threshold-aware (the paper's) against plain reward + bonus, on every built-in seed with the
 * paper's budget (35 iterations, expansion limit 28, keep 4.0), two proxies, against the scripted
 * mock models the generator's tests use. Prints each setting's Table 5 funnel and failure-mode mix.
 * The mock's rewards and mutations are scripted, so the figures say how the search behaves, not
 * what a real mutator would surface. About 7 minutes on two cores.
 * Run: npx tsx scripts/compare-threshold-search.ts [ITERATIONS]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../src/cli/main.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../src/scenario/index.js";
import { generateArgs } from "../test/generator/support/generate-cli.js";
import { scriptedModels } from "../test/generator/support/scripted-models.js";
import { MockOpenAIServer } from "../test/support/mock-openai-server.js";
import { memoryIo } from "../test/support/run-cli.js";

const iterations = Number(process.argv[2] ?? 35);
const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
const seeds = scenarios.map((scenario) => scenario.id);
const server = await MockOpenAIServer.start();
server.respondWith(scriptedModels);
try {
  console.log(`built-in seeds: ${seeds.length}, ${iterations} iterations each, scripted mutator and 2 scripted proxies`);
  for (const [name, extra] of [
    ["threshold-aware (default)", []],
    ["plain (--no-threshold-aware)", ["--no-threshold-aware"]],
  ] as const) {
    const out = mkdtempSync(join(tmpdir(), "safecua-threshold-"));
    try {
      const status = await main(
        generateArgs(out, iterations, server.url, [...extra, "--concurrency", "2", "--cache", "off"], seeds),
        memoryIo(),
      );
      if (status !== 0) throw new Error(`generate exited ${status}`);
      const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
      const f = summary.funnel;
      const modes = summary.per_failure_mode;
      console.log(
        `${name}: ${f.mutations_tried} tried → ${f.valid} valid → ${f.kept} kept → ${f.after_exact_dedup} after exact → ${f.after_near_dedup} after near dedup` +
          ` (VCL ${modes.visual_co_location}, TAO ${modes.task_ambiguity_overshare}, RMA ${modes.recipient_misalignment});` +
          ` ${summary.llm.total.calls} calls, ${summary.llm.calls_per_kept?.toFixed(1) ?? "–"} per kept scenario`,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
} finally {
  await server.stop();
}
