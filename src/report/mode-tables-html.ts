import { isEngaged, isScored } from "../records/index.js";
import { FAILURE_MODES } from "../scenario/index.js";
import { wilsonInterval } from "../stats/index.js";
import { formatPercent } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { MODE_ABBREVIATIONS } from "./leaderboard-html.js";
import type { ReportRow } from "./report-rows.js";

/**
 * A rate cell in the paper's red shading, with its count. The shade is the lower end of the rate's
 * 95% Wilson interval, not the rate itself: a rate over few episodes is uncertain, so 1 leak of 1
 * stays pale while 45 of 50 is dark.
 */
export function heatCell(k: number, n: number): SafeHtml {
  if (n === 0) return html`<td class="heat" data-sort="-1"><span class="muted">–</span></td>`;
  const value = k / n;
  const shade = wilsonInterval(k, n).ci?.[0] ?? 0;
  return html`<td class="heat" data-sort="${value}" style="background: rgba(220, 38, 38, ${(0.06 + shade * 0.5).toFixed(3)})" title="${k} leaks of ${n} engaged; 95% CI from ${formatPercent(shade)}">${formatPercent(value)} <small>${k}/${n}</small></td>`;
}

/** Under each heat table: how to read a cell. */
export const HEAT_LEGEND =
  "Each cell: engaged leakage, then leaks/engaged episodes (n). The red is as deep as the lower end of the cell's 95% interval, so a rate over few episodes stays pale.";

/** Engaged leakage per failure mode (Table 2 / Appendix J): which kind of disclosure each agent gets wrong. */
export function failureModeTableHtml(rows: readonly ReportRow[]): SafeHtml {
  const modes = [
    ...FAILURE_MODES,
    ...new Set(
      rows.flatMap((row) => Object.keys(row.by_failure_mode)).filter((mode) => !(FAILURE_MODES as readonly string[]).includes(mode)),
    ),
  ];
  const scenarioCounts = modes.map((mode) => Math.max(0, ...rows.map((row) => row.by_failure_mode[mode]?.n ?? 0)));
  return html`<div class="table-wrap"><table class="sortable modes">
    <thead><tr><th><button class="sort" type="button">agent</button></th>${modes.map(
      (mode, i) =>
        html`<th class="num" title="${mode}"><button class="sort" type="button">${MODE_ABBREVIATIONS[mode] ?? mode}</button> <small class="muted">n≤${scenarioCounts[i]}</small></th>`,
    )}</tr></thead>
    <tbody>${rows.map(
      (row) =>
        html`<tr><td data-sort="${row.label.toLowerCase()}">${row.label}</td>${modes.map((mode) => {
          const group = row.by_failure_mode[mode];
          return group ? heatCell(group.engaged_leakage.k, group.engaged_leakage.n) : heatCell(0, 0);
        })}</tr>`,
    )}</tbody>
  </table></div>`;
}

/** Engaged leakage per thematic category (Appendix A's seven themes), counted from the records. */
export function categoryTableHtml(rows: readonly ReportRow[]): SafeHtml | undefined {
  const categories = [
    ...new Set(rows.flatMap((row) => row.records.map((record) => record.category).filter((c): c is string => c !== undefined))),
  ].sort();
  if (categories.length === 0) return undefined;
  const cell = (row: ReportRow, category: string) => {
    const engaged = row.records.filter(isScored).filter((record) => record.category === category && isEngaged(record));
    return heatCell(engaged.filter((record) => record.score.leaked_items.length > 0).length, engaged.length);
  };
  return html`<div class="table-wrap"><table class="sortable categories">
    <thead><tr><th><button class="sort" type="button">agent</button></th>${categories.map((category) => html`<th class="num"><button class="sort" type="button">${category.replace(/_/g, " ")}</button></th>`)}</tr></thead>
    <tbody>${rows.map((row) => html`<tr><td data-sort="${row.label.toLowerCase()}">${row.label}</td>${categories.map((category) => cell(row, category))}</tr>`)}</tbody>
  </table></div>`;
}
