import type { EpisodeRecord, RunManifest } from "../records/index.js";
import type { MetricDescriptor } from "../stats/index.js";
import { type CrossTrackComparison, compareTracks } from "./cross-track.js";
import { type ArmComparison, compareArms } from "./paired-arms.js";

/** What `compare` needs of a run. */
export interface ComparableRun {
  manifest: RunManifest;
  records: EpisodeRecord[];
}

interface ArmRef {
  run_id: string;
  agent: string;
  defense: string;
  /** How tables name the arm. */
  label: string;
}

export interface RunComparison extends ArmComparison {
  a: ArmRef;
  b: ArmRef;
}

/** The same agent's rows on a state-grounded and an end-to-end run (the paper's Table 14). */
export interface CrossTrackRow extends CrossTrackComparison {
  state: ArmRef;
  e2e: ArmRef;
}

export interface CompareRunsResult {
  comparisons: RunComparison[];
  /** When the two runs are of different tracks: state-grounded minus end-to-end, per row pair. */
  cross_track?: CrossTrackRow[];
  /**
   * Two runs: how many scenarios each has records of, and how many both have. Paired comparisons
   * use only the shared ones, so a full run against a `--limit` run compares on the subset.
   */
  scenarios?: ScenarioCoverage;
  /** Things a reader should know: different datasets or matchers, unpaired scenarios. */
  warnings: string[];
}

interface ScenarioCoverage {
  a: number;
  b: number;
  shared: number;
}

/** Bad selectors or runs that share nothing to compare; the CLI reports it as bad usage. */
export class ComparisonPlanError extends Error {
  override readonly name = "ComparisonPlanError";

  constructor(
    message: string,
    /** The same problem told to someone choosing runs in the viewer, who has no --a or --b to give. */
    readonly webMessage: string = message,
  ) {
    super(message);
  }
}

/** `agent` or `agent::defense` (the separator of record keys, since agent ids may contain `:` or `/`). */
export function parseArmSelector(selector: string): { agent: string; defense?: string } {
  const at = selector.lastIndexOf("::");
  if (at < 0) return { agent: selector };
  return { agent: selector.slice(0, at), defense: selector.slice(at + 2) };
}

function rowsOf(run: ComparableRun): Array<{ agent: string; defense: string }> {
  const seen = new Set<string>();
  const rows: Array<{ agent: string; defense: string }> = [];
  for (const record of run.records) {
    const key = JSON.stringify([record.agent, record.defense]);
    if (!seen.has(key)) {
      seen.add(key);
      rows.push({ agent: record.agent, defense: record.defense });
    }
  }
  // The manifest's arm order (the order the user asked for), then first appearance.
  const order = (row: { agent: string; defense: string }) =>
    run.manifest.arms.findIndex((arm) => arm.agent === row.agent && arm.defense === row.defense) + 1 || Number.MAX_SAFE_INTEGER;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => order(x.row) - order(y.row) || x.index - y.index)
    .map(({ row }) => row);
}

const describeRows = (run: ComparableRun) =>
  rowsOf(run)
    .map((row) => `${row.agent}::${row.defense}`)
    .join(", ");

function resolveArm(run: ComparableRun, selector: string, flag: string): { agent: string; defense: string } {
  const { agent, defense } = parseArmSelector(selector);
  const candidates = rowsOf(run).filter((row) => row.agent === agent && (defense === undefined || row.defense === defense));
  if (candidates.length === 0)
    throw new ComparisonPlanError(
      `${flag} ${selector}: run ${run.manifest.run_id} has no such agent/defense (it has: ${describeRows(run)})`,
    );
  if (candidates.length === 1) return candidates[0] as { agent: string; defense: string };
  const none = candidates.find((row) => row.defense === "none");
  if (none) return none;
  throw new ComparisonPlanError(
    `${flag} ${selector}: ambiguous in run ${run.manifest.run_id}; name the defense as AGENT::DEFENSE (it has: ${describeRows(run)})`,
  );
}

function scenarioCoverage(runA: ComparableRun, runB: ComparableRun): ScenarioCoverage {
  const idsA = new Set(runA.records.map((record) => record.scenario_id));
  const idsB = new Set(runB.records.map((record) => record.scenario_id));
  return { a: idsA.size, b: idsB.size, shared: [...idsA].filter((id) => idsB.has(id)).length };
}

/**
 * What a reader should know of the two runs' datasets. A fingerprint is of the scenarios a run
 * selected, so two selections of one pack (a full run and a `--limit` run) differ in fingerprint
 * without being different datasets: they are told as coverage (how many scenarios each has, how
 * many both), and only a change of the dataset itself as one.
 */
function datasetWarnings(runA: ComparableRun, runB: ComparableRun, coverage: ScenarioCoverage): string[] {
  const [a, b] = [runA.manifest.dataset, runB.manifest.dataset];
  const warnings: string[] = [];
  const sameSource = a.label === b.label && JSON.stringify(a.paths) === JSON.stringify(b.paths);
  const sameSelection = JSON.stringify(a.selection ?? null) === JSON.stringify(b.selection ?? null);
  if (a.fingerprint !== b.fingerprint) {
    if (!sameSource)
      warnings.push(`the runs used different datasets (${a.label} vs ${b.label}); only scenarios with the same id are paired`);
    else if (sameSelection) warnings.push(`the dataset ${a.label} changed between the runs; only scenarios with the same id are paired`);
  }
  if (coverage.shared !== coverage.a || coverage.shared !== coverage.b)
    warnings.push(
      coverage.shared === 0
        ? `the runs cover different scenarios (${coverage.a} in A, ${coverage.b} in B) and share none: nothing can be paired`
        : `the runs cover different scenarios: ${coverage.a} in A, ${coverage.b} in B, ${coverage.shared} in both; the paired comparisons use only the ${coverage.shared} shared`,
    );
  return warnings;
}

function armLabel(agent: string, defense: string, runTag: string | undefined): string {
  return `${agent}${defense === "none" ? "" : ` [${defense}]`}${runTag ? ` (${runTag})` : ""}`;
}

function shortTag(runId: string): string {
  return runId.split("-").at(-1) ?? runId;
}

/**
 * Plans and computes the comparisons `safecua compare` prints:
 * - two runs, no selectors: every agent × defense row the runs share (or their only rows);
 * - two runs with `--a`/`--b`: those rows (one selector applies to both runs);
 * - one run with `--a` and `--b`: two rows of it;
 * - one run, no selectors: the defense sweep, each agent's `none` row against each of its defenses.
 */
export function compareRuns(
  runA: ComparableRun,
  runB: ComparableRun | undefined,
  options: { a?: string; b?: string; seed: number; resamples: number; metrics?: readonly MetricDescriptor[] },
): CompareRunsResult {
  const warnings: string[] = [];
  const plan: Array<{
    runA: ComparableRun;
    armA: { agent: string; defense: string };
    runB: ComparableRun;
    armB: { agent: string; defense: string };
  }> = [];
  const coverage = runB ? scenarioCoverage(runA, runB) : undefined;
  if (runB && coverage) {
    warnings.push(...datasetWarnings(runA, runB, coverage));
    if (runA.manifest.matcher !== runB.manifest.matcher)
      warnings.push(`the runs were scored with different matchers (${runA.manifest.matcher} vs ${runB.manifest.matcher})`);
    if (options.a !== undefined || options.b !== undefined) {
      plan.push({
        runA,
        armA: resolveArm(runA, options.a ?? (options.b as string), "--a"),
        runB,
        armB: resolveArm(runB, options.b ?? (options.a as string), "--b"),
      });
    } else {
      const rowsB = rowsOf(runB);
      const common = rowsOf(runA).filter((row) => rowsB.some((other) => other.agent === row.agent && other.defense === row.defense));
      if (common.length > 0) for (const row of common) plan.push({ runA, armA: row, runB, armB: row });
      else if (rowsOf(runA).length === 1 && rowsB.length === 1)
        plan.push({ runA, armA: rowsOf(runA)[0] as never, runB, armB: rowsB[0] as never });
      else
        throw new ComparisonPlanError(
          `the runs share no agent/defense row; choose them with --a AGENT[::DEFENSE] --b AGENT[::DEFENSE] (run A has: ${describeRows(runA)}; run B has: ${describeRows(runB)})`,
          `These runs have no agent and defense in common, so no scenario can be paired (run A has: ${describeRows(runA)}; run B has: ${describeRows(runB)}). Choose two runs of the same agent.`,
        );
    }
  } else if (options.a !== undefined && options.b !== undefined) {
    plan.push({ runA, armA: resolveArm(runA, options.a, "--a"), runB: runA, armB: resolveArm(runA, options.b, "--b") });
  } else if (options.a !== undefined || options.b !== undefined) {
    throw new ComparisonPlanError("with one run, give both --a and --b (two agent/defense rows of it)");
  } else {
    const rows = rowsOf(runA);
    for (const base of rows.filter((row) => row.defense === "none"))
      for (const treated of rows.filter((row) => row.agent === base.agent && row.defense !== "none"))
        plan.push({ runA, armA: base, runB: runA, armB: treated });
    if (plan.length === 0)
      throw new ComparisonPlanError(
        `run ${runA.manifest.run_id} has no defense rows to sweep; give a second run, or --a and --b (it has: ${describeRows(runA)})`,
        `Run ${runA.manifest.run_id} was run without defenses (it has: ${describeRows(runA)}), so it has no defense sweep to show on its own. Choose a second run to compare it with.`,
      );
  }
  const twoRuns = runB !== undefined && runA.manifest.run_id !== runB.manifest.run_id;
  const comparisons = plan.map(({ runA: left, armA, runB: right, armB }) => {
    const a: ArmRef = {
      run_id: left.manifest.run_id,
      ...armA,
      label: armLabel(armA.agent, armA.defense, twoRuns ? `A ${shortTag(left.manifest.run_id)}` : undefined),
    };
    const b: ArmRef = {
      run_id: right.manifest.run_id,
      ...armB,
      label: armLabel(armB.agent, armB.defense, twoRuns ? `B ${shortTag(right.manifest.run_id)}` : undefined),
    };
    const result = compareArms(
      left.records.filter((record) => record.agent === armA.agent && record.defense === armA.defense),
      right.records.filter((record) => record.agent === armB.agent && record.defense === armB.defense),
      {
        seed: options.seed,
        resamples: options.resamples,
        key: JSON.stringify([a.run_id, a.agent, a.defense, b.run_id, b.agent, b.defense]),
        ...(options.metrics && { metrics: options.metrics }),
      },
    );
    // Told once for the runs when the arm's unpaired scenarios are just the runs' different coverage.
    const fromCoverage = coverage && result.only_a === coverage.a - coverage.shared && result.only_b === coverage.b - coverage.shared;
    if (result.only_a + result.only_b > 0 && !fromCoverage)
      warnings.push(`${a.label} → ${b.label}: ${result.only_a} scenario(s) only in A and ${result.only_b} only in B were not paired`);
    if (result.errors_excluded > 0)
      warnings.push(`${a.label} → ${b.label}: ${result.errors_excluded} scenario(s) where either arm has only errors were left out`);
    return { a, b, ...result };
  });
  const trackOf = (run: ComparableRun) => run.manifest.track ?? "state-grounded";
  const covered = coverage && twoRuns ? { scenarios: coverage } : {};
  if (!runB || trackOf(runA) === trackOf(runB)) return { comparisons, ...covered, warnings };
  // Two tracks: whichever order they were given in, gaps read state-grounded − end-to-end.
  const cross_track = plan.map(({ runA: left, armA, runB: right, armB }, index) => {
    const { a, b } = comparisons[index] as RunComparison;
    const stateFirst = trackOf(left) === "state-grounded";
    const [stateRun, stateArm, stateRef, e2eRun, e2eArm, e2eRef] = stateFirst
      ? [left, armA, a, right, armB, b]
      : [right, armB, b, left, armA, a];
    const result = compareTracks(
      stateRun.records.filter((record) => record.agent === stateArm.agent && record.defense === stateArm.defense),
      e2eRun.records.filter((record) => record.agent === e2eArm.agent && record.defense === e2eArm.defense),
      {
        seed: options.seed,
        resamples: options.resamples,
        key: JSON.stringify([stateRef.run_id, stateArm, e2eRef.run_id, e2eArm]),
        ...(options.metrics && { metrics: options.metrics }),
      },
    );
    return { state: stateRef, e2e: e2eRef, ...result };
  });
  return { comparisons, cross_track, ...covered, warnings };
}
