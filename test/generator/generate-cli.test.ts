import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadScenarios } from "../../src/scenario/index.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { generateArgs, outputs, SEEDS, succeed } from "./support/generate-cli.js";
import { scriptedModels } from "./support/scripted-models.js";

let server: MockOpenAIServer;
beforeAll(async () => {
  server = await MockOpenAIServer.start();
  server.respondWith(scriptedModels);
});
afterAll(async () => server.stop());
const args = (out: string, iterations: number, extra: string[] = []) => generateArgs(out, iterations, server.url, extra);
const cli = succeed;

describe("safecua generate", () => {
  it("runs 2 built-in seeds end to end; the pool passes validate --strict; two runs are byte-identical", async () => {
    const a = tempDir();
    const b = tempDir();
    await cli(args(a, 6, ["--keep-threshold", "2.5"]));
    await cli(args(b, 6, ["--keep-threshold", "2.5", "--concurrency", "2"]));
    expect(outputs(b)).toEqual(outputs(a));
    const summary = JSON.parse(readFileSync(join(a, "summary.json"), "utf8"));
    expect(summary).toMatchObject({
      complete: true,
      seeds_explored: 2,
      iterations: 12,
      settings: { keep_threshold: 2.5, iterations: 6, expansion_limit: 28, aggregate: "mean" },
    });
    expect(summary.after_near_dedup).toBeGreaterThan(0);
    expect(summary.llm.calls_per_kept).toBeGreaterThan(0);

    const loaded = await loadScenarios([join(a, "pool.yaml")], { strict: true });
    expect(loaded.problems).toEqual([]);
    expect(loaded.scenarios).toHaveLength(summary.after_near_dedup);
    for (const scenario of loaded.scenarios) {
      expect(scenario.id).toMatch(new RegExp(`^(${SEEDS.join("|")})__(semantic_entanglement|ambiguity_trap|identity_bleed)__[0-9a-f]{8}$`));
      expect(SEEDS).toContain(scenario.provenance.seed_id);
      expect(scenario.failure_mode).toBe(
        {
          semantic_entanglement: "visual_co_location",
          ambiguity_trap: "task_ambiguity_overshare",
          identity_bleed: "recipient_misalignment",
        }[scenario.provenance.family as string],
      );
      expect(scenario.provenance.extra?.parent_id).toBeDefined();
    }
    expect((await cli(["validate", "--strict", join(a, "pool.yaml")])).status).toBe(0);

    // One pack file per kept scenario, loadable on its own and as a folder.
    const files = readdirSync(join(a, "scenarios")).sort();
    expect(files).toEqual(loaded.scenarios.map((scenario) => `${scenario.id}.yaml`).sort());
    const folder = await loadScenarios([join(a, "scenarios")], { strict: true });
    expect(folder.problems).toEqual([]);
    expect(folder.scenarios.map((scenario) => scenario.id).sort()).toEqual(loaded.scenarios.map((scenario) => scenario.id).sort());
  });

  it("searches threshold-aware by default, as the paper's Table 4, and plain with --no-threshold-aware", async () => {
    const paper = tempDir();
    const plain = tempDir();
    await cli(args(paper, 4));
    await cli(args(plain, 4, ["--no-threshold-aware"]));
    const settingsOf = (dir: string) => JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")).settings;
    expect(settingsOf(paper).threshold_aware).toBe(true);
    expect(settingsOf(plain).threshold_aware).toBe(false);
    // Below the keep threshold (4.0) the threshold-aware search reward is penalised; plain is not.
    const rows = (dir: string) =>
      readFileSync(join(dir, "iterations.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { reward?: number; threshold_penalty?: number });
    expect(rows(paper).some((row) => row.reward !== undefined && row.reward < 4 && (row.threshold_penalty ?? 0) > 0)).toBe(true);
    expect(rows(plain).every((row) => (row.threshold_penalty ?? 0) === 0)).toBe(true);
  });

  it("prints each discarded mutation's reasons, and the paper's Table 5 funnel in its summary", async () => {
    const out = tempDir();
    const result = await cli(args(out, 6, ["--keep-threshold", "2.5"]));
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    const log = readFileSync(join(out, "iterations.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { seed_id: string; iteration: number; discarded: boolean; discard_reasons: string[] });
    const discarded = log.filter((row) => row.discarded);
    expect(discarded.length).toBeGreaterThan(0);
    for (const row of discarded) {
      const line = result.stderr.split("\n").find((text) => text.startsWith(`[${row.seed_id} ${row.iteration}]`));
      expect(line).toContain(`discarded: ${row.discard_reasons.join("; ")}`);
    }
    expect(summary.funnel).toEqual({
      mutations_tried: summary.expansions + summary.mutations_discarded,
      valid: summary.expansions,
      kept: summary.kept_candidates,
      after_exact_dedup: summary.after_exact_dedup,
      after_near_dedup: summary.after_near_dedup,
    });
    expect(summary.funnel.mutations_tried).toBeGreaterThan(summary.funnel.valid);
    const f = summary.funnel;
    expect(result.stderr).toContain(
      `${f.mutations_tried} mutations tried → ${f.valid} valid → ${f.kept} kept → ${f.after_exact_dedup} after exact dedup → ${f.after_near_dedup} after near dedup`,
    );
  });

  it("rejects bad usage: no proxy, more than 3 proxies, a keep threshold off the 0–5 scale", async () => {
    const out = tempDir();
    await expect(cli(["generate", "--out", out, "--mutator", "openai-compatible:mutator", "--base-url", server.url])).rejects.toThrow(
      /--proxy/,
    );
    await expect(cli([...args(out, 1), "--proxy", "openai-compatible:a,openai-compatible:b"])).rejects.toThrow(/at most 3/);
    await expect(cli([...args(out, 1), "--keep-threshold", "7"])).rejects.toThrow();
  });

  it("--only takes globs, and the subset flags narrow the seeds as they do for bench", async () => {
    const out = tempDir();
    await cli(generateArgs(out, 1, server.url, [], ["shop-proc-001-*", "shop-proc-002-*"]));
    expect(JSON.parse(readFileSync(join(out, "summary.json"), "utf8"))).toMatchObject({ seeds_explored: 2 });
    const none = await runCli(generateArgs(tempDir(), 1, server.url, [], ["no-such-seed-*"]));
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("--only: no scenario matches no-such-seed-*");
    const limited = tempDir();
    await cli(generateArgs(limited, 1, server.url, ["--limit", "1"], ["shop-proc-*"]));
    expect(JSON.parse(readFileSync(join(limited, "summary.json"), "utf8"))).toMatchObject({ seeds_explored: 1 });
  });
});
