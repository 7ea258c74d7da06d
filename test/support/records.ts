import type { EpisodeRecord, ErrorRecord, ScoredRecord } from "../../src/records/index.js";

/** The record, which must be scored (the test fails with the record's error otherwise). */
export function scored(record: EpisodeRecord | undefined): ScoredRecord {
  if (record === undefined) throw new Error("no record");
  if (record.status === "error") throw new Error(`expected a scored record, got an error: ${record.error.kind}: ${record.error.message}`);
  return record;
}

/** The record, which must be an error record. */
export function failed(record: EpisodeRecord | undefined): ErrorRecord {
  if (record === undefined) throw new Error("no record");
  if (record.status !== "error") throw new Error(`expected an error record, got ${record.status}`);
  return record;
}
