import { estimateOf, METRICS, type MetricDescriptor } from "../stats/index.js";
import { formatPercent } from "./format-estimate.js";
import { formatMean } from "./format-metric.js";
import { html, type SafeHtml } from "./html-builder.js";
import type { ReportRow } from "./report-rows.js";

/**
 * A row's figure for a metric of this table, as its descriptor's format says: a mean with two
 * decimals, a rate as a percentage; the CI after it for the `-ci` formats, "k of n" as the cell's
 * tooltip for `percent-count`.
 */
function metricCell(metric: MetricDescriptor, row: object): SafeHtml {
  const estimate = estimateOf(row, metric);
  if (estimate === undefined) return html`<td class="num">–</td>`;
  const scale = metric.kind === "mean" ? formatMean : (x: number) => (x * 100).toFixed(1);
  const figure = estimate.n ? (metric.kind === "mean" ? formatMean(estimate.value) : formatPercent(estimate.value)) : "–";
  const ci =
    metric.format.endsWith("-ci") && estimate.ci ? html` <span class="ci">[${scale(estimate.ci[0])}, ${scale(estimate.ci[1])}]</span>` : "";
  if (metric.format === "percent-count" && "k" in estimate)
    return html`<td class="num" title="${estimate.k} of ${estimate.n}">${figure}</td>`;
  return html`<td class="num">${figure}${ci}</td>`;
}

/**
 * The reference's per-run summary metrics (average severity, average reward, high-risk rate) and
 * the step-limit truncation rate, one row per agent: the metrics of `metrics` with
 * `table: "reference"`, then `"step-limit"`, as in the markdown table. Truncation matters for
 * reading L_eng on the end-to-end track: an episode stopped by the step limit before it sent
 * anything is not engaged.
 */
export function referenceMetricsHtml(rows: readonly ReportRow[], metrics: readonly MetricDescriptor[] = METRICS): SafeHtml {
  const shown = [...metrics.filter((metric) => metric.table === "reference"), ...metrics.filter((metric) => metric.table === "step-limit")];
  // The line breaks and indents keep the page's markup as it was before the columns were listed.
  return html`<div class="table-wrap"><table><thead><tr><th>agent</th>${shown.map(
    (metric) => html`
      <th class="num" title="${metric.description}">${metric.label}</th>`,
  )}
      <th class="num" title="engaged episodes: the denominator of L_eng">engaged</th></tr></thead>
    <tbody>${rows.map(
      (row) => html`<tr><td>${row.label}</td>${shown.map(
        (metric) => html`
        ${metricCell(metric, row)}`,
      )}
        <td class="num">${row.engaged_leakage.n} of ${row.n}</td></tr>`,
    )}</tbody></table></div>`;
}
