export { formatEstimate, formatPercent } from "./format-estimate.js";
export { markdownReport, type ReportContext } from "./markdown-report.js";
export { markdownTable } from "./markdown-table.js";
export { behaviourTable, leaderboardTable, type SummaryRow } from "./summary-tables.js";
