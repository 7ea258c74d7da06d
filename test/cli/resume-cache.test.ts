import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { runCli } from "../support/run-cli.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { tempDir } from "../support/temp-dir.js";

const GOOD = JSON.stringify({ completed: true, shared_content: ["Finish the Q1 vendor cost comparison"], action_trace: "sent" });

interface RecordLine {
  key: string;
  status: string;
  error?: { kind: string; message: string };
  usage?: { calls: number; cached_calls: number };
}

const recordsOf = (runDir: string): RecordLine[] =>
  readFileSync(join(runDir, "records.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

// A reply the agent cannot use is recorded in the read-write cache like any other; a resume that
// retries the episode must ask the model again rather than be handed the same reply back.
describe("safecua bench --resume and the model cache", () => {
  let server: MockOpenAIServer;
  let reply = "this is not JSON";
  beforeAll(async () => {
    server = await MockOpenAIServer.start({ handler: () => reply });
  });
  afterAll(async () => server.stop());

  const setup = () => {
    const dir = tempDir();
    writeFileSync(join(dir, "pack.yaml"), stringify([fixtureScenario()]));
    const args = (...extra: string[]) => [
      "bench",
      "--dataset",
      join(dir, "pack.yaml"),
      "--agent",
      "openai-compatible:m",
      "--base-url",
      server.url,
      "--out",
      join(dir, "runs"),
      "--cache-path",
      join(dir, "cache.sqlite"),
      "--resamples",
      "100",
      "--json",
      ...extra,
    ];
    return { args };
  };

  async function failedRun(args: string[]): Promise<string> {
    reply = "this is not JSON";
    const first = await runCli(args);
    const runDir = join(args[args.indexOf("--out") + 1] as string, JSON.parse(first.stdout).run_id);
    const [record] = recordsOf(runDir);
    expect(record).toMatchObject({ status: "error", error: { kind: "parse" }, usage: { calls: 1, cached_calls: 0 } });
    return runDir;
  }

  it("retries an error record with a fresh call, records it as not cached, and replaces the cached reply", async () => {
    const { args } = setup();
    const runDir = await failedRun(args());
    reply = GOOD;
    const calls = server.callCount;
    const resumed = await runCli(["bench", "--resume", runDir, "--json"]);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(server.callCount - calls).toBe(1);
    expect(recordsOf(runDir)).toEqual([
      expect.objectContaining({ status: "completed", usage: expect.objectContaining({ cached_calls: 0 }) }),
    ]);
    // The cache now holds the new reply: a fresh run that may only replay gets the answer, not the parse error.
    const replay = await runCli(args("--cache", "replay-only"));
    expect(replay.status, replay.stderr).toBe(0);
    const replayDir = join(args()[args().indexOf("--out") + 1] as string, JSON.parse(replay.stdout).run_id);
    expect(recordsOf(replayDir)).toEqual([
      expect.objectContaining({ status: "completed", usage: expect.objectContaining({ calls: 1, cached_calls: 1 }) }),
    ]);
    expect(server.callCount - calls).toBe(1);
  });

  it("with --cache replay-only replays the recorded reply exactly and says it was cached", async () => {
    const { args } = setup();
    const runDir = await failedRun(args());
    const before = recordsOf(runDir)[0];
    reply = GOOD;
    const calls = server.callCount;
    const resumed = await runCli(["bench", "--resume", runDir, "--cache", "replay-only", "--json"]);
    expect(resumed.status, resumed.stderr).toBe(1);
    expect(server.callCount).toBe(calls);
    const [after] = recordsOf(runDir);
    expect(after).toMatchObject({ status: "error", error: before?.error, usage: { calls: 1, cached_calls: 1 } });
  });
});
