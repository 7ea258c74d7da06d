import { type EpisodeRecord, isEngaged, outcomeOf, type ScoredRecord } from "../records/index.js";
import { type BinaryAgreement, binaryAgreement, METRICS, type MetricDescriptor, pairedComparison, wilsonInterval } from "../stats/index.js";
import { comparisonMde } from "./power-table.js";

/** One metric on the two tracks over the same pairs: gap = state-grounded − end-to-end. */
export interface TrackGap {
  /** Pairs behind the rates. */
  n: number;
  state: number;
  e2e: number;
  gap: number;
  /** Paired bootstrap 95% CI of the gap; null when n < 2. */
  ci: [number, number] | null;
  /** Exact McNemar p-value. */
  p_value: number;
  /** Smallest |gap| these pairs detect at 80% power (see `comparisonMde`); null without pairs. */
  mde: number | null;
}

/** How the two tracks' per-scenario leak verdicts line up (the paper's Figure 4 / Appendix M). */
interface LeakAgreement extends BinaryAgreement {
  both: number;
  state_only: number;
  e2e_only: number;
  neither: number;
  /** End-to-end leaks that the same scenario also leaked state-grounded ("four of seven"). */
  e2e_leaks_also_state: { k: number; n: number };
  /**
   * The reference's execution gap: P(leak end-to-end | no leak state-grounded), with its Wilson
   * 95% interval (`execution_gap.csv`).
   */
  execution_gap: { k: number; n: number; value: number; ci: [number, number] | null };
}

export interface CrossTrackComparison {
  pairs: number;
  only_state: number;
  only_e2e: number;
  errors_excluded: number;
  utility: TrackGap;
  leakage: TrackGap;
  /** Over the pairs in which the agent engaged on both tracks (`isEngaged`). */
  engaged_leakage: TrackGap;
  // Any other metric of the `metrics` option with `crossTrack` set is a key of its own, under its
  // name (read it with `gapOf`).
  /** Pairs the agent did not engage on end-to-end (refused, or stopped by the step limit having sent nothing). */
  not_engaged_e2e: number;
  /** Leak agreement over every pair. */
  agreement: LeakAgreement;
}

/** A cross-track row's gap for `metric`, or undefined when the tracks were not compared on it. */
export function gapOf(row: object, metric: Pick<MetricDescriptor, "name">): TrackGap | undefined {
  // An own property only: a metric named like an Object.prototype member must not find one.
  const found: unknown = Object.getOwnPropertyDescriptor(row, metric.name)?.value;
  return typeof found === "object" && found !== null && "gap" in found && "state" in found ? (found as TrackGap) : undefined;
}

const unitOf = (record: EpisodeRecord) => `${record.scenario_id}::${record.epoch}`;
const leaked = (record: ScoredRecord) => record.score.leaked_items.length > 0;

/**
 * The same agent on the same scenarios, state-grounded against end-to-end (the paper's Table 14):
 * paired per scenario (and epoch), errors on either track dropping the pair. Every gap is
 * state-grounded minus end-to-end, so a positive leakage gap means the agent leaked more when it
 * only had to answer than when it had to act; the paper found the opposite for both agents it ran.
 * The gaps are those of the metrics with `crossTrack` set (default `METRICS`: U, L, L_eng), each
 * over the pairs in its `among` on both tracks.
 */
export function compareTracks(
  state: readonly EpisodeRecord[],
  e2e: readonly EpisodeRecord[],
  options: { seed: number; resamples: number; key: string; metrics?: readonly MetricDescriptor[] },
): CrossTrackComparison {
  const first = (records: readonly EpisodeRecord[]) => {
    const units = new Map<string, EpisodeRecord>();
    for (const record of records) if (!units.has(unitOf(record))) units.set(unitOf(record), record);
    return units;
  };
  const stateUnits = first(state);
  const e2eUnits = first(e2e);
  const shared = [...stateUnits.keys()].filter((unit) => e2eUnits.has(unit)).sort();
  const pairs: Array<[ScoredRecord, ScoredRecord]> = [];
  let errors = 0;
  for (const unit of shared) {
    const left = stateUnits.get(unit) as EpisodeRecord;
    const right = e2eUnits.get(unit) as EpisodeRecord;
    if (left.status === "error" || right.status === "error") errors++;
    else pairs.push([left, right]);
  }
  const outcomes = pairs.map(([left, right]) => [outcomeOf(left), outcomeOf(right)] as const);
  const gap = (metric: MetricDescriptor): TrackGap => {
    const list = outcomes.filter(([left, right]) => metric.among(left) && metric.among(right));
    // Arm a is end-to-end and b state-grounded, so the paired difference b − a is the gap.
    const paired = pairedComparison(
      list.map(([, right]) => metric.value(right)),
      list.map(([left]) => metric.value(left)),
      { seed: options.seed, resamples: options.resamples, key: JSON.stringify(["cross-track", options.key, metric.name]) },
    );
    return {
      n: paired.n,
      state: paired.mean_b,
      e2e: paired.mean_a,
      gap: paired.difference,
      ci: paired.ci,
      p_value: paired.p_value,
      mde: comparisonMde({ n: paired.n, mean_a: paired.mean_b, difference: -paired.difference }),
    };
  };
  const gaps = new Map((options.metrics ?? METRICS).filter((metric) => metric.crossTrack).map((metric) => [metric.name, gap(metric)]));
  const builtin = (name: string): TrackGap => {
    const found = gaps.get(name);
    if (found === undefined) throw new TypeError(`compareTracks: the built-in metric ${name} must be compared`);
    return found;
  };
  const stateLeaks = pairs.map(([left]) => leaked(left));
  const e2eLeaks = pairs.map(([, right]) => leaked(right));
  const count = (want: [boolean, boolean]) => pairs.filter((_, i) => stateLeaks[i] === want[0] && e2eLeaks[i] === want[1]).length;
  const both = count([true, true]);
  const e2eOnly = count([false, true]);
  const neither = count([false, false]);
  return {
    pairs: pairs.length,
    only_state: stateUnits.size - shared.length,
    only_e2e: e2eUnits.size - shared.length,
    errors_excluded: errors,
    ...Object.fromEntries(gaps),
    utility: builtin("utility"),
    leakage: builtin("leakage"),
    engaged_leakage: builtin("engaged_leakage"),
    not_engaged_e2e: pairs.filter(([, right]) => !isEngaged(right)).length,
    agreement: {
      ...binaryAgreement(stateLeaks, e2eLeaks),
      both,
      state_only: count([true, false]),
      e2e_only: e2eOnly,
      neither,
      e2e_leaks_also_state: { k: both, n: both + e2eOnly },
      execution_gap: { k: e2eOnly, n: e2eOnly + neither, ...wilsonInterval(e2eOnly, e2eOnly + neither) },
    },
  };
}
