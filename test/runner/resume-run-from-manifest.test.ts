import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resumeRun } from "../../src/index.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** A run's records in key order, without the fields that say when an episode ran or how long it took. */
function recordsOf(runDir: string): unknown[] {
  const timeless = (key: string, value: unknown) => (/(_at|_ms)$/.test(key) ? undefined : value);
  return readFileSync(join(runDir, "records.jsonl"), "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line, timeless) as { key: string })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

describe("resumeRun from the library, with nothing but the run folder", () => {
  it("rebuilds the dataset, its subset and the agents from the manifest and ends where bench --resume does", async () => {
    const out = tempDir();
    // A subset (--category, --limit) and two agents: the resume must pick the same scenarios again.
    const first = await runCli([
      "bench",
      ...["--out", out, "--agent", "oversharer,ci-rules", "--category", "calendar_availability", "--limit", "4"],
      ...["--resamples", "200", "--json"],
    ]);
    expect(first.status, first.stderr).toBe(0);
    const killed = join(out, JSON.parse(first.stdout).run_id);
    const complete = recordsOf(killed);
    expect(complete).toHaveLength(8);
    // As a killed process leaves it: three episodes recorded, the last line cut halfway.
    const lines = readFileSync(join(killed, "records.jsonl"), "utf8").trimEnd().split("\n");
    writeFileSync(join(killed, "records.jsonl"), `${lines.slice(0, 3).join("\n")}\n${(lines[3] as string).slice(0, 40)}`);
    const viaCli = join(tempDir(), "run");
    const viaLibrary = join(tempDir(), "run");
    cpSync(killed, viaCli, { recursive: true });
    cpSync(killed, viaLibrary, { recursive: true });

    const cli = await runCli(["bench", "--resume", viaCli, "--json"]);
    expect(cli.status, cli.stderr).toBe(0);
    const library = await resumeRun(viaLibrary);

    expect(library.missing).toBe(0);
    expect(library.records).toHaveLength(8);
    expect(recordsOf(viaLibrary)).toEqual(recordsOf(viaCli));
    expect(recordsOf(viaLibrary)).toEqual(complete);
    expect(readFileSync(join(viaLibrary, "summary.json"), "utf8")).toBe(readFileSync(join(viaCli, "summary.json"), "utf8"));
  });

  it("stops with an input error naming the manifest when the dataset changed", async () => {
    const out = tempDir();
    const first = await runCli(["bench", "--out", out, "--agent", "minimal", "--limit", "2", "--resamples", "200", "--json"]);
    expect(first.status, first.stderr).toBe(0);
    const runDir = join(out, JSON.parse(first.stdout).run_id);
    const manifestPath = join(runDir, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, dataset: { ...manifest.dataset, selection: { limit: 3 } } }));
    await expect(resumeRun(runDir)).rejects.toThrow(`${manifestPath}: $.dataset.fingerprint: the dataset (builtin) changed`);
  });
});
