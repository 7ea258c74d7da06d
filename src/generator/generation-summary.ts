import { FAILURE_MODES, type FailureMode, type Scenario } from "../scenario/index.js";
import type { DedupDrop, DedupResult } from "./dedup.js";
import type { GeneratorSettings } from "./generator-settings.js";
import type { IterationRow } from "./iteration-row.js";
import { type CallTally, emptyTally, ROLES, type Role, sumTallies } from "./usage-tally.js";

/**
 * The paper's Table 5 for this run, stage by stage: mutations tried (expansions attempted), valid
 * (passed validation and entered the tree), kept (high-reward keeps during search), then after
 * exact and after near dedup. Kept is not a subset of valid: a re-simulated node can be kept again
 * (the copies are what exact dedup removes), as in the paper's 480.
 */
interface GenerationFunnel {
  mutations_tried: number;
  valid: number;
  kept: number;
  after_exact_dedup: number;
  after_near_dedup: number;
}

/** summary.json: the paper's Appendix B table for this run, plus cost per kept scenario. Deterministic. */
export interface GenerationSummary {
  settings: GeneratorSettings;
  seeds_explored: number;
  iterations: number;
  expansions: number;
  mutations_discarded: number;
  errors: number;
  /** High-reward keeps during search (a re-simulated node kept twice counts twice, as in the paper's 480). */
  kept_candidates: number;
  after_exact_dedup: number;
  after_near_dedup: number;
  funnel: GenerationFunnel;
  exact_removed: number;
  near_removed: number;
  per_failure_mode: Record<FailureMode, number>;
  per_seed: Record<string, { iterations: number; expansions: number; discarded: number; kept_candidates: number; in_pool: number }>;
  llm: {
    by_role: Record<Role, CallTally>;
    total: CallTally;
    /** Per scenario in the final pool; null when the pool is empty. */
    calls_per_kept: number | null;
    tokens_per_kept: number | null;
  };
  dedup_dropped: DedupDrop[];
  /** Discard reasons by their leading field (e.g. "task", "must_not_share[0]", "schema"), for tuning the mutator. */
  discard_reasons: Record<string, number>;
}

function reasonKey(reason: string): string {
  const head = reason.split(":")[0] ?? reason;
  return head.replace(/\[\d+\]/g, "[]").trim();
}

export function summarizeGeneration(
  settings: GeneratorSettings,
  seedIds: readonly string[],
  rows: readonly IterationRow[],
  kept: readonly Scenario[],
  dedup: DedupResult,
): GenerationSummary {
  const perSeed: GenerationSummary["per_seed"] = {};
  for (const id of seedIds) perSeed[id] = { iterations: 0, expansions: 0, discarded: 0, kept_candidates: 0, in_pool: 0 };
  const byRole = { mutator: emptyTally(), proxy: emptyTally(), judge: emptyTally() } as Record<Role, CallTally>;
  const reasons: Record<string, number> = {};
  let expansions = 0;
  let discarded = 0;
  let errors = 0;
  for (const row of rows) {
    const seed = perSeed[row.seed_id] ?? { iterations: 0, expansions: 0, discarded: 0, kept_candidates: 0, in_pool: 0 };
    perSeed[row.seed_id] = seed;
    seed.iterations += 1;
    if (row.action === "expand" && !row.discarded) {
      seed.expansions += 1;
      expansions += 1;
    }
    if (row.discarded && row.action === "expand") {
      seed.discarded += 1;
      discarded += 1;
      for (const reason of row.discard_reasons) reasons[reasonKey(reason)] = (reasons[reasonKey(reason)] ?? 0) + 1;
    }
    if (row.errors.length > 0) errors += 1;
    if (row.kept) seed.kept_candidates += 1;
    for (const role of ROLES) byRole[role] = sumTallies([byRole[role], row.usage[role]]);
  }
  for (const scenario of dedup.kept) {
    const seed = scenario.provenance.seed_id;
    if (seed !== undefined && perSeed[seed]) perSeed[seed].in_pool += 1;
  }
  const perMode = Object.fromEntries(
    FAILURE_MODES.map((mode) => [mode, dedup.kept.filter((scenario) => scenario.failure_mode === mode).length]),
  ) as Record<FailureMode, number>;
  const total = sumTallies(ROLES.map((role) => byRole[role]));
  const finalCount = dedup.kept.length;
  return {
    settings,
    seeds_explored: seedIds.length,
    iterations: rows.length,
    expansions,
    mutations_discarded: discarded,
    errors,
    kept_candidates: kept.length,
    after_exact_dedup: dedup.afterExact.length,
    after_near_dedup: finalCount,
    funnel: {
      mutations_tried: expansions + discarded,
      valid: expansions,
      kept: kept.length,
      after_exact_dedup: dedup.afterExact.length,
      after_near_dedup: finalCount,
    },
    exact_removed: kept.length - dedup.afterExact.length,
    near_removed: dedup.afterExact.length - finalCount,
    per_failure_mode: perMode,
    per_seed: perSeed,
    llm: {
      by_role: byRole,
      total,
      calls_per_kept: finalCount > 0 ? total.calls / finalCount : null,
      tokens_per_kept: finalCount > 0 ? (total.input_tokens + total.output_tokens) / finalCount : null,
    },
    dedup_dropped: dedup.dropped,
    discard_reasons: Object.fromEntries(Object.entries(reasons).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}
