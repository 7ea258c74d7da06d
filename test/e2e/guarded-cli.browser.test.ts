/**
 * `safecua bench --track e2e --agent guarded:openai-compatible:scripted` as a user runs it: the CLI
 * in a child process, real Chromium, every guard role over real HTTP to the scripted-role server
 * (the benign planner, the honest reader and classifier behind a chat-completions endpoint). The
 * run's manifest keeps the role models, its records the planner's turns and the usage of each
 * role, and its report shows them.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { RUN_FILES } from "../../src/records/index.js";
import { BUILTIN_PACK_DIR, loadScenarios, type Scenario } from "../../src/scenario/index.js";
import type { MockOpenAIServer } from "../support/mock-openai-server.js";
import { runCli } from "../support/run-cli.js";
import { scriptedRoleEndpoints, startScriptedRoleServer } from "../support/scripted-role-server.js";
import { tempDir } from "../support/temp-dir.js";

const AGENT = "guarded:openai-compatible:scripted";

let server: MockOpenAIServer;
let scenarios: Scenario[];
beforeAll(async () => {
  const { scenarios: all } = await loadScenarios([BUILTIN_PACK_DIR]);
  // Two channels: a messenger reply and a share from the maps app.
  scenarios = [all.find((s) => s.channel === "message"), all.find((s) => s.id.startsWith("maps-"))].filter(
    (s): s is Scenario => s !== undefined,
  );
  server = await startScriptedRoleServer({ scenarios });
});
afterAll(async () => server?.stop());

describe("safecua bench --agent guarded:<planner> over HTTP", { timeout: 300_000 }, () => {
  it("runs the guarded agent's roles against an endpoint, and keeps turns and usage by role in records and report", async () => {
    expect(scenarios).toHaveLength(2);
    const dir = tempDir("safecua-guarded-cli-");
    const dataset = join(dir, "pack.yaml");
    writeFileSync(dataset, stringify(scenarios));
    const config = join(dir, "models.yaml");
    writeFileSync(config, stringify(scriptedRoleEndpoints(server.url)));
    const out = join(dir, "runs");
    const before = server.requests.length;
    const result = await runCli([
      "bench",
      "--track",
      "e2e",
      "--agent",
      AGENT,
      "--dataset",
      dataset,
      "--config",
      config,
      "--out",
      out,
      "--concurrency",
      "2",
      "--cache",
      "off",
    ]);
    expect(result.status, result.stderr).toBe(0);

    const runDir = join(out, readdirSync(out)[0] as string);
    const manifest = JSON.parse(readFileSync(join(runDir, RUN_FILES.manifest), "utf8"));
    expect(manifest).toMatchObject({ track: "e2e", agents: [AGENT] });

    const records = readFileSync(join(runDir, RUN_FILES.records), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records.map((record) => record.status)).toEqual(["completed", "completed"]);
    for (const record of records) {
      const turns = record.steps.flatMap((step: { turns?: unknown[] }) => step.turns ?? []);
      // The classifier's turn, then planner turns, each timed.
      expect(turns[0]).toMatchObject({ tool: "classify_task" });
      expect(turns.length).toBeGreaterThan(2);
      for (const turn of turns) expect(turn.timing.capture_ms).toBeGreaterThanOrEqual(0);
      // Every role that was called reports its own usage, as the server counted it.
      expect(record.usage_by_role.planner.calls).toBe(turns.length - 1);
      expect(record.usage_by_role.planner.input_tokens).toBeGreaterThan(1000);
      expect(record.usage_by_role.classifier.calls).toBe(1);
      expect(record.output.completed).toBe(true);
    }
    // The calls reached the server: one HTTP request per role call.
    const calls = server.requests.slice(before);
    const roleCalls = records.reduce(
      (sum, record) => sum + Object.values(record.usage_by_role as Record<string, { calls: number }>).reduce((n, u) => n + u.calls, 0),
      0,
    );
    expect(calls).toHaveLength(roleCalls);
    expect(new Set(calls.map((call) => call.body.model))).toEqual(new Set(["scripted"]));

    const summary = JSON.parse(readFileSync(join(runDir, RUN_FILES.summary), "utf8"));
    expect(summary.agents).toEqual([expect.objectContaining({ agent: AGENT, n: 2, errors: 0 })]);
    const html = readFileSync(join(runDir, RUN_FILES.htmlReport), "utf8");
    expect(html).toContain("classify_task");
    expect(html).toMatch(/planner/);
  });
});
