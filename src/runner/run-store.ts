import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { type EpisodeRecord, EpisodeRecordSchema } from "./episode-record.js";
import { type RunManifest, RunManifestSchema } from "./run-manifest.js";

export const RUN_FILES = {
  manifest: "manifest.json",
  records: "records.jsonl",
  summary: "summary.json",
  report: "report.md",
} as const;

export interface ReadRecordsResult {
  records: EpisodeRecord[];
  /** Lines that were not valid records, e.g. the half-written last line of a killed run. */
  dropped: Array<{ line: number; reason: string }>;
}

/** Writes JSON atomically: a reader (or a crash) sees the old file or the new one, never half of one. */
export function writeJsonAtomic(path: string, value: unknown): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, path);
}

export function readManifest(runDir: string): RunManifest {
  const path = join(runDir, RUN_FILES.manifest);
  if (!existsSync(path)) throw new Error(`${path}: no such file (is ${runDir} a run folder?)`);
  const parsed = RunManifestSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) throw new Error(`${path}: not a valid run manifest: ${parsed.error.issues[0]?.message ?? "unknown"}`);
  return parsed.data;
}

/** Reads a records file, keeping every valid line and reporting the others by line number. */
export function readRecords(runDir: string): ReadRecordsResult {
  const path = join(runDir, RUN_FILES.records);
  if (!existsSync(path)) return { records: [], dropped: [] };
  const records: EpisodeRecord[] = [];
  const dropped: ReadRecordsResult["dropped"] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") return;
      try {
        const parsed = EpisodeRecordSchema.safeParse(JSON.parse(line));
        if (parsed.success) records.push(parsed.data);
        else dropped.push({ line: index + 1, reason: parsed.error.issues[0]?.message ?? "invalid record" });
      } catch {
        dropped.push({ line: index + 1, reason: "not valid JSON (cut off when the run was killed?)" });
      }
    });
  return { records, dropped };
}

/**
 * The records file of one run, opened for appending. Each record is one `write` of one whole line
 * to an O_APPEND descriptor, so a killed process leaves at most one partial last line, which
 * `readRecords` drops and a resume rewrites away.
 */
export class RecordWriter {
  private readonly fd: number;

  constructor(readonly runDir: string) {
    this.fd = openSync(join(runDir, RUN_FILES.records), "a");
  }

  append(record: EpisodeRecord): void {
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
  }

  close(): void {
    closeSync(this.fd);
  }
}

export function createRunDir(outDir: string, runId: string, manifest: RunManifest): string {
  const runDir = join(outDir, runId);
  if (existsSync(runDir)) throw new Error(`${runDir} already exists`);
  mkdirSync(runDir, { recursive: true });
  writeJsonAtomic(join(runDir, RUN_FILES.manifest), manifest);
  writeFileSync(join(runDir, RUN_FILES.records), "");
  return runDir;
}

/**
 * Rewrites the records file with exactly `records` (atomically). A resume keeps the first valid
 * record of every finished episode and drops errors and damaged lines, so the retried episodes
 * do not appear twice.
 */
export function rewriteRecords(runDir: string, records: EpisodeRecord[]): void {
  const path = join(runDir, RUN_FILES.records);
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, records.map((record) => `${JSON.stringify(record)}\n`).join(""));
  renameSync(temporary, path);
}
