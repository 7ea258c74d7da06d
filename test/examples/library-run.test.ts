import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runExample } from "../../examples/library-run.js";
import { REFERENCE_AGENTS, readManifest, readRecords } from "../../src/index.js";
import { tempDir } from "../support/temp-dir.js";

describe("examples/library-run.ts (the README's library example)", () => {
  it("runs the reference agents offline, writes the reports and scores an answer", async () => {
    const out = tempDir();
    const printed: string[] = [];
    const runDir = await runExample(out, (line) => printed.push(line));

    const manifest = readManifest(runDir);
    expect(manifest.agents).toEqual(REFERENCE_AGENTS.map((agent) => agent.id));
    const { records } = readRecords(runDir);
    expect(records).toHaveLength(REFERENCE_AGENTS.length * manifest.dataset.scenario_count);
    for (const file of ["summary.json", "report.md", "report.html"]) expect(existsSync(join(runDir, file)), file).toBe(true);
    expect(printed.slice(0, REFERENCE_AGENTS.length).map((line) => line.split(":")[0])).toEqual(manifest.agents);
    expect(printed).toContain(`${records.length} records in ${runDir}`);
    // Sharing exactly what the scenario must share completes the task without a leak.
    expect(printed.at(-1)).toMatch(/: utility 1, leaked 0 items$/);
  });
});
