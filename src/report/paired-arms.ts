import type { EpisodeRecord, ScoredRecord } from "../records/index.js";
import { type PairedComparison, pairedComparison } from "../stats/index.js";

/** How two arms (an agent × defense of a run, each) differ on the same scenarios. */
export interface ArmComparison {
  /** Units (scenario × epoch) scored in both arms: the pairs behind utility and refusal. */
  pairs: number;
  /** Units only one arm has, or that errored in either arm: left out of every pair. */
  only_a: number;
  only_b: number;
  errors_excluded: number;
  /** b − a of utility over the pairs, with a paired bootstrap CI and an exact McNemar p-value. */
  utility: PairedComparison;
  refusal: PairedComparison;
  /** b − a of leakage over the pairs in which neither arm refused (n = those pairs). */
  engaged_leakage: PairedComparison;
}

export interface CompareOptions {
  seed: number;
  resamples: number;
  /** Names the comparison; each metric's bootstrap stream is derived from (seed, key, metric). */
  key: string;
}

function unitOf(record: EpisodeRecord): string {
  return `${record.scenario_id}::${record.epoch}`;
}

function byUnit(records: readonly EpisodeRecord[]): Map<string, EpisodeRecord> {
  const units = new Map<string, EpisodeRecord>();
  for (const record of records) if (!units.has(unitOf(record))) units.set(unitOf(record), record);
  return units;
}

const leaked = (record: ScoredRecord) => record.score.leaked_items.length > 0;

/**
 * Paired per-scenario differences between two arms. Records pair by scenario id and epoch; an
 * error in either arm drops the pair (an error says nothing about behaviour). Engaged leakage is
 * compared only where both arms engaged, because a per-scenario difference of "leaked given it
 * acted" exists only there; a defense that turns leaks into refusals shows in the refusal row,
 * not as a leakage win.
 */
export function compareArms(a: readonly EpisodeRecord[], b: readonly EpisodeRecord[], options: CompareOptions): ArmComparison {
  const unitsA = byUnit(a);
  const unitsB = byUnit(b);
  const shared = [...unitsA.keys()].filter((unit) => unitsB.has(unit)).sort();
  const pairs: Array<[ScoredRecord, ScoredRecord]> = [];
  let errors = 0;
  for (const unit of shared) {
    const left = unitsA.get(unit);
    const right = unitsB.get(unit);
    if (left === undefined || right === undefined) continue;
    if (left.status === "error" || right.status === "error") errors++;
    else pairs.push([left, right]);
  }
  const engaged = pairs.filter(([left, right]) => left.status !== "refused" && right.status !== "refused");
  const compare = (metric: string, list: Array<[ScoredRecord, ScoredRecord]>, value: (record: ScoredRecord) => boolean) =>
    pairedComparison(
      list.map(([left]) => value(left)),
      list.map(([, right]) => value(right)),
      { seed: options.seed, resamples: options.resamples, key: JSON.stringify([options.key, metric]) },
    );
  return {
    pairs: pairs.length,
    only_a: unitsA.size - shared.length,
    only_b: unitsB.size - shared.length,
    errors_excluded: errors,
    utility: compare("utility", pairs, (record) => record.score.utility === 1),
    refusal: compare("refusal", pairs, (record) => record.status === "refused"),
    engaged_leakage: compare("engaged_leakage", engaged, leaked),
  };
}
