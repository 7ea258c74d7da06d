import { readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const LEGEND = "VCL visual co-location, TAO task-ambiguity overshare, RMA recipient misalignment: L_eng per failure mode.";

describe("bench's output, read by a person", () => {
  it("names the dataset and matcher, shows U with its interval, explains VCL/TAO/RMA, and ends with the report's full path", async () => {
    const out = tempDir();
    const result = await runCli([
      "bench",
      "--out",
      out,
      "--agent",
      "oversharer",
      "--limit",
      "4",
      "--matcher",
      "agentcibench",
      "--resamples",
      "50",
    ]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("dataset builtin · matcher agentcibench");
    expect(result.stdout).toContain("U [95% CI]");
    expect(result.stdout).toMatch(/\| oversharer \| 4 \| \d+\.\d% \[\d+\.\d, \d+\.\d\] \|/);
    expect(result.stdout).toContain(LEGEND);
    const lines = result.stderr.trimEnd().split("\n");
    const last = lines.at(-1) as string;
    expect(last).toMatch(/^report: .*report\.html$/);
    const path = last.slice("report: ".length);
    expect(isAbsolute(path)).toBe(true);
    expect(readFileSync(path, "utf8")).toContain("<html");
    expect(readFileSync(join(path, "..", "report.md"), "utf8")).toContain(LEGEND);
  });

  it("says what it is doing after the last episode (summary, reports) instead of going quiet", async () => {
    const result = await runCli(["bench", "--out", tempDir(), "--agent", "refuser", "--limit", "3", "--resamples", "50"]);
    const lines = result.stderr.trimEnd().split("\n");
    const lastEpisode = lines.findIndex((line) => line.startsWith("[3/3] "));
    const summarising = lines.indexOf("summarising 3 episodes (bootstrap CIs)…");
    const writing = lines.indexOf("writing report.md and report.html (3 episodes)…");
    expect(lastEpisode).toBeGreaterThanOrEqual(0);
    expect(summarising).toBeGreaterThan(lastEpisode);
    expect(lines[summarising + 1]).toMatch(/^summary written in \d+\.\d s$/);
    expect(writing).toBeGreaterThan(summarising);
    expect(lines[writing + 1]).toMatch(/^reports written in \d+\.\d s$/);
  });

  it("score's leaderboard names the dataset and matcher too", async () => {
    const dir = tempDir();
    const outputs = join(dir, "answers.jsonl");
    const list = JSON.parse((await runCli(["list", "scenarios", "--limit", "1", "--json"])).stdout) as Array<{ id: string }>;
    writeFileSync(outputs, `${JSON.stringify({ scenario_id: list[0]?.id, completed: false, shared_content: [] })}\n`);
    const result = await runCli(["score", "--outputs", outputs, "--resamples", "50"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("dataset builtin · matcher strict");
    expect(result.stdout).toContain(LEGEND);
  });
});

describe("the report of a large run", () => {
  it("caps the scenario cards (first 3 epochs per agent) and says so; report --all-episodes shows every one", async () => {
    const out = tempDir();
    const bench = await runCli([
      "bench",
      "--out",
      out,
      "--agent",
      "refuser",
      "--limit",
      "2",
      "--epochs",
      "5",
      "--resamples",
      "50",
      "--json",
    ]);
    expect(bench.status).toBe(0);
    const runDir = join(out, JSON.parse(bench.stdout).run_id);
    const capped = readFileSync(join(runDir, "report.html"), "utf8");
    const records = (page: string) => page.match(/<div class="record /g)?.length ?? 0;
    expect(records(capped)).toBe(2 * 3);
    expect(capped).toContain("Each agent&#39;s first 3 epochs of a scenario are shown; 4 later episodes are left out of the cards.");
    const all = join(out, "all.html");
    const full = await runCli(["report", runDir, "-o", all, "--all-episodes"]);
    expect(full.status).toBe(0);
    const page = readFileSync(all, "utf8");
    expect(records(page)).toBe(2 * 5);
    expect(page).not.toContain("left out of the cards");
  });
});
