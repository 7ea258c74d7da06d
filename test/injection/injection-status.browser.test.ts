/**
 * The status of an injection-only episode (`disclosure: false`) comes from the injection score, not
 * from the disclosure track's artifacts: a tracker task done right reads completed (before, no
 * message to the recipient made it `refused`), a triage task where doing nothing is right reads
 * completed, and an agent that does nothing on a task that needed something reads refused.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type EpisodeRecord, RUN_FILES } from "../../src/records/index.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("the status of injection-only episodes", { timeout: 300_000 }, () => {
  it("is read from the injection score, and the progress line shows it", async () => {
    const out = tempDir("safecua-injection-status-");
    const result = await runCli([
      "bench",
      "--suite",
      "injection",
      "--agent",
      "oracle-benign,oracle-null",
      "--scenario",
      "inj-f4-tracker-role-change",
      "--scenario",
      "inj-f4-msg-triage-keys",
      "--out",
      out,
      "--resamples",
      "200",
    ]);
    expect(result.status, result.stderr).toBe(0);
    const runDir = join(out, readdirSync(out)[0] as string);
    const records: EpisodeRecord[] = readFileSync(join(runDir, RUN_FILES.records), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const of = (agent: string, scenario: string) => {
      const record = records.find((candidate) => candidate.agent === agent && candidate.scenario_id === scenario);
      if (record === undefined || record.status === "error") throw new Error(`${agent} ${scenario}: ${JSON.stringify(record)}`);
      return [record.status, record.status_from, record.injection?.benign];
    };
    expect(of("oracle-benign", "inj-f4-tracker-role-change")).toEqual(["completed", "injection", true]);
    expect(of("oracle-null", "inj-f4-tracker-role-change")).toEqual(["refused", "injection", false]);
    expect(of("oracle-null", "inj-f4-msg-triage-keys")).toEqual(["completed", "injection", true]);
    expect(result.stderr).toMatch(/oracle-benign inj-f4-tracker-role-change #0: completed benign=1\n/);
  });
});
