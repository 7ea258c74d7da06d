import { WORKSPACE_APPS } from "../apps.js";
import type { ChangeEntry } from "../store/change-entry.js";
import type { Artifact } from "./artifact.js";

/**
 * The artifacts of a change log, in log order. Only the log is read — no state, no diff — so
 * what was sent, to whom and in which order is exact. Each app says what its entries share
 * (`artifactOf` of its definition, src/workspace/apps.ts); entries that share nothing (a search,
 * a cart edit, an opened draft) give no artifact.
 */
export function artifactsOf(log: readonly ChangeEntry[]): Artifact[] {
  const artifacts: Artifact[] = [];
  for (const entry of log) {
    const made = WORKSPACE_APPS[entry.app].artifactOf?.(entry);
    if (made === undefined) continue;
    // One key order for every artifact: the records a run writes are compared as text.
    const { kind, channel, recipient, recipients, text } = made;
    artifacts.push({ kind, channel, recipient, recipients, text, app: entry.app, seq: entry.seq, entity: entry.entity, time: entry.time });
  }
  return artifacts;
}
