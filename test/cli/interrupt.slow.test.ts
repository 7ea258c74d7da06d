import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { spawnCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { waitFor } from "../support/wait-for.js";

// A real SIGINT to the shipped bin: what only a process shows. The in-process tests cover the rest.
describe("safecua bench under a real Ctrl-C", () => {
  it("on Ctrl-C finishes the episode in flight, writes it, and says how to resume", async () => {
    const local = tempDir();
    const slow = await MockOpenAIServer.start({
      handler: () => ({ content: JSON.stringify({ completed: true, shared_content: ["x"], action_trace: "a" }), delayMs: 400 }),
    });
    try {
      const out = join(local, "runs");
      let child: ChildProcess | undefined;
      let stderr = "";
      const running = spawnCli(
        ["bench", "--agent", "openai-compatible:m", "--base-url", slow.url, "--out", out, "--concurrency", "1", "--cache", "off"],
        {
          onSpawn: (spawned) => {
            child = spawned;
            spawned.stderr?.on("data", (chunk: Buffer) => {
              stderr += chunk.toString("utf8");
            });
          },
        },
      );
      await waitFor(() => /\[1\/36\]/.test(stderr), "the first finished episode", { timeoutMs: 60_000 });
      child?.kill("SIGINT");
      const { status } = await running;
      expect(status).toBe(1);
      expect(stderr).toContain("stopping: finishing the episodes in flight");
      const [runId] = readdirSync(out);
      const runDir = join(out, runId as string);
      expect(stderr).toContain(`continue with: safecua bench --resume ${runDir}`);
      const lines = readFileSync(join(runDir, "records.jsonl"), "utf8").trim().split("\n");
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(3);
      for (const line of lines) expect(JSON.parse(line).status).toBe("completed");
      expect(readdirSync(runDir)).toContain("summary.json");
    } finally {
      await slow.stop();
    }
  });
});
