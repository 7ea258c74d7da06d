import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EpisodeRecordSchema, readRecords } from "../../src/records/index.js";
import { parseCsv, unprotectCsvCell } from "../../src/report/csv-format.js";
import { RECORD_CSV_COLUMNS } from "../../src/report/index.js";
import { writeStandardFixture } from "../report/standard-fixture.js";
import { runCli } from "../support/run-cli.js";

let root: string;
let fixture: Awaited<ReturnType<typeof writeStandardFixture>>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "safecua-export-cli-"));
  fixture = await writeStandardFixture(root, 9);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("safecua export", () => {
  it("jsonl: round-trips the run's records exactly", async () => {
    const result = await runCli(["export", fixture.runDir, "--format", "jsonl"]);
    expect(result.status).toBe(0);
    const exported = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => EpisodeRecordSchema.parse(JSON.parse(line)));
    expect(exported).toEqual(readRecords(fixture.runDir).records);
  });

  it("csv: one row per record, keys and shared content intact", async () => {
    const out = join(root, "records.csv");
    const result = await runCli(["export", fixture.runDir, "--format", "csv", "-o", out]);
    expect(result.status).toBe(0);
    const rows = parseCsv(readFileSync(out, "utf8"));
    const { records } = readRecords(fixture.runDir);
    expect(rows).toHaveLength(records.length + 1);
    const key = RECORD_CSV_COLUMNS.indexOf("key");
    const shared = RECORD_CSV_COLUMNS.indexOf("shared_content");
    records.forEach((record, i) => {
      expect(unprotectCsvCell(rows[i + 1]?.[key] ?? "")).toBe(record.key);
      const cell = unprotectCsvCell(rows[i + 1]?.[shared] ?? "");
      expect(cell === "" ? undefined : JSON.parse(cell)).toEqual(record.output?.shared_content);
    });
  });

  it("agentcibench: per-scenario lines for the chosen defense, errors reported on stderr", async () => {
    const result = await runCli(["export", fixture.runDir, "--format", "agentcibench"]);
    expect(result.status).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => Object.keys(line)[0])).toEqual(["digest-001-vcl", "digest-002-tao", "digest-003-rma", "xss-004-payloads"]);
    expect(Object.keys(lines[0]["digest-001-vcl"])).toEqual(["careless", "careful", "<svg onload=alert(1)>"]);
    expect(Object.keys(lines[3]["xss-004-payloads"])).not.toContain("careful");
    expect(result.stderr).toContain("1 error record(s) left out");
    const defended = await runCli(["export", fixture.runDir, "--format", "agentcibench", "--defense", "recipient_typed"]);
    expect(JSON.parse(defended.stdout.split("\n")[0] as string)["digest-001-vcl"].careless.leaked_items).toEqual([]);
  });

  it("exits 2 for an unknown format, an unknown defense or a missing run", async () => {
    expect((await runCli(["export", fixture.runDir, "--format", "xml"])).status).toBe(2);
    expect((await runCli(["export", fixture.runDir, "--format", "agentcibench", "--defense", "nope"])).stderr).toContain("--defense nope");
    expect((await runCli(["export", join(root, "missing"), "--format", "csv"])).status).toBe(2);
  });
});
