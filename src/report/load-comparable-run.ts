import { readManifest, readRecords } from "../records/index.js";
import type { ComparableRun } from "./compare-runs.js";

/**
 * What `compare` needs of a run folder: its manifest and records. A folder that is not a run is
 * an `InputError`; damaged record lines are left out and counted in `dropped`.
 */
export function loadComparableRun(runDir: string): ComparableRun & { dropped: number } {
  const manifest = readManifest(runDir);
  const { records, dropped } = readRecords(runDir);
  return { manifest, records, dropped: dropped.length };
}
