// Public API of the report module: terminal tables, the self-contained HTML report and run
// reports, exports, paired comparisons between runs or rows, and the local read-only viewer.

export { type AttackReportInput, attackReportHtml } from "./attack-report-html.js";
export {
  type ArmRef,
  type ComparableRun,
  type CompareRunsResult,
  ComparisonPlanError,
  type CrossTrackRow,
  compareRuns,
  parseArmSelector,
  type RunComparison,
} from "./compare-runs.js";
export { COMPARE_TEXT_WIDTH, compareTable, compareText, comparisonJson } from "./compare-table.js";
export { type CrossTrackComparison, compareTracks, type LeakAgreement, type TrackGap } from "./cross-track.js";
export { CROSS_TRACK_NOTE, crossTrackHtml, crossTrackTables, crossTrackText } from "./cross-track-table.js";
export { type HtmlReportOptions, renderHtmlReport } from "./html-report.js";
export { INJECTION_LEGEND, type InjectionRow, injectionTable } from "./injection-table.js";
export { injectionTableHtml } from "./injection-table-html.js";
export { type JudgeAgreement, judgeAgreement } from "./judge-agreement.js";
export { loadComparableRun } from "./load-comparable-run.js";
export { type LoadReportRunOptions, loadReportRun } from "./load-report-run.js";
export { markdownReport, type ReportContext } from "./markdown-report.js";
export { maskIntegrityHtml } from "./mask-integrity-html.js";
export { MASK_INTEGRITY_LEGEND, maskIntegrityLines, maskIntegrityProblems } from "./mask-integrity-table.js";
export { type ArmComparison, compareArms } from "./paired-arms.js";
export {
  comparisonMde,
  formatMde,
  PAPER_APPENDIX_F,
  PAPER_BASELINE,
  PAPER_POWERS,
  type PowerGroup,
  type PowerRow,
  type PowerSettings,
  powerGroups,
  powerTable,
  powerTableText,
} from "./power-table.js";
export {
  type AgentCIBenchCell,
  type AgentCIBenchExport,
  RECORD_CSV_COLUMNS,
  recordsToAgentCIBench,
  recordsToCsv,
  recordsToJsonl,
} from "./record-exports.js";
export type { ReportRun, ReportStep } from "./report-run.js";
export { runFolderSource } from "./run-folder-source.js";
export { type CompositionRow, compositionTable, sampleComposition } from "./sample-composition.js";
export { DEFAULT_CARD_LIMITS, NO_CARD_LIMITS, type ScenarioCardLimits } from "./scenario-cards-html.js";
export { DEFAULT_VIEWER_PORT, type RunningViewer, startViewer, VIEWER_HOST } from "./start-viewer.js";
export { behaviourTable, leaderboardTable, leaderboardText, MODE_LEGEND, type SummaryRow } from "./summary-tables.js";
export { USAGE_LEGEND, usageByRoleText } from "./usage-by-role-text.js";
export type { RunSource } from "./viewer-app.js";
export type { RunListing } from "./viewer-pages.js";
export { writeHtmlReport, writeRunReports } from "./write-run-reports.js";
