import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "vitest";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { spawnCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { waitFor } from "../support/wait-for.js";
import { expectStoppedRun, slowBenchArgs } from "./support/stopped-run.js";

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
      const running = spawnCli(slowBenchArgs(slow.url, out), {
        onSpawn: (spawned) => {
          child = spawned;
          spawned.stderr?.on("data", (chunk: Buffer) => {
            stderr += chunk.toString("utf8");
          });
        },
      });
      await waitFor(() => /\[1\/36\]/.test(stderr), "the first finished episode", { timeoutMs: 60_000 });
      child?.kill("SIGINT");
      expectStoppedRun(out, { status: (await running).status, stderr });
    } finally {
      await slow.stop();
    }
  });
});
