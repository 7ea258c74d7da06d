import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { generateCommand } from "../../src/cli/commands/generate.js";
import { validateCommand } from "../../src/cli/commands/validate.js";
import type { IterationRow } from "../../src/generator/index.js";
import { loadScenarios } from "../../src/scenario/index.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { tempDir } from "../support/temp-dir.js";
import { scriptedModels } from "./support/scripted-models.js";

const SEEDS = ["shop-proc-001-it-procurement-new-hires", "shop-proc-002-standing-desk-approval"];
let server: MockOpenAIServer;
beforeAll(async () => {
  server = await MockOpenAIServer.start();
  server.respondWith(scriptedModels);
});
afterAll(async () => server.stop());
afterEach(() => {
  process.exitCode = 0;
});

function args(out: string, iterations: number, extra: string[] = [], url = server.url): string[] {
  return [
    "generate",
    "--only",
    SEEDS.join(","),
    "--out",
    out,
    "--mutator",
    "openai-compatible:mutator",
    "--proxy",
    "openai-compatible:proxy-all",
    "--proxy",
    "openai-compatible:proxy-picky",
    "--iterations",
    String(iterations),
    "--base-url",
    url,
    "--max-retries",
    "0",
    ...extra,
  ];
}

async function cli(argv: string[]): Promise<void> {
  const program = new Command("safecua")
    .exitOverride()
    .addCommand(generateCommand().exitOverride())
    .addCommand(validateCommand().exitOverride());
  await program.parseAsync(argv, { from: "user" });
}

const outputs = (dir: string) => ["pool.yaml", "iterations.jsonl", "summary.json"].map((name) => readFileSync(join(dir, name), "utf8"));
/**
 * The rows whose line is complete. The test polls the log while another process appends to it, and
 * a read can land mid-write (a line crossing a page boundary shows up cut); a kill can also leave a
 * cut last line, which the generator itself drops on resume.
 */
const rowsOf = (dir: string) =>
  readFileSync(join(dir, "iterations.jsonl"), "utf8")
    .split("\n")
    .slice(0, -1)
    .filter(Boolean)
    .map((line) => JSON.parse(line) as IterationRow);

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
    await cli(["validate", "--strict", join(a, "pool.yaml")]);
    expect(process.exitCode ?? 0).toBe(0);

    // One pack file per kept scenario, loadable on its own and as a folder.
    const files = readdirSync(join(a, "scenarios")).sort();
    expect(files).toEqual(loaded.scenarios.map((scenario) => `${scenario.id}.yaml`).sort());
    const folder = await loadScenarios([join(a, "scenarios")], { strict: true });
    expect(folder.problems).toEqual([]);
    expect(folder.scenarios.map((scenario) => scenario.id).sort()).toEqual(loaded.scenarios.map((scenario) => scenario.id).sort());
  });

  it("rejects bad usage: no proxy, more than 3 proxies, a keep threshold off the 0–5 scale", async () => {
    const out = tempDir();
    await expect(cli(["generate", "--out", out, "--mutator", "openai-compatible:mutator", "--base-url", server.url])).rejects.toThrow(
      /--proxy/,
    );
    await expect(cli([...args(out, 1), "--proxy", "openai-compatible:a,openai-compatible:b"])).rejects.toThrow(/at most 3/);
    await expect(cli([...args(out, 1), "--keep-threshold", "7"])).rejects.toThrow();
  });

  it("resumes after a SIGKILL without redoing finished iterations", async () => {
    const out = tempDir();
    // A slower server for the killed run, so the kill lands mid-run rather than after it.
    const slow = await MockOpenAIServer.start({ latencyMs: 25 });
    slow.respondWith(scriptedModels);
    const script = join(import.meta.dirname, "support", "run-generate.mjs");
    const child = spawn(process.execPath, [script, ...args(out, 6, [], slow.url)], { stdio: ["ignore", "ignore", "pipe"] });
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (existsSync(join(out, "iterations.jsonl")) && rowsOf(out).length >= 3) {
          clearInterval(timer);
          child.kill("SIGKILL");
          resolve();
        }
      }, 5);
      child.on("exit", () => {
        clearInterval(timer);
        reject(new Error("the run finished before it could be killed"));
      });
    });
    if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.on("exit", resolve));
    await slow.stop();
    const before = rowsOf(out);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(12);
    const checkpoint = JSON.parse(readFileSync(join(out, "checkpoints", `${SEEDS[0]}.json`), "utf8"));

    await cli(["generate", "--only", SEEDS.join(","), "--out", out, "--resume", "--base-url", server.url, "--cache", "read-write"]);
    const after = rowsOf(out);
    expect(after).toHaveLength(12);
    const keys = after.map((row) => `${row.seed_id}#${row.iteration}`);
    expect(new Set(keys).size).toBe(12);
    // Every iteration finished before the kill is still the same line, not a re-run with other results.
    for (const row of before.filter((r) => r.seed_id === SEEDS[0] && r.iteration <= checkpoint.done)) {
      expect(after.find((r) => r.seed_id === row.seed_id && r.iteration === row.iteration)).toEqual(row);
    }
    const fresh = tempDir();
    await cli(args(fresh, 6));
    expect(outputs(out)).toEqual(outputs(fresh));
  });
});
