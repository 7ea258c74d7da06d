import type { MaskIntegrityRunSummary } from "../records/index.js";
import { formatEstimate } from "./format-estimate.js";
import { markdownTable } from "./markdown-table.js";

/** What the F5 figures mean, printed under them. */
export const MASK_INTEGRITY_LEGEND =
  "F5, mask integrity (no model): every page template reachable in each task's workspace, at every scroll position, masked with the app's hand-written rule set. leak rate: canary rows not fully under the mask, over canary rows; planner leaks: pages where a canary reached text a planner would receive; over-masking: the app's own rows mostly masked. Intervals resample page templates. Any leak is a failure, listed by page.";

/** The F5 figures as Markdown lines: a one-row table, then every failure by page; undefined when the run had no F5 task. */
export function maskIntegrityLines(summary: MaskIntegrityRunSummary | undefined): string[] | undefined {
  if (summary === undefined) return undefined;
  const table = markdownTable(
    ["tasks", "pages", "leak rate [95% CI]", "planner leaks", "over-masking [95% CI]", "errors", "result"],
    [
      [
        String(summary.tasks),
        String(summary.pages),
        formatEstimate(summary.leak_rate),
        `${summary.planner_leak_pages} page${summary.planner_leak_pages === 1 ? "" : "s"}`,
        formatEstimate(summary.over_masking),
        String(summary.errors.length),
        summary.passed ? "passed" : "FAILED",
      ],
    ],
  );
  return [table, ...maskIntegrityProblems(summary).map((line) => `- ${line}`)];
}

/** One line per failure: a page that leaked (rows, and canaries a planner would receive), a task that could not be measured. */
export function maskIntegrityProblems(summary: MaskIntegrityRunSummary): string[] {
  return [
    ...summary.failures.map(
      (failure) =>
        `leak on ${failure.unit}: ${failure.leaked_rows} canary row${failure.leaked_rows === 1 ? "" : "s"} not fully masked` +
        (failure.planner_leaks.length > 0 ? `; a planner would receive ${failure.planner_leaks.join(", ")}` : ""),
    ),
    ...summary.errors.map((error) => `not measured: ${error.scenario_id}: ${error.message}`),
  ];
}
