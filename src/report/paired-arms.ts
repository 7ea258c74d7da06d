import { type EpisodeRecord, isScored, outcomeOf } from "../records/index.js";
import { METRICS, type MetricDescriptor, type Outcome, type PairedComparison, pairedComparison } from "../stats/index.js";

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
  // Any other metric of `CompareOptions.metrics` with `comparison: "paired"` is a key of its own,
  // under its name (read it with `comparisonOf`).
}

/** A comparison's result for `metric`, or undefined when it was not compared. */
export function comparisonOf(result: object, metric: Pick<MetricDescriptor, "name">): PairedComparison | undefined {
  // An own property only: a metric named like an Object.prototype member must not find one.
  const found: unknown = Object.getOwnPropertyDescriptor(result, metric.name)?.value;
  return isPairedComparison(found) ? found : undefined;
}

function isPairedComparison(value: unknown): value is PairedComparison {
  return typeof value === "object" && value !== null && "difference" in value && "p_value" in value && "n" in value;
}

export interface CompareOptions {
  seed: number;
  resamples: number;
  /** Names the comparison; each metric's bootstrap stream is derived from (seed, key, metric). */
  key: string;
  /** The metrics compared: those with `comparison: "paired"` (default `METRICS`: U, refusal, L_eng). */
  metrics?: readonly MetricDescriptor[];
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

/** The mean of `metric`'s value over the outcomes in its denominator; undefined when there are none. */
function rate(outcomes: readonly Outcome[], metric: MetricDescriptor): number | undefined {
  const among = outcomes.filter(metric.among);
  if (among.length === 0) return undefined;
  return among.reduce((sum, outcome) => sum + metric.value(outcome), 0) / among.length;
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
  const pairs: Array<[Outcome[], Outcome[]]> = [];
  let errors = 0;
  for (const scenario of shared) {
    const left = (scenariosA.get(scenario) ?? []).filter(isScored).map(outcomeOf);
    const right = (scenariosB.get(scenario) ?? []).filter(isScored).map(outcomeOf);
    if (left.length === 0 || right.length === 0) errors++;
    else pairs.push([left, right]);
  }
  const compare = (metric: MetricDescriptor): PairedComparison => {
    const left: number[] = [];
    const right: number[] = [];
    for (const [x, y] of pairs) {
      const rateA = rate(x, metric);
      const rateB = rate(y, metric);
      if (rateA === undefined || rateB === undefined) continue;
      left.push(rateA);
      right.push(rateB);
    }
    const key = JSON.stringify([options.key, metric.name]);
    return pairedComparison(left, right, { seed: options.seed, resamples: options.resamples, key });
  };
  const compared = new Map(
    (options.metrics ?? METRICS).filter((metric) => metric.comparison === "paired").map((m) => [m.name, compare(m)]),
  );
  const builtin = (name: string): PairedComparison => {
    const found = compared.get(name);
    if (found === undefined) throw new TypeError(`compareArms: the built-in metric ${name} must be compared`);
    return found;
  };
  return {
    pairs: pairs.length,
    only_a: scenariosA.size - shared.length,
    only_b: scenariosB.size - shared.length,
    errors_excluded: errors,
    ...Object.fromEntries(compared),
    utility: builtin("utility"),
    refusal: builtin("refusal"),
    engaged_leakage: builtin("engaged_leakage"),
  };
}
