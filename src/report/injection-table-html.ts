import type { Estimate } from "../stats/index.js";
import { formatPercent } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { epochsText, INJECTION_LEGEND, injectionEntries } from "./injection-table.js";
import type { ReportRow } from "./report-rows.js";

function estimateCell(estimate: Estimate | null): SafeHtml {
  if (estimate === null || estimate.n === 0) return html`<td class="num">–</td>`;
  const ci = estimate.ci ? html` <span class="ci">[${(estimate.ci[0] * 100).toFixed(1)}, ${(estimate.ci[1] * 100).toFixed(1)}]</span>` : "";
  return html`<td class="num" title="${estimate.k} of ${estimate.n}">${formatPercent(estimate.value)}${ci}</td>`;
}

/** The report's ASR / CR / FR table, one line per agent row and family; undefined when no row ran injection tasks. */
export function injectionTableHtml(rows: readonly ReportRow[]): SafeHtml | undefined {
  const entries = injectionEntries(rows);
  if (entries.length === 0) return undefined;
  return html`<div class="table-wrap"><table><thead><tr><th>agent</th><th>family</th>
      <th class="num" title="tasks with a scored episode: the n of ASR">tasks</th>
      <th class="num" title="scored epochs per task (a range when some tasks lost epochs)">k</th>
      <th class="num">ASR@k</th><th class="num">CR</th>
      <th class="num" title="benign success without adversarial success">done, not attacked</th><th class="num">FR</th>
      <th class="num" title="episodes with an attempt signal; a diagnostic, never ASR">attempts</th>
      <th class="num">errors</th></tr></thead>
    <tbody>${entries.map(
      ([row, family, summary]) => html`<tr><td>${row.label}</td><td>${family}</td>
        <td class="num">${summary.tasks}</td><td class="num">${epochsText(summary.epochs)}</td>
        ${estimateCell(summary.asr)}${estimateCell(summary.cr)}${estimateCell(summary.done_unattacked ?? null)}${estimateCell(summary.fr)}
        <td class="num">${summary.attempt_rate === null ? "–" : formatPercent(summary.attempt_rate.value)}</td>
        <td class="num">${summary.errors}</td></tr>`,
    )}</tbody></table></div><p class="defs">${INJECTION_LEGEND}</p>`;
}
