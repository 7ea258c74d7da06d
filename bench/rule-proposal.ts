/**
 * Rule proposal on the workspace (spec §1.11): every page template of the built-in pack's
 * scenarios gets its rule set from the four-call pipeline instead of the shipped files, with the
 * scripted good proposer behind the mock OpenAI-compatible server (it "knows" the workspace's
 * template as a model knows a popular site's — the shipped path rules — and proposes those whose
 * ids and classes the text-free skeleton shows; the audit keeps everything, so the safety checks
 * are the only filter after the proposer). Each page is then masked with the proposed set at every
 * scroll position and measured against the workspace's own labelling (`data-operator` /
 * `data-content`, src/workspace/views/labelling.ts):
 * - precision of trusted grants: shown rows (other than capacity releases) that the workspace
 *   marks as its own, over all shown rows — must be 1.0 (a leak is a failure);
 * - recall: operator rows the mask does not hide, over all operator rows (utility), beside the
 *   same figure for the hand-written sets;
 * - per proposal: calls, tokens (the mock server's word counts), wall time; and the cache hit
 *   rate over the run (pages served by a stored proposal / pages that needed one).
 *
 * Run: npx tsx bench/rule-proposal.ts  (or npm run bench). BENCH_SCENARIOS=n measures the first n
 * scenarios of the pack only (the whole pack took about 30 minutes on the loaded 2-core machine,
 * mostly masking every page twice; 3 scenarios take 2 minutes and already cover 9 templates).
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { openBrowserSession } from "../src/browser/index.js";
import {
  captureScreen,
  memoryRuleSetTarget,
  ProposedRuleCache,
  RuleStore,
  workspaceRuleSet,
  workspaceRuleStore,
} from "../src/guard/index.js";
import { isPathRule } from "../src/guard/rules/rule.js";
import { normaliseHost } from "../src/guard/store/normalise-host.js";
import { WORKSPACE_TEMPLATE } from "../src/guard/store/workspace-rules.js";
import { createModelClient } from "../src/models/index.js";
import { isCapacityRelease, isHidden, isLeak, type MeasuredView, measurePage } from "../src/runner/index.js";
import { BUILTIN_PACK_DIR, loadScenarios } from "../src/scenario/index.js";
import { startWorkspace } from "../src/workspace/index.js";
import { MockOpenAIServer } from "../test/support/mock-openai-server.js";
import { scriptedProposer } from "../test/support/scripted-proposer.js";
import { crawlEpisode } from "../test/workspace/workspace-helpers.js";

const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ratio = (part: number, whole: number): string => (whole === 0 ? "n/a" : (part / whole).toFixed(3));

const { scenarios: all } = await loadScenarios([BUILTIN_PACK_DIR]);
const limit = Number(process.env.BENCH_SCENARIOS ?? all.length);
const scenarios = all.slice(0, Number.isFinite(limit) && limit > 0 ? limit : all.length);
console.log(
  `rule-proposal: ${scenarios.length} of ${all.length} built-in scenarios, every page and scroll position, viewport 1280x800; ` +
    `${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" / ")}`,
);

const workspace = await startWorkspace();
const scope = normaliseHost(workspace.url)!;
// What the good proposer knows: the workspace's hand-written path rules (self and files rules are
// the operator's configuration, which a proposer cannot write).
const knows = workspaceRuleStore(workspace.url)
  .list()
  .flatMap((entry) => entry.rules.filter(isPathRule)) as unknown as Array<Record<string, unknown>>;
const models = await MockOpenAIServer.start({ handler: scriptedProposer({ knows, audit: "keep-all" }) });
const proposer = createModelClient("openai-compatible:scripted", { baseUrl: models.url, structuredOutputs: true, maxRetries: 0 });
const store = new RuleStore();
store.configureScope(scope, WORKSPACE_TEMPLATE);
const cache = new ProposedRuleCache(memoryRuleSetTarget(store), { proposer }, { category: "personal workspace" });
const session = await openBrowserSession({ allowedOrigins: [workspace.url] });

interface Proposal {
  template: string;
  calls: number;
  tokens: number;
  ms: number;
  rules: number;
}
const proposals: Proposal[] = [];
const proposedViews: MeasuredView[] = [];
const writtenViews: MeasuredView[] = [];
const failures: string[] = [];
let pages = 0;
const started = performance.now();
try {
  for (const [index, scenario] of scenarios.entries()) {
    const episode = `bench-${index}`;
    workspace.reset(episode, scenario);
    for (const crawled of await crawlEpisode(workspace, episode)) {
      await session.page.goto(`${workspace.url}${crawled.url}`, { waitUntil: "load" });
      const written = workspaceRuleSet(workspace.url, session.page.url());
      if (written === null) continue;
      pages++;
      const { page: captured } = await captureScreen(session.page);
      const before = performance.now();
      const result = await cache.rulesFor(captured);
      const ms = performance.now() - before;
      if (result.source === "failed" || result.source === "no-scope") {
        failures.push(`${crawled.url}: ${result.source === "failed" ? result.outcome.reason : "no scope"}`);
        continue;
      }
      if (result.source === "proposed") {
        const { usage } = result.outcome;
        proposals.push({
          template: JSON.stringify(result.entry.match),
          calls: usage.calls,
          tokens: usage.input_tokens + usage.output_tokens,
          ms,
          rules: result.entry.rules.length,
        });
      }
      proposedViews.push(...(await measurePage(session.page, result.entry.rules)));
      writtenViews.push(...(await measurePage(session.page, written.rules)));
    }
    workspace.delete(episode);
  }
} finally {
  await session.close();
  await workspace.close();
  await models.stop();
}

function figures(views: readonly MeasuredView[]) {
  const rows = views.flatMap((view) => view.rows);
  const shown = rows.filter((row) => row.unmasked > 0 && !isCapacityRelease(row));
  const operatorShown = shown.filter((row) => row.mark === "operator").length;
  const operator = rows.filter((row) => row.mark === "operator");
  return {
    views: views.length,
    shown: shown.length,
    leaks: rows.filter(isLeak).length,
    precision: ratio(operatorShown, shown.length),
    recall: ratio(operator.filter((row) => !isHidden(row)).length, operator.length),
    operator: operator.length,
  };
}

const proposed = figures(proposedViews);
const written = figures(writtenViews);
console.log(`  ${pages} pages, ${proposals.length} templates proposed for, ${failures.length} failed proposals`);
for (const failure of failures) console.log(`    failed: ${failure}`);
console.log("  rules          views  shown rows  leaks  precision (trusted grants)  recall (operator rows shown)");
for (const [name, measured] of [
  ["proposed", proposed],
  ["hand-written", written],
] as const) {
  console.log(
    `  ${name.padEnd(13)} ${String(measured.views).padStart(6)} ${String(measured.shown).padStart(11)} ${String(measured.leaks).padStart(6)}  ${measured.precision.padStart(26)}  ${measured.recall.padStart(28)} (of ${measured.operator})`,
  );
}
console.log(
  `  per proposal (median of ${proposals.length}): ${median(proposals.map((p) => p.calls))} calls, ${median(proposals.map((p) => p.tokens))} tokens, ` +
    `${median(proposals.map((p) => p.ms)).toFixed(0)} ms (pipeline and checks; scripted model, local HTTP), ${median(proposals.map((p) => p.rules))} rules kept`,
);
console.log(
  `  cache: ${cache.hits} of ${cache.hits + cache.proposals} page visits served by a stored proposal (hit rate ${ratio(cache.hits, cache.hits + cache.proposals)})`,
);
for (const proposal of proposals)
  console.log(
    `    ${proposal.template}: ${proposal.rules} rules, ${proposal.calls} calls, ${proposal.tokens} tokens, ${proposal.ms.toFixed(0)} ms`,
  );
console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
if (proposed.leaks > 0 || (proposed.shown > 0 && proposed.precision !== "1.000")) {
  console.error("rule-proposal: a proposed rule set showed a row the workspace did not write as its own");
  process.exitCode = 1;
}
