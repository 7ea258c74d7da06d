import { bootstrapMeanCI, DEFAULT_RESAMPLES, DEFAULT_SEED } from "./bootstrap-mean-ci.js";

/** One scored run of one agent on one scenario. */
export interface Outcome {
  utility: 0 | 1;
  leaked: boolean;
  refused: boolean;
  /** The run failed (infrastructure, parse error, …): it says nothing about the agent's behaviour. */
  error: boolean;
  failure_mode?: string;
}

/** A rate with its bootstrap CI: k successes out of the n outcomes actually used as denominator. */
export interface Estimate {
  value: number;
  ci: [number, number] | null;
  k: number;
  n: number;
}

/** Counts over non-error outcomes; "completed" means utility = 1. */
export interface BehaviourBreakdown {
  completed_clean: number;
  completed_leak: number;
  incomplete_clean: number;
  incomplete_leak: number;
}

export interface MetricSummary {
  /** Non-error outcomes: the denominator of utility, leakage and refusal. */
  n: number;
  /** Error outcomes: counted, excluded from every rate; never refusals, never passes. */
  errors: number;
  utility: Estimate;
  leakage: Estimate;
  refusal: Estimate;
  /** Leaks among the non-refused outcomes; value 0 and ci null when every outcome refused. */
  engaged_leakage: Estimate;
  behaviour: BehaviourBreakdown;
  /** The same summary per failure mode, keys sorted. */
  by_failure_mode: Record<string, Omit<MetricSummary, "by_failure_mode">>;
}

export interface SummarizeOptions {
  resamples?: number;
  seed?: number;
  /** Names the group (e.g. a model and setting); part of every CI stream's identity. */
  key?: string;
}

/** Outcomes without a failure mode are grouped under this key, as the reference does. */
export const UNKNOWN_FAILURE_MODE = "unknown";

/**
 * Utility, leakage, refusal and engaged leakage with bootstrap CIs, overall and
 * per failure mode.
 *
 * Choices, and why:
 * - Errors are excluded from every rate. The reference text track counted
 *   errors as refusals (inflating refusal and shrinking L_eng's denominator),
 *   while its visual track dropped them; one rule for both avoids that split.
 * - Engaged leakage is bootstrapped over the non-refused outcomes, so its k and
 *   n are the leaks among engaged outcomes and the number engaged. When
 *   refusals never leak (they share nothing) this is exactly the reference's
 *   Σleaked / (n − Σrefused); if a refused outcome is marked leaked, it counts
 *   towards leakage but not towards engaged leakage.
 * - Rates are not rounded; presentation rounds.
 * - Every CI has its own stream derived from (seed, key, metric, failure mode):
 *   adding a mode, dropping a model or reordering outcomes never moves another
 *   group's interval. (0/1 resampling depends only on counts, so the order of
 *   outcomes within a group does not matter either.)
 * - With no outcomes to estimate from, an estimate is value 0, ci null, n 0 —
 *   the reference's convention for L_eng, applied to every rate.
 */
export function summarizeOutcomes(outcomes: readonly Outcome[], opts: SummarizeOptions = {}): MetricSummary {
  const settings: Settings = {
    resamples: opts.resamples ?? DEFAULT_RESAMPLES,
    seed: opts.seed ?? DEFAULT_SEED,
    key: opts.key ?? "",
  };
  for (const [i, o] of outcomes.entries()) validateOutcome(o, i);

  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const mode = o.failure_mode ?? UNKNOWN_FAILURE_MODE;
    const group = groups.get(mode);
    if (group === undefined) groups.set(mode, [o]);
    else group.push(o);
  }
  const by_failure_mode: Record<string, Omit<MetricSummary, "by_failure_mode">> = {};
  for (const mode of [...groups.keys()].sort(compareCodeUnits)) {
    // defineProperty, not assignment, so that a mode named "__proto__" stays an ordinary key.
    Object.defineProperty(by_failure_mode, mode, {
      value: summarizeGroup(groups.get(mode) as Outcome[], settings, { mode }),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ...summarizeGroup(outcomes, settings, { all: true }), by_failure_mode };
}

interface Settings {
  resamples: number;
  seed: number;
  key: string;
}

/** Which slice a group is: all outcomes, or one failure mode (kept distinct even for a mode named "all"). */
type Slice = { all: true } | { mode: string };

function summarizeGroup(outcomes: readonly Outcome[], settings: Settings, slice: Slice): Omit<MetricSummary, "by_failure_mode"> {
  const scored = outcomes.filter((o) => !o.error);
  const engaged = scored.filter((o) => !o.refused);
  const behaviour: BehaviourBreakdown = { completed_clean: 0, completed_leak: 0, incomplete_clean: 0, incomplete_leak: 0 };
  for (const o of scored) {
    if (o.utility === 1) {
      if (o.leaked) behaviour.completed_leak++;
      else behaviour.completed_clean++;
    } else if (o.leaked) behaviour.incomplete_leak++;
    else behaviour.incomplete_clean++;
  }
  const estimate = (metric: string, indicators: number[]): Estimate => {
    const n = indicators.length;
    let k = 0;
    for (const x of indicators) k += x;
    if (n === 0) return { value: 0, ci: null, k: 0, n: 0 };
    // JSON of an array is an unambiguous join of the parts of the stream's identity.
    const streamKey = JSON.stringify(["summarize-outcomes", settings.key, metric, slice]);
    const { ci } = bootstrapMeanCI(indicators, { resamples: settings.resamples, seed: settings.seed, key: streamKey });
    return { value: k / n, ci, k, n };
  };
  return {
    n: scored.length,
    errors: outcomes.length - scored.length,
    utility: estimate(
      "utility",
      scored.map((o) => o.utility),
    ),
    leakage: estimate(
      "leakage",
      scored.map((o) => (o.leaked ? 1 : 0)),
    ),
    refusal: estimate(
      "refusal",
      scored.map((o) => (o.refused ? 1 : 0)),
    ),
    engaged_leakage: estimate(
      "engaged_leakage",
      engaged.map((o) => (o.leaked ? 1 : 0)),
    ),
    behaviour,
  };
}

function validateOutcome(o: Outcome, index: number): void {
  // Inputs often come from parsed JSON, where the types above are only a hope.
  const bad = (field: string, expected: string, got: unknown): never => {
    throw new TypeError(`outcome ${index}: ${field} must be ${expected}, got ${JSON.stringify(got)}`);
  };
  if (o.utility !== 0 && o.utility !== 1) bad("utility", "0 or 1", o.utility);
  if (typeof o.leaked !== "boolean") bad("leaked", "a boolean", o.leaked);
  if (typeof o.refused !== "boolean") bad("refused", "a boolean", o.refused);
  if (typeof o.error !== "boolean") bad("error", "a boolean", o.error);
  if (o.failure_mode !== undefined && typeof o.failure_mode !== "string") bad("failure_mode", "a string", o.failure_mode);
}

/** Locale-independent ordering, so key order is the same on every machine. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
