import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/corpus.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { tempDir } from "../support/temp-dir.js";
import { generateArgs, outputs, rowsOf, SEEDS, succeed } from "./support/generate-cli.js";
import { scriptedModels } from "./support/scripted-models.js";

// The generator killed with SIGKILL mid-run needs a real process: slow tier.
let server: MockOpenAIServer;
beforeAll(async () => {
  server = await MockOpenAIServer.start();
  server.respondWith(scriptedModels);
});
afterAll(async () => server.stop());

describe("safecua generate, killed", () => {
  it("resumes after a SIGKILL without redoing finished iterations", async () => {
    const out = tempDir();
    // A slower server for the killed run, so the kill lands mid-run rather than after it.
    const slow = await MockOpenAIServer.start({ latencyMs: 25 });
    slow.respondWith(scriptedModels);
    const child = spawn(process.execPath, [join(PROJECT_ROOT, "bin", "safecua.js"), ...generateArgs(out, 6, slow.url)], {
      stdio: ["ignore", "ignore", "pipe"],
    });
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

    await succeed(["generate", "--only", SEEDS.join(","), "--out", out, "--resume", "--base-url", server.url, "--cache", "read-write"]);
    const after = rowsOf(out);
    expect(after).toHaveLength(12);
    const keys = after.map((row) => `${row.seed_id}#${row.iteration}`);
    expect(new Set(keys).size).toBe(12);
    // Every iteration finished before the kill is still the same line, not a re-run with other results.
    for (const row of before.filter((r) => r.seed_id === SEEDS[0] && r.iteration <= checkpoint.done)) {
      expect(after.find((r) => r.seed_id === row.seed_id && r.iteration === row.iteration)).toEqual(row);
    }
    const fresh = tempDir();
    await succeed(generateArgs(fresh, 6, server.url));
    expect(outputs(out)).toEqual(outputs(fresh));
  });
});
