import type { MaskIntegrityRunSummary } from "../records/index.js";
import { FAILURE_MODES } from "../scenario/index.js";
import { METRICS, type MetricDescriptor, type MetricSummary } from "../stats/index.js";
import { formatPercent } from "./format-estimate.js";
import { formatMetric, metricHeading } from "./format-metric.js";
import { INJECTION_LEGEND, type InjectionRow, injectionTable } from "./injection-table.js";
import { markdownTable } from "./markdown-table.js";
import { MASK_INTEGRITY_LEGEND, maskIntegrityLines } from "./mask-integrity-table.js";

export interface SummaryRow extends MetricSummary {
  agent: string;
  defense: string;
}

const MODE_SHORT: Record<(typeof FAILURE_MODES)[number], string> = {
  visual_co_location: "VCL",
  task_ambiguity_overshare: "TAO",
  recipient_misalignment: "RMA",
};

/** What the failure-mode columns' short names stand for, printed under every leaderboard. */
export const MODE_LEGEND = "VCL visual co-location, TAO task-ambiguity overshare, RMA recipient misalignment: L_eng per failure mode.";

/**
 * Whether any row has an episode scored for disclosure (errors included). Injection-only tasks
 * have no items and count in no disclosure figure, so a run of them alone has none: its
 * leaderboard would be a table of dashes with n = 0, which reports leave out.
 */
export function hasDisclosureEpisodes(rows: readonly Pick<MetricSummary, "n" | "errors">[]): boolean {
  return rows.some((row) => row.n + row.errors > 0);
}

/**
 * The headline table: per agent × defense, n, the leaderboard's metrics (U, L, refusal, L_eng and
 * any other of `metrics` with `table: "leaderboard"`), L_eng per failure mode, errors.
 */
export function leaderboardTable(rows: SummaryRow[], metrics: readonly MetricDescriptor[] = METRICS): string {
  const showDefense = rows.some((row) => row.defense !== "none");
  const shown = metrics.filter((metric) => metric.table === "leaderboard");
  const header = [
    "agent",
    ...(showDefense ? ["defense"] : []),
    "n",
    ...shown.map(metricHeading),
    ...FAILURE_MODES.map((mode) => `L_eng ${MODE_SHORT[mode]}`),
    "errors",
  ];
  const body = rows.map((row) => [
    row.agent,
    ...(showDefense ? [row.defense] : []),
    String(row.n),
    ...shown.map((metric) => formatMetric(metric, row)),
    ...FAILURE_MODES.map((mode) => {
      const group = row.by_failure_mode[mode];
      return group && group.engaged_leakage.n > 0 ? formatPercent(group.engaged_leakage.value) : "–";
    }),
    String(row.errors),
  ]);
  return markdownTable(header, body);
}

/** Behaviour decomposition (completed/incomplete × clean/leak), as counts out of non-error records. */
export function behaviourTable(rows: SummaryRow[]): string {
  const header = ["agent", "defense", "completed-clean", "completed-leak", "incomplete-clean", "incomplete-leak"];
  return markdownTable(
    header,
    rows.map((row) => [
      row.agent,
      row.defense,
      String(row.behaviour.completed_clean),
      String(row.behaviour.completed_leak),
      String(row.behaviour.incomplete_clean),
      String(row.behaviour.incomplete_leak),
    ]),
  );
}

/**
 * The reference's summary metrics (average severity, average reward, high-risk rate = reward ≥ 4),
 * then the share of episodes stopped by the step limit (the metrics of `metrics` with
 * `table: "reference"`, then `"step-limit"`), and the number engaged.
 */
export function referenceMetricsTable(rows: SummaryRow[], metrics: readonly MetricDescriptor[] = METRICS): string {
  const shown = [...metrics.filter((metric) => metric.table === "reference"), ...metrics.filter((metric) => metric.table === "step-limit")];
  const header = ["agent", "defense", ...shown.map(metricHeading), "engaged"];
  return markdownTable(
    header,
    rows.map((row) => [
      row.agent,
      row.defense,
      ...shown.map((metric) => formatMetric(metric, row)),
      `${row.engaged_leakage.n} of ${row.n}`,
    ]),
  );
}

/**
 * The leaderboard as the terminal shows it: which dataset and matcher produced it, the table, and
 * the legend of its short column names.
 */
export function leaderboardText(summary: {
  dataset: string;
  matcher: string;
  agents: Array<SummaryRow & InjectionRow>;
  mask_integrity?: MaskIntegrityRunSummary;
}): string {
  const injection = injectionTable(summary.agents);
  const maskIntegrity = maskIntegrityLines(summary.mask_integrity);
  // A pack of injection-only tasks has no disclosure episodes: a table of dashes says nothing.
  const disclosure = (!injection && !maskIntegrity) || hasDisclosureEpisodes(summary.agents);
  const lines = [`dataset ${summary.dataset} · matcher ${summary.matcher}`];
  if (disclosure) lines.push("", leaderboardTable(summary.agents), "", MODE_LEGEND);
  if (injection) lines.push("", "injection, per family:", "", injection, "", INJECTION_LEGEND);
  if (maskIntegrity) lines.push("", "F5, mask integrity:", "", ...maskIntegrity, "", MASK_INTEGRITY_LEGEND);
  return lines.join("\n");
}
