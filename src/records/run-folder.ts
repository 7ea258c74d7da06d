import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { InputError, parseInput, parseJsonText } from "../core/index.js";
import { type EpisodeRecord, EpisodeRecordSchema } from "./episode-record.js";
import { type RunManifest, RunManifestSchema } from "./run-manifest.js";

/** The files of a run folder `runs/<run-id>/`. Screenshots live in `screenshots/` (screenshot-store.ts). */
export const RUN_FILES = {
  manifest: "manifest.json",
  records: "records.jsonl",
  summary: "summary.json",
  report: "report.md",
  htmlReport: "report.html",
  /** The F5 mask-integrity measurements (src/records/mask-integrity-record.ts), when the run had F5 tasks. */
  maskIntegrity: "mask-integrity.json",
} as const;

export interface ReadRecordsResult {
  records: EpisodeRecord[];
  /** Lines that were not valid records, e.g. the half-written last line of a killed run. */
  dropped: Array<{ line: number; reason: string }>;
}

/** Writes text atomically: a reader (or a crash) sees the old file or the new one, never half of one. */
export function writeTextAtomic(path: string, text: string): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

export function writeJsonAtomic(path: string, value: unknown): void {
  writeTextAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** The run's manifest, or an `InputError` naming the folder or the manifest's bad field. */
export function readManifest(runDir: string): RunManifest {
  if (!existsSync(runDir) || !statSync(runDir).isDirectory()) throw new InputError("no such run folder", { file: runDir });
  const path = join(runDir, RUN_FILES.manifest);
  if (!existsSync(path)) throw new InputError(`no such file (is ${runDir} a run folder?)`, { file: path });
  return parseInput(RunManifestSchema, parseJsonText(readFileSync(path, "utf8"), path), path);
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
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        dropped.push({ line: index + 1, reason: "not valid JSON (cut off when the run was killed?)" });
        return;
      }
      const parsed = EpisodeRecordSchema.safeParse(value);
      if (parsed.success) records.push(parsed.data);
      else {
        const issue = parsed.error.issues[0];
        dropped.push({ line: index + 1, reason: `${issue?.path.join(".") || "record"}: ${issue?.message ?? "invalid record"}` });
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

/** Creates `outDir/<run-id>/` with its manifest and an empty records file. */
export function createRunFolder(outDir: string, manifest: RunManifest): string {
  const runDir = join(outDir, manifest.run_id);
  if (existsSync(runDir)) throw new InputError("already exists; a new run needs a new folder", { file: runDir });
  mkdirSync(runDir, { recursive: true });
  writeJsonAtomic(join(runDir, RUN_FILES.manifest), manifest);
  writeFileSync(join(runDir, RUN_FILES.records), "");
  return runDir;
}

/** Rewrites the records file with exactly `records` (atomically). */
export function rewriteRecords(runDir: string, records: readonly EpisodeRecord[]): void {
  writeTextAtomic(join(runDir, RUN_FILES.records), records.map((record) => `${JSON.stringify(record)}\n`).join(""));
}
