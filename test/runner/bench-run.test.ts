import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Agent, StateAgent } from "../../src/agents/index.js";
import { oversharer } from "../../src/agents/reference/oversharer.js";
import { refuser } from "../../src/agents/reference/refuser.js";
import { type EpisodeRecord, RUN_FILES, RunManifestSchema, readRecords } from "../../src/records/index.js";
import { writeRunReports } from "../../src/report/index.js";
import { newRunManifest, resumeRun, startRun } from "../../src/runner/index.js";
import { BUILTIN_PACK_DIR, loadScenarios, type Scenario } from "../../src/scenario/index.js";
import { tempDir } from "../support/temp-dir.js";
import { slowAgent } from "./fixtures/slow-agent.js";

const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
const few = scenarios.slice(0, 6);

function options(outDir: string, agents: Agent[], subset: Scenario[] = few) {
  return {
    scenarios: subset,
    dataset: { label: "builtin", paths: [] },
    arms: agents.map((agent) => ({ agent, defense: "none" })),
    matcher: "strict" as const,
    epochs: 1,
    seed: 7,
    concurrency: 3,
    outDir,
    resamples: 500,
    command: "test",
    version: "test",
  };
}

const keysOf = (records: EpisodeRecord[]) => records.map((record) => record.key).sort();

describe("startRun", () => {
  it("writes the manifest, one record per episode and the summary; the report module adds the reports", async () => {
    const out = tempDir();
    const result = await startRun(options(out, [oversharer, refuser]));
    // The runner never imports the report module: the command composes them.
    expect(readdirSync(result.runDir).sort()).toEqual([RUN_FILES.manifest, RUN_FILES.records, RUN_FILES.summary].sort());
    await writeRunReports(result.runDir);
    const files = readdirSync(result.runDir).sort();
    expect(files).toEqual([RUN_FILES.manifest, RUN_FILES.records, RUN_FILES.report, RUN_FILES.htmlReport, RUN_FILES.summary].sort());
    const { records, dropped } = readRecords(result.runDir);
    expect(dropped).toEqual([]);
    expect(records).toHaveLength(12);
    expect(new Set(keysOf(records)).size).toBe(12);
    const summary = JSON.parse(readFileSync(join(result.runDir, RUN_FILES.summary), "utf8"));
    expect(summary.agents.map((row: { agent: string }) => row.agent)).toEqual(["oversharer", "refuser"]);
    const refusals = summary.agents[1];
    expect(refusals.refusal.value).toBe(1);
    expect(refusals.leakage.value).toBe(0);
    expect(readFileSync(join(result.runDir, RUN_FILES.report), "utf8")).toContain("| oversharer");
  });

  it("records an agent that throws as an error, never as a refusal, and goes on", async () => {
    const flaky: StateAgent = {
      track: "state-grounded",
      id: "flaky",
      description: "throws on one scenario",
      async respond(input, context) {
        if (input.task === few[2]?.task) throw new Error("endpoint hung up");
        return oversharer.respond(input, context);
      },
    };
    const result = await startRun(options(tempDir(), [flaky]));
    const errors = result.records.filter((record) => record.status === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ scenario_id: few[2]?.id, error: { kind: "agent", message: "endpoint hung up" } });
    expect(errors[0]).not.toHaveProperty("score");
    expect(result.summary.agents[0]).toMatchObject({ n: 5, errors: 1 });
    expect(result.summary.agents[0]?.refusal.value).toBe(0);
  });

  it("records an answer outside the contract as an output error", async () => {
    const broken: StateAgent = {
      track: "state-grounded",
      id: "broken",
      description: "bad output",
      respond: async () => ({
        kind: "answer",
        output: { completed: "yes" } as never,
        usage: { calls: 0, cached_calls: 0, input_tokens: 0, output_tokens: 0 },
      }),
    };
    const result = await startRun(options(tempDir(), [broken], few.slice(0, 1)));
    expect(result.records[0]).toMatchObject({ status: "error", error: { kind: "output", message: expect.stringContaining("completed") } });
  });
});

describe("newRunManifest", () => {
  it("keeps the guarded agent's role models with the end-to-end settings, so a resume rebuilds the same agents", () => {
    const guard = {
      q_model: "openai:q",
      crosscheck_model: "openai:c",
      propose_model: "openai:p",
      no_propose: true,
      ablate: ["containment"],
    };
    const manifest = newRunManifest({ ...options("unused", [refuser]), e2e: { max_steps: 5, observation: "axtree", guard } });
    expect(manifest.e2e).toEqual({ max_steps: 5, observation: "axtree", guard });
    // Read back as a resume reads it: the ablation list survives the schema.
    expect(RunManifestSchema.parse(JSON.parse(JSON.stringify(manifest))).e2e?.guard).toEqual(guard);
    const plain = newRunManifest({ ...options("unused", [refuser]), e2e: { max_steps: 5, observation: "axtree" } });
    expect(plain.e2e).toEqual({ max_steps: 5, observation: "axtree" });
  });
});

describe("resumeRun", () => {
  const resolve = (id: string) => (id === "slow-oversharer" ? slowAgent(0) : id === "oversharer" ? oversharer : refuser);
  const load = async () => scenarios;

  it("drops a half-written last line and retries error records, without duplicates", async () => {
    const out = tempDir();
    const flaky: StateAgent = {
      track: "state-grounded",
      id: "oversharer",
      description: "fails first",
      respond: async () => Promise.reject(new Error("rate limited")),
    };
    const first = await startRun(options(out, [flaky, refuser]));
    expect(first.summary.agents[0]?.errors).toBe(6);
    const path = join(first.runDir, RUN_FILES.records);
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    // Lose two refuser records and leave a torn line, as a kill during a write would.
    const kept = lines
      .filter((line) => !line.includes('"agent":"refuser"'))
      .concat(lines.filter((line) => line.includes('"agent":"refuser"')).slice(0, 4));
    writeFileSync(path, `${kept.join("\n")}\n`);
    appendFileSync(path, '{"key":"refuser::none::x::0","run_id":');
    const warnings: string[] = [];
    const result = await resumeRun(first.runDir, {
      loadScenarios: async () => few,
      resolveAgent: resolve,
      concurrency: 2,
      onWarning: (line) => warnings.push(line),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/records\.jsonl:\d+: dropped: not valid JSON/);
    const after = readRecords(first.runDir).records;
    expect(after).toHaveLength(12);
    expect(new Set(keysOf(after)).size).toBe(12);
    expect(after.filter((record) => record.status === "error")).toEqual([]);
    expect(result.summary.agents.map((row) => [row.agent, row.n, row.errors])).toEqual([
      ["oversharer", 6, 0],
      ["refuser", 6, 0],
    ]);
  });

  it("refuses to resume on a dataset that changed", async () => {
    const first = await startRun(options(tempDir(), [refuser]));
    const changed = few.map((scenario, index) => (index === 0 ? { ...scenario, task: `${scenario.task} Thanks!` } : scenario));
    await expect(resumeRun(first.runDir, { loadScenarios: async () => changed, resolveAgent: resolve, concurrency: 1 })).rejects.toThrow(
      /dataset \(builtin\) changed/,
    );
  });

  it("stops cleanly when asked: episodes in flight are written, none start, and a resume completes the run", async () => {
    const out = tempDir();
    const stop = new AbortController();
    let seen = 0;
    const first = await startRun({
      ...options(out, [slowAgent(30)], scenarios),
      concurrency: 2,
      stop: { signal: stop.signal, graceMs: 60_000 },
      onRecord: () => {
        seen += 1;
        if (seen === 3) stop.abort();
      },
    });
    const written = readRecords(first.runDir).records;
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeLessThanOrEqual(4);
    expect(first.missing).toBe(scenarios.length - written.length);
    const result = await resumeRun(first.runDir, { loadScenarios: load, resolveAgent: () => slowAgent(0), concurrency: 4 });
    expect(result.missing).toBe(0);
    expect(readRecords(first.runDir).records).toHaveLength(scenarios.length);
  });

  it("sees a stop that arrives as an event even when no episode waits on I/O", async () => {
    const stop = new AbortController();
    // A signal handler runs as an event of the loop: a run that never gives the loop a turn never sees it.
    const result = await startRun({
      ...options(tempDir(), [oversharer, refuser], scenarios),
      epochs: 50,
      stop: { signal: stop.signal, graceMs: 60_000 },
      onStart: () => void setImmediate(() => stop.abort()),
    });
    expect(result.missing).toBeGreaterThan(0);
    expect(result.interrupted).toBe(0);
    expect(readRecords(result.runDir).records.length).toBe(2 * 50 * scenarios.length - result.missing);
  });

  it("after the grace period leaves the episodes still in flight unwritten, so a resume runs them", async () => {
    const stop = new AbortController();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stuck: StateAgent = {
      ...slowAgent(0, "stuck"),
      async respond(input, context) {
        if (input.task === scenarios[1]?.task) {
          stop.abort();
          await held;
        }
        return oversharer.respond(input, context);
      },
    };
    const first = await startRun({
      ...options(tempDir(), [stuck], scenarios.slice(0, 4)),
      concurrency: 2,
      stop: { signal: stop.signal, graceMs: 50 },
    });
    release();
    expect(first.interrupted).toBe(1);
    const written = readRecords(first.runDir).records;
    expect(written.map((record) => record.status)).toEqual(written.map(() => "completed"));
    expect(written.map((record) => record.scenario_id)).not.toContain(scenarios[1]?.id);
    const resumed = await resumeRun(first.runDir, {
      loadScenarios: async () => scenarios.slice(0, 4),
      resolveAgent: () => stuck,
      concurrency: 2,
    });
    expect(resumed.missing).toBe(0);
  });
});
