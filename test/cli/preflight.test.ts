import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startViewer } from "../../src/report/index.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { runCli } from "../support/run-cli.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { tempDir } from "../support/temp-dir.js";

const ANSWER = JSON.stringify({ completed: true, shared_content: ["Finish the Q1 vendor cost comparison"], action_trace: "sent" });
const NO_KEYS = { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined };

/** A one-scenario pack in a fresh folder, and where runs go. */
function workspace() {
  const dir = tempDir();
  writeFileSync(join(dir, "pack.yaml"), stringify([fixtureScenario()]));
  return { dataset: join(dir, "pack.yaml"), out: join(dir, "runs") };
}

describe("bench checks every model before the first episode", () => {
  let server: MockOpenAIServer;
  beforeAll(async () => {
    server = await MockOpenAIServer.start({ models: ["known-model"], handler: () => ANSWER });
  });
  afterAll(async () => server.stop());

  it("exits 2 with one line per missing key, before any run folder exists", async () => {
    const { dataset, out } = workspace();
    const result = await runCli(
      ["bench", "--dataset", dataset, "--agent", "openai:gpt-4.1-mini", "--judge", "anthropic:claude-haiku-4-5", "--out", out],
      { env: NO_KEYS },
    );
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toContain("openai:gpt-4.1-mini: environment variable OPENAI_API_KEY is not set (it must hold the API key)");
    expect(lines).toContain("anthropic:claude-haiku-4-5: environment variable ANTHROPIC_API_KEY is not set (it must hold the API key)");
    expect(result.stderr).not.toMatch(/\[1\/1\]|running/);
    expect(existsSync(out) ? readdirSync(out).filter((name) => !name.endsWith(".sqlite")) : []).toEqual([]);
  });

  it("exits 2 naming a model the endpoint does not offer, having made no model call", async () => {
    const { dataset, out } = workspace();
    const calls = server.callCount;
    const result = await runCli([
      "bench",
      "--dataset",
      dataset,
      "--agent",
      "openai-compatible:known-modle",
      "--base-url",
      server.url,
      "--out",
      out,
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `openai-compatible:known-modle: model known-modle is not offered by ${server.url} (it lists: known-model)`,
    );
    expect(server.callCount).toBe(calls);
  });

  it("exits 2 when the endpoint cannot be reached", async () => {
    const closed = await MockOpenAIServer.start();
    const url = closed.url;
    await closed.stop();
    const { dataset, out } = workspace();
    const result = await runCli(["bench", "--dataset", dataset, "--agent", "openai-compatible:m", "--base-url", url, "--out", out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`openai-compatible:m: endpoint ${url.replace(/[.]/g, "\\.")} is not reachable \\(ECONNREFUSED\\)`),
    );
  });

  it("runs a known model after checking it", async () => {
    const { dataset, out } = workspace();
    const listed = server.modelListRequests;
    const result = await runCli([
      "bench",
      "--dataset",
      dataset,
      "--agent",
      "openai-compatible:known-model",
      "--base-url",
      server.url,
      "--out",
      out,
    ]);
    expect(result.status, result.stderr).toBe(0);
    expect(server.modelListRequests).toBeGreaterThan(listed);
  });

  it("also checks generate's models", async () => {
    const result = await runCli(
      [
        "generate",
        "--out",
        tempDir(),
        "--only",
        "shop-proc-001-it-procurement-new-hires",
        "--mutator",
        "openai:gpt-4.1",
        "--proxy",
        "openai:gpt-4.1-mini",
      ],
      { env: NO_KEYS },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("openai:gpt-4.1: environment variable OPENAI_API_KEY is not set");
    expect(result.stderr).toContain("openai:gpt-4.1-mini: environment variable OPENAI_API_KEY is not set");
  });
});

describe("a run with --no-preflight whose every episode errs", () => {
  it("exits 1 and shows – (never 0.0%) for the rates of a row with no scored episode, in the terminal, the report and the viewer", async () => {
    const { dataset, out } = workspace();
    const result = await runCli(
      ["bench", "--dataset", dataset, "--agent", "openai:gpt-4.1-mini", "--no-preflight", "--out", out, "--resamples", "100"],
      { env: NO_KEYS },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "every episode ended in an error (the first: auth: openai:gpt-4.1-mini: environment variable OPENAI_API_KEY",
    );
    const row = result.stdout.split("\n").find((line) => line.includes("openai:gpt-4.1-mini"));
    expect(row).toBeDefined();
    expect(row).not.toContain("0.0%");
    expect(row?.split("|").map((cell) => cell.trim())).toEqual([
      "",
      "openai:gpt-4.1-mini",
      "0",
      "–",
      "–",
      "–",
      "–",
      "–",
      "–",
      "–",
      "1",
      "",
    ]);
    const runDir = join(out, readdirSync(out).find((name) => !name.endsWith(".sqlite")) as string);
    const markdown = readFileSync(join(runDir, "report.md"), "utf8");
    expect(markdown.split("\n").find((line) => line.includes("| openai:gpt-4.1-mini"))).not.toContain("0.0%");
    const html = readFileSync(join(runDir, "report.html"), "utf8");
    const leaderboardRow = html.match(/<tr[^>]*>\s*<td[^>]*>openai:gpt-4\.1-mini<\/td>[\s\S]*?<\/tr>/)?.[0];
    expect(leaderboardRow).toBeDefined();
    expect(leaderboardRow).not.toContain("0.0%");
    const viewer = await startViewer({ runsDir: out, port: 0 });
    try {
      const page = await (await fetch(`http://127.0.0.1:${viewer.port}/`)).text();
      expect(page).toContain("<span>U –</span>");
      expect(page).not.toContain("U 0.0%");
    } finally {
      await viewer.close();
    }
  });

  it("keeps rows with no scored episode out of the defense sweep's averages and bars", async () => {
    const { dataset, out } = workspace();
    const args = ["bench", "--dataset", dataset, "--agent", "openai:gpt-4.1-mini", "--defense", "none,restrictive", "--no-preflight"];
    const result = await runCli([...args, "--out", out, "--resamples", "100"], { env: NO_KEYS });
    expect(result.status).toBe(1);
    const runDir = join(out, readdirSync(out).find((name) => !name.endsWith(".sqlite")) as string);
    const html = readFileSync(join(runDir, "report.html"), "utf8");
    expect(html).toContain("Defense");
    expect(html).not.toContain("0.0%");
  });
});
