// Public API of the report module: terminal tables, the self-contained HTML report and run
// reports, exports, paired comparisons between runs or rows, and the local read-only viewer.

export { attackReportHtml } from "./attack-report-html.js";
export { type ComparableRun, ComparisonPlanError, compareRuns, parseArmSelector } from "./compare-runs.js";
export { compareTable, compareText, comparisonJson } from "./compare-table.js";
export { CROSS_TRACK_NOTE, crossTrackHtml, crossTrackTables, crossTrackText } from "./cross-track-table.js";
export { renderHtmlReport } from "./html-report.js";
export { injectionTable } from "./injection-table.js";
export { judgeAgreement } from "./judge-agreement.js";
export { loadComparableRun } from "./load-comparable-run.js";
export { loadReportRun } from "./load-report-run.js";
export { maskIntegrityProblems } from "./mask-integrity-table.js";
export { compareArms } from "./paired-arms.js";
export {
  comparisonMde,
  PAPER_APPENDIX_F,
  PAPER_BASELINE,
  PAPER_POWERS,
  type PowerGroup,
  powerGroups,
  powerTable,
  powerTableText,
} from "./power-table.js";
export { RECORD_CSV_COLUMNS, recordsToAgentCIBench, recordsToCsv, recordsToJsonl } from "./record-exports.js";
export type { ReportRun } from "./report-run.js";
export { runFolderSource } from "./run-folder-source.js";
export { compositionTable, sampleComposition } from "./sample-composition.js";
export { NO_CARD_LIMITS } from "./scenario-cards-html.js";
export { DEFAULT_VIEWER_PORT, type RunningViewer, startViewer } from "./start-viewer.js";
export { leaderboardTable, leaderboardText, type SummaryRow } from "./summary-tables.js";
export { usageByRoleText } from "./usage-by-role-text.js";
export { writeHtmlReport, writeRunReports } from "./write-run-reports.js";
