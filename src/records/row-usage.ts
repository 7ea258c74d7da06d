import { addUsage, NO_USAGE, realUsage, type Usage } from "../models/index.js";
import type { EpisodeRecord } from "./episode-record.js";

/**
 * A summary row's model usage: `by_role` sums its records' usage per role (agent, judge, and the
 * guarded agent's planner, quarantined, crosscheck, classifier, proposer); `total` is what models
 * were really called for. A scripted role's estimate keeps `simulated: true` in `by_role` and is
 * left out of `total`, so a run of scripted baselines reports no spend it did not make.
 */
export interface RowUsage {
  total: Usage;
  by_role: Record<string, Usage>;
}

/**
 * The role of a record that has usage but no split (written before every record had one): its
 * agent and judge calls together.
 */
const UNSPLIT_ROLE = "agent+judge";

/** The usage of a row's records, or undefined when none called a model (reference agents). */
export function rowUsageOf(records: readonly EpisodeRecord[]): RowUsage | undefined {
  const byRole: Record<string, Usage> = {};
  for (const record of records) {
    const roles = record.usage_by_role ?? (record.usage ? { [UNSPLIT_ROLE]: record.usage } : {});
    for (const [role, usage] of Object.entries(roles)) byRole[role] = addUsage(byRole[role] ?? NO_USAGE, usage);
  }
  if (Object.keys(byRole).length === 0) return undefined;
  return { total: realUsage(byRole), by_role: byRole };
}
