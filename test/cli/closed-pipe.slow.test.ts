import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, spawnCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

// `safecua export RUN --format jsonl | head -1`: the reader closes the pipe after one line. Only a
// real process shows what Node does then (an unhandled EPIPE 'error' event, a stack trace, exit 1).
describe("a closed stdout pipe", () => {
  it("ends every command quietly with exit 0", async () => {
    const out = tempDir();
    // Enough records that the output cannot fit in the pipe's buffer before the reader leaves.
    const bench = await runCli(["bench", "--out", out, "--epochs", "3", "--resamples", "20", "--json"]);
    expect(bench.status).toBe(0);
    const runDir = join(out, JSON.parse(bench.stdout).run_id);
    for (const args of [
      ["export", runDir, "--format", "jsonl"],
      ["export", runDir, "--format", "csv"],
    ]) {
      let received = 0;
      const result = await spawnCli(args, {
        onSpawn: (child) =>
          child.stdout?.once("data", (chunk: Buffer) => {
            received = chunk.length;
            child.stdout?.destroy();
          }),
      });
      expect(received).toBeGreaterThan(0);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    }
  });
});
