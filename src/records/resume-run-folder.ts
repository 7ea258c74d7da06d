import { join } from "node:path";
import type { EpisodeRecord } from "./episode-record.js";
import { RUN_FILES, readManifest, readRecords, rewriteRecords } from "./run-folder.js";
import type { RunManifest } from "./run-manifest.js";

export interface ResumableRun {
  manifest: RunManifest;
  /** The records kept: the first valid record of every finished episode. */
  kept: EpisodeRecord[];
  /** Keys of the episodes that need not run again. */
  finished: Set<string>;
  /** Keys of the episodes whose error record was dropped to run them again. */
  retried: Set<string>;
  /** `file:line: reason` for every line that was dropped (damaged, or a duplicate). */
  warnings: string[];
}

/**
 * Prepares a run folder for a resume: keeps every finished record once, drops error records (they
 * are re-run unless `retryErrors` is false) and the damaged last line of a killed process, and
 * rewrites the records file to exactly what is kept, so retried episodes do not appear twice.
 */
export function openRunForResume(runDir: string, options: { retryErrors?: boolean } = {}): ResumableRun {
  const manifest = readManifest(runDir);
  const { records, dropped } = readRecords(runDir);
  const path = join(runDir, RUN_FILES.records);
  const warnings = dropped.map((line) => `${path}:${line.line}: dropped: ${line.reason}`);
  const kept: EpisodeRecord[] = [];
  const finished = new Set<string>();
  const retried = new Set<string>();
  for (const record of records) {
    if (record.status === "error" && options.retryErrors !== false) retried.add(record.key);
    if ((record.status === "error" && options.retryErrors !== false) || finished.has(record.key)) continue;
    finished.add(record.key);
    kept.push(record);
  }
  // An error followed by a finished record of the same episode (an older resume) is not retried.
  for (const key of finished) retried.delete(key);
  rewriteRecords(runDir, kept);
  return { manifest, kept, finished, retried, warnings };
}
