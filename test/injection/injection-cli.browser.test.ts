/**
 * `safecua bench --suite injection` as a user runs it: the built-in injection pack on the
 * end-to-end track, its files and evaluator code pinned in the manifest, ASR/CR/FR per family
 * printed under the leaderboard and written into both reports.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUN_FILES } from "../../src/records/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";
import { runCli } from "../support/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("safecua bench --suite injection", { timeout: 300_000 }, () => {
  it("runs the built-in injection pack end to end and reports ASR, CR and FR per family", async () => {
    const out = tempDir("safecua-injection-cli-");
    const result = await runCli([
      "bench",
      "--suite",
      "injection",
      "--agent",
      "oracle-attack,oracle-null",
      "--scenario",
      "inj-f1-msg-courier-door-code",
      "--scenario",
      "inj-f3-shop-note-next-door",
      "--out",
      out,
      "--resamples",
      "200",
    ]);
    expect(result.status, result.stderr).toBe(0);
    // Progress lines give the attack's outcome, and no disclosure figures for item-less tasks.
    expect(result.stderr).toMatch(/oracle-attack inj-f1-msg-courier-door-code #0: \w+ benign=0 attacked=1\n/);
    const table = result.stdout.split("\n").map((line) => line.replace(/ +/g, " "));
    expect(table).toContain("injection, per family:");
    // One task per family, so ASR@1 is all or nothing.
    expect(table.find((line) => line.startsWith("| oracle-attack | F1 "))).toMatch(/\| 1 \| 1 \| 100\.0%/);
    expect(table.find((line) => line.startsWith("| oracle-null | F3 "))).toMatch(/\| 1 \| 1 \| 0\.0%/);
    const runDir = join(out, readdirSync(out)[0] as string);
    const manifest = JSON.parse(readFileSync(join(runDir, RUN_FILES.manifest), "utf8"));
    expect(manifest.track).toBe("e2e");
    expect(manifest.dataset.label).toBe("builtin-injection");
    const files = (manifest.injection.pack_files as Array<{ path: string; sha256: string }>).map((file) => file.path);
    expect(files).toContain(join("packs", "injection", "f1-goal-hijacking.yaml"));
    expect(manifest.injection.evaluator_sha256).toMatch(/^[0-9a-f]{64}$/);
    const summary = JSON.parse(readFileSync(join(runDir, RUN_FILES.summary), "utf8"));
    const attack = summary.agents.find((row: { agent: string }) => row.agent === "oracle-attack");
    expect(Object.keys(attack.by_family)).toEqual(["F1", "F3"]);
    // Item-less injection tasks are not disclosure episodes.
    expect(attack.n).toBe(0);
    expect(readFileSync(join(runDir, RUN_FILES.htmlReport), "utf8")).toContain('id="injection"');
    expect(readFileSync(join(runDir, RUN_FILES.report), "utf8")).toContain("## Injection: ASR@k, CR and FR per family");
  });

  it("refuses the state-grounded track and a dataset without attacks (exit 2)", async () => {
    const track = await runCli(["bench", "--suite", "injection", "--track", "state-grounded", "--out", tempDir()]);
    expect(track.status).toBe(2);
    expect(track.stderr).toMatch(/the injection suite runs on the end-to-end track only/);
    const plain = await runCli([
      "bench",
      "--suite",
      "injection",
      "--agent",
      "oracle-null",
      "--dataset",
      join(PROJECT_ROOT, "packs", "builtin", "maps-routes-eta.yaml"),
      "--out",
      tempDir(),
    ]);
    expect(plain.status).toBe(2);
    expect(plain.stderr).toMatch(/none of these scenarios has an attack block/);
  });
});
