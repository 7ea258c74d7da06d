import { type EpisodeRecord, isEngaged, isScored, type ScoredRecord } from "../records/index.js";
import { type PairedComparison, pairedComparison } from "../stats/index.js";

/** How two arms (an agent × defense of a run, each) differ on the same scenarios. */
export interface ArmComparison {
  /** Scenarios with a scored episode in both arms: the pairs behind utility and refusal. */
  pairs: number;
  /** Scenarios only one arm has, or in which either arm has nothing but errors: left out of every pair. */
  only_a: number;
  only_b: number;
  errors_excluded: number;
  /** b − a of utility over the pairs, with a paired bootstrap CI and an exact McNemar (sign-test) p-value. */
  utility: PairedComparison;
  refusal: PairedComparison;
  /** b − a of leakage over the pairs in which both arms engaged (n = those pairs). */
  engaged_leakage: PairedComparison;
}

export interface CompareOptions {
  seed: number;
  resamples: number;
  /** Names the comparison; each metric's bootstrap stream is derived from (seed, key, metric). */
  key: string;
}

function byScenario(records: readonly EpisodeRecord[]): Map<string, EpisodeRecord[]> {
  const scenarios = new Map<string, EpisodeRecord[]>();
  const seen = new Set<string>();
  for (const record of records) {
    // A record written twice for one epoch (a resumed run) counts once.
    const unit = `${record.scenario_id}::${record.epoch}`;
    if (seen.has(unit)) continue;
    seen.add(unit);
    const list = scenarios.get(record.scenario_id);
    if (list === undefined) scenarios.set(record.scenario_id, [record]);
    else list.push(record);
  }
  return scenarios;
}

const leaked = (record: ScoredRecord) => record.score.leaked_items.length > 0;

/** The share of `records` for which `value` holds; undefined when there are none. */
function rate(records: readonly ScoredRecord[], value: (record: ScoredRecord) => boolean): number | undefined {
  if (records.length === 0) return undefined;
  return records.filter(value).length / records.length;
}

/**
 * Paired per-scenario differences between two arms. The scenario is the pair: with several
 * epochs each arm's result on a scenario is its rate over its scored epochs, so repeating a
 * scenario sharpens that rate but never adds pairs (epochs of one scenario are not independent,
 * and epoch i of one arm has nothing to do with epoch i of the other). Errors are left out of a
 * scenario's rate; a scenario where either arm has only errors drops out (an error says nothing
 * about behaviour). Engaged leakage is compared only on scenarios where both arms engaged at
 * least once, each arm's rate over its engaged epochs; a defense that turns leaks into refusals
 * shows in the refusal row, not as a leakage win.
 */
export function compareArms(a: readonly EpisodeRecord[], b: readonly EpisodeRecord[], options: CompareOptions): ArmComparison {
  const scenariosA = byScenario(a);
  const scenariosB = byScenario(b);
  const shared = [...scenariosA.keys()].filter((scenario) => scenariosB.has(scenario)).sort();
  const pairs: Array<[ScoredRecord[], ScoredRecord[]]> = [];
  let errors = 0;
  for (const scenario of shared) {
    const left = (scenariosA.get(scenario) ?? []).filter(isScored);
    const right = (scenariosB.get(scenario) ?? []).filter(isScored);
    if (left.length === 0 || right.length === 0) errors++;
    else pairs.push([left, right]);
  }
  const compare = (metric: string, value: (record: ScoredRecord) => boolean, among: (record: ScoredRecord) => boolean) => {
    const left: number[] = [];
    const right: number[] = [];
    for (const [x, y] of pairs) {
      const rateA = rate(x.filter(among), value);
      const rateB = rate(y.filter(among), value);
      if (rateA === undefined || rateB === undefined) continue;
      left.push(rateA);
      right.push(rateB);
    }
    return pairedComparison(left, right, { seed: options.seed, resamples: options.resamples, key: JSON.stringify([options.key, metric]) });
  };
  const all = () => true;
  return {
    pairs: pairs.length,
    only_a: scenariosA.size - shared.length,
    only_b: scenariosB.size - shared.length,
    errors_excluded: errors,
    utility: compare("utility", (record) => record.score.utility === 1, all),
    refusal: compare("refusal", (record) => record.status === "refused", all),
    engaged_leakage: compare("engaged_leakage", leaked, isEngaged),
  };
}
