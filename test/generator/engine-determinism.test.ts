import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultSettings,
  type GeneratorSettings,
  type IterationRow,
  MUTATOR_PROMPT_VERSION,
  runGeneration,
} from "../../src/generator/index.js";
import { type CacheMode, createModelClient, ModelCache } from "../../src/models/index.js";
import { BUILTIN_PACK_DIR, loadScenarios, type Scenario } from "../../src/scenario/index.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { tempDir } from "../support/temp-dir.js";
import { scriptedModels } from "./support/scripted-models.js";

let server: MockOpenAIServer;
let seeds: Scenario[];
beforeAll(async () => {
  server = await MockOpenAIServer.start();
  server.respondWith(scriptedModels);
  const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR], { strict: true });
  seeds = ["shop-proc-001-it-procurement-new-hires", "shop-proc-002-standing-desk-approval"].map(
    (id) => scenarios.find((s) => s.id === id) as Scenario,
  );
});
afterAll(async () => server.stop());

function settings(overrides: Partial<GeneratorSettings> = {}): GeneratorSettings {
  return {
    ...defaultSettings(
      { mutator: "openai-compatible:mutator", proxies: ["openai-compatible:proxy-all", "openai-compatible:proxy-picky"] },
      MUTATOR_PROMPT_VERSION,
    ),
    iterations: 6,
    ...overrides,
  };
}

async function run(
  outDir: string,
  cachePath: string,
  mode: CacheMode,
  options: {
    settings?: GeneratorSettings;
    concurrency?: number;
    resume?: boolean;
    signal?: AbortSignal;
    onIteration?: (row: IterationRow) => void;
  } = {},
) {
  const store = ModelCache.open(cachePath);
  const client = (spec: string) => createModelClient(spec, { baseUrl: server.url, cache: { mode, store }, maxRetries: 0 });
  const s = options.settings ?? settings();
  try {
    return await runGeneration({
      seeds,
      outDir,
      settings: s,
      mutator: client(s.mutator),
      proxies: s.proxies.map(client),
      concurrency: options.concurrency ?? 1,
      resume: options.resume ?? false,
      ...(options.signal && { signal: options.signal }),
      ...(options.onIteration && { onIteration: options.onIteration }),
    });
  } finally {
    store.close();
  }
}

const files = (dir: string) => ["pool.yaml", "iterations.jsonl", "summary.json"].map((name) => readFileSync(join(dir, name), "utf8"));
const rowsOf = (dir: string) =>
  readFileSync(join(dir, "iterations.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as IterationRow);

describe("generation against the scripted mock server", () => {
  it("is deterministic: same seed → byte-identical pool, log and summary; replay-only makes no HTTP call", async () => {
    const a = tempDir();
    const b = tempDir();
    const resultA = await run(a, join(a, "cache.sqlite"), "read-write");
    const _resultB = await run(b, join(b, "cache.sqlite"), "read-write", { concurrency: 2 });
    expect(resultA.complete).toBe(true);
    expect(files(b)).toEqual(files(a));

    const rows = rowsOf(a);
    expect(rows).toHaveLength(12);
    // Something of everything happened in this small run.
    expect(rows.some((row) => row.kept)).toBe(true);
    expect(rows.some((row) => !row.kept && row.reward !== undefined)).toBe(true);
    expect(rows.some((row) => row.discarded)).toBe(true);
    expect(rows.some((row) => row.repaired_from !== undefined)).toBe(true);
    expect(resultA.pool.length).toBeGreaterThan(0);
    expect(resultA.summary.after_near_dedup).toBe(resultA.pool.length);

    const calls = server.callCount;
    const c = tempDir();
    const resultC = await run(c, join(a, "cache.sqlite"), "replay-only");
    expect(server.callCount).toBe(calls);
    expect(files(c)).toEqual(files(a));
    expect(resultC.pool.map((s) => s.id)).toEqual(resultA.pool.map((s) => s.id));

    const d = tempDir();
    await run(d, join(d, "cache.sqlite"), "read-write", { settings: settings({ seed: 7 }) });
    expect(readFileSync(join(d, "iterations.jsonl"), "utf8")).not.toBe(files(a)[1]);
  });

  it("logs the MCTS schedule: the root's three strategies first, each once, then deeper expansions up to the limit", async () => {
    const dir = tempDir();
    await run(dir, join(dir, "cache.sqlite"), "read-write", { settings: settings({ iterations: 12, expansion_limit: 4 }) });
    for (const seed of seeds) {
      const rows = rowsOf(dir).filter((row) => row.seed_id === seed.id);
      expect(rows.slice(0, 3).map((row) => [row.action, row.parent])).toEqual([
        ["expand", seed.id],
        ["expand", seed.id],
        ["expand", seed.id],
      ]);
      expect(new Set(rows.slice(0, 3).map((row) => row.strategy)).size).toBe(3);
      const expansions = rows.filter((row) => row.action === "expand" && !row.discarded).length;
      expect(expansions).toBeLessThanOrEqual(4);
      const spent = rows.findIndex((row) => row.expansions_used === 4);
      expect(spent).toBeGreaterThan(-1);
      expect(spent).toBeLessThan(rows.length - 1);
      expect(rows.slice(spent + 1).every((row) => row.action === "resimulate")).toBe(true);
      for (const row of rows) {
        if (row.reward === undefined) continue;
        expect(row.kept).toBe(row.reward >= 4 && row.depth > 0);
        expect(row.reward).toBe((row.proxy_rewards[0]! + row.proxy_rewards[1]!) / 2);
        // Threshold-aware by default (the paper's Table 4): each point short of the keep threshold costs two more.
        const bonus = 0.5 * (row.novelty as number);
        expect(row.search_reward).toBeCloseTo(Math.max(0, row.reward - 2 * Math.max(0, 4 - row.reward) + bonus), 12);
      }
    }
  });

  it("resumes after a stop without redoing finished iterations, and ends with the same pool", async () => {
    const full = tempDir();
    await run(full, join(full, "cache.sqlite"), "read-write");
    const dir = tempDir();
    const controller = new AbortController();
    let seen = 0;
    const first = await run(dir, join(dir, "cache.sqlite"), "read-write", {
      signal: controller.signal,
      onIteration: () => {
        if (++seen === 4) controller.abort();
      },
    });
    expect(first.complete).toBe(false);
    expect(rowsOf(dir)).toHaveLength(4);
    const before = server.callCount;
    const redone: IterationRow[] = [];
    const second = await run(dir, join(dir, "cache.sqlite"), "read-write", { resume: true, onIteration: (row) => redone.push(row) });
    expect(second.complete).toBe(true);
    // Only iterations 5–6 of seed 1 and all of seed 2 ran again.
    expect(redone.map((row) => `${row.seed_id.slice(0, 12)}#${row.iteration}`)).toEqual([
      "shop-proc-00#5",
      "shop-proc-00#6",
      "shop-proc-00#1",
      "shop-proc-00#2",
      "shop-proc-00#3",
      "shop-proc-00#4",
      "shop-proc-00#5",
      "shop-proc-00#6",
    ]);
    expect(redone.slice(0, 2).every((row) => row.seed_id === seeds[0]!.id)).toBe(true);
    expect(server.callCount).toBeGreaterThan(before);
    expect(files(dir)).toEqual(files(full));
  });

  it("refuses to overwrite a run, and to resume with other settings", async () => {
    const dir = tempDir();
    await run(dir, join(dir, "cache.sqlite"), "read-write", { settings: settings({ iterations: 1 }) });
    await expect(run(dir, join(dir, "cache.sqlite"), "read-write", { settings: settings({ iterations: 1 }) })).rejects.toThrow(
      /already holds a generation run/,
    );
    await expect(
      run(dir, join(dir, "cache.sqlite"), "read-write", { settings: settings({ iterations: 1, keep_threshold: 3 }), resume: true }),
    ).rejects.toThrow(/keep_threshold/);
  });
});
