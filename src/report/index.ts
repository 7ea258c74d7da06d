export { placeLabels } from "./charts/label-layout.js";
export { compareRanks, type RankComparison, type RankEntry } from "./charts/rank-crossings.js";
export { assertInertSvg } from "./charts/vega-svg.js";
export {
  type ArmRef,
  type ComparableRun,
  type CompareRunsResult,
  ComparisonPlanError,
  compareRuns,
  parseArmSelector,
  type RunComparison,
} from "./compare-runs.js";
export { compareTable, compareTableHtml, comparisonJson, formatDelta, formatPValue } from "./compare-table.js";
// Exports
export { parseCsv, protectCsvCell, toCsv, unprotectCsvCell } from "./csv-format.js";
export { defenseSweep, type SweepEntry } from "./defense-sweep.js";
export { formatEstimate, formatPercent } from "./format-estimate.js";
export { highlightSpans, type TextMark } from "./highlight-spans.js";
export { escapeHtml, type HtmlValue, html, joinHtml, SafeHtml, trustedHtml } from "./html-builder.js";
export { contentSecurityPolicy, htmlPage } from "./html-page.js";
// HTML report
export { type HtmlReportOptions, renderHtmlReport } from "./html-report.js";
export { type JudgeAgreement, judgeAgreement } from "./judge-agreement.js";
export { markdownReport, type ReportContext } from "./markdown-report.js";
export { markdownTable } from "./markdown-table.js";
// Comparisons and agreement
export { type ArmComparison, compareArms } from "./paired-arms.js";
export {
  type AgentCIBenchCell,
  type AgentCIBenchExport,
  RECORD_CSV_COLUMNS,
  recordsToAgentCIBench,
  recordsToCsv,
  recordsToJsonl,
} from "./record-exports.js";
export { type ReportRow, reportRows } from "./report-rows.js";
export { type RecordedStep, RecordedStepSchema, type ReportRun, type ReportStep } from "./report-run.js";
export { behaviourTable, leaderboardTable, type SummaryRow } from "./summary-tables.js";

// Viewer
export { createViewerApp, type RunSource } from "./viewer-app.js";
export type { RunListing } from "./viewer-pages.js";
