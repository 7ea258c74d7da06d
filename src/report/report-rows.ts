import type { EpisodeRecord, RunSummary } from "../records/index.js";
import type { MetricSummary } from "../stats/index.js";
import type { ReportRun } from "./report-run.js";

type AgentSummary = RunSummary["agents"][number];

/** One leaderboard row of a report: an agent × defense of one run, with its records. */
export interface ReportRow extends AgentSummary {
  /** A DOM-safe identifier (`r0-2`), used by the page's filters. */
  id: string;
  /** What people read: the agent, its defense when there are several, its run when there are several. */
  label: string;
  runIndex: number;
  runId: string;
  records: EpisodeRecord[];
}

/** The short tag of a run in multi-run reports: the random suffix of its id, or its position. */
export function runTags(runs: readonly ReportRun[]): string[] {
  const suffixes = runs.map((run) => run.manifest.run_id.split("-").at(-1) ?? run.manifest.run_id);
  const unique = new Set(suffixes).size === suffixes.length;
  return runs.map((_, index) => (unique ? (suffixes[index] as string) : `run ${index + 1}`));
}

/** The rows of every run, in run order and then in each summary's order. */
export function reportRows(runs: readonly ReportRun[]): ReportRow[] {
  const tags = runTags(runs);
  const multiRun = runs.length > 1;
  const anyDefense = runs.some((run) => run.summary.agents.some((row) => row.defense !== "none"));
  const rows: ReportRow[] = [];
  runs.forEach((run, runIndex) => {
    run.summary.agents.forEach((summary, rowIndex) => {
      const parts = [summary.agent];
      if (anyDefense) parts.push(`[${summary.defense}]`);
      if (multiRun) parts.push(`(${tags[runIndex]})`);
      rows.push({
        ...summary,
        id: `r${runIndex}-${rowIndex}`,
        label: parts.join(" "),
        runIndex,
        runId: run.manifest.run_id,
        records: run.records.filter((record) => record.agent === summary.agent && record.defense === summary.defense),
      });
    });
  });
  return rows;
}

/** Engaged leakage is undefined for a row that refused everything; plots and ranks leave such rows out. */
export function hasEngaged(summary: Pick<MetricSummary, "engaged_leakage">): boolean {
  return summary.engaged_leakage.n > 0;
}
