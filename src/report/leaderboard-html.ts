import { FAILURE_MODES } from "../scenario/index.js";
import { type Estimate, estimateOf, METRICS, type MetricDescriptor } from "../stats/index.js";
import { formatPercent, formatUsd } from "./format-estimate.js";
import { formatMean, metricHeading } from "./format-metric.js";
import { html, type SafeHtml } from "./html-builder.js";
import type { ReportRow } from "./report-rows.js";

export const MODE_ABBREVIATIONS: Record<string, string> = {
  visual_co_location: "VCL",
  task_ambiguity_overshare: "TAO",
  recipient_misalignment: "RMA",
};

function sortable(label: string, numeric = true, title = "", extraClass = ""): SafeHtml {
  const classes = [numeric ? "num" : "", extraClass].filter(Boolean).join(" ");
  return html`<th class="${classes}" title="${title}"><button class="sort" type="button">${label}</button></th>`;
}

function estimateCell(estimate: Estimate, kind: "u" | "l" | "plain", withCi: boolean, extraClass = ""): SafeHtml {
  if (estimate.n === 0) return html`<td class="num ${extraClass}" data-sort="-1">–</td>`;
  const ci =
    withCi && estimate.ci ? html`<span class="ci">[${(estimate.ci[0] * 100).toFixed(1)}, ${(estimate.ci[1] * 100).toFixed(1)}]</span>` : "";
  const fill = kind === "plain" ? "" : html`<span class="fill" style="width:${(estimate.value * 100).toFixed(1)}%"></span>`;
  return html`<td class="num ${kind === "plain" ? "" : `bar ${kind}`} ${extraClass}" data-sort="${estimate.value}" title="${estimate.k} of ${estimate.n}">${fill}<span>${formatPercent(estimate.value)}${ci}</span></td>`;
}

/** A row's figure for a leaderboard metric, marked as its descriptor's `html` says. */
function metricCell(metric: MetricDescriptor, row: object): SafeHtml {
  const estimate = estimateOf(row, metric);
  const extraClass = metric.headline ? "key-metric" : "";
  if (estimate === undefined) return html`<td class="num ${extraClass}" data-sort="-1">–</td>`;
  if ("k" in estimate) return estimateCell(estimate, metric.html?.bar ?? "plain", metric.format.endsWith("-ci"), extraClass);
  // A mean (0–5) has no bar and no "k of n": two decimals, with its CI.
  if (estimate.n === 0) return html`<td class="num ${extraClass}" data-sort="-1">–</td>`;
  const ci = estimate.ci ? html`<span class="ci">[${formatMean(estimate.ci[0])}, ${formatMean(estimate.ci[1])}]</span>` : "";
  return html`<td class="num ${extraClass}" data-sort="${estimate.value}" title="mean over ${estimate.n}">${formatMean(estimate.value)}${ci}</td>`;
}

interface UsageTotals {
  calls: number;
  input: number;
  output: number;
  cost?: number;
}

function usageTotals(row: ReportRow): UsageTotals | undefined {
  const used = row.records.filter((record) => record.usage);
  if (used.length === 0) return undefined;
  const totals: UsageTotals = { calls: 0, input: 0, output: 0 };
  for (const record of used) {
    const usage = record.usage as NonNullable<typeof record.usage>;
    totals.calls += usage.calls;
    totals.input += usage.input_tokens;
    totals.output += usage.output_tokens;
    if (usage.cost_usd !== undefined) totals.cost = (totals.cost ?? 0) + usage.cost_usd;
  }
  return totals;
}

/**
 * The leaderboard (Table 1): sortable by any column; bars behind U and L_eng read at a glance.
 * Its metric columns are those of `metrics` with `table: "leaderboard"`, in their order.
 */
export function leaderboardHtml(rows: readonly ReportRow[], metrics: readonly MetricDescriptor[] = METRICS): SafeHtml {
  const shown = metrics.filter((metric) => metric.table === "leaderboard");
  const multiRun = new Set(rows.map((row) => row.runIndex)).size > 1;
  const showDefense = rows.some((row) => row.defense !== "none");
  const usage = rows.map(usageTotals);
  const showUsage = usage.some((totals) => totals !== undefined);
  const showCost = usage.some((totals) => totals?.cost !== undefined);
  // The line breaks and indents before each metric's cell keep the page's markup as it was when
  // the columns were written out one by one.
  const head = html`<tr>
    ${sortable("agent", false, "", "agent")}${showDefense ? sortable("defense", false) : ""}${multiRun ? sortable("run", false) : ""}
    ${sortable("n", true, "scored episodes (errors excluded)")}${shown.map(
      (metric) =>
        html`
    ${sortable(metric.html?.heading ?? metricHeading(metric), true, metric.description, metric.headline ? "key-metric" : "")}`,
    )}
    ${FAILURE_MODES.map((mode) => sortable(MODE_ABBREVIATIONS[mode] ?? mode, true, `engaged leakage on ${mode} scenarios`))}
    ${sortable("errors", true, "episodes that failed; excluded from every rate")}
    ${showUsage ? sortable("tokens", true, "model tokens (input / output) over the row's episodes") : ""}
    ${showCost ? sortable("cost", true, "estimated cost in USD") : ""}
  </tr>`;
  const body = rows.map((row, index) => {
    const totals = usage[index];
    return html`<tr data-row="${row.id}">
      <td class="agent" data-sort="${row.agent.toLowerCase()}"><b>${row.agent}</b></td>
      ${showDefense ? html`<td>${row.defense}</td>` : ""}
      ${multiRun ? html`<td><code>${row.runId}</code></td>` : ""}
      <td class="num" data-sort="${row.n}">${row.n}</td>${shown.map(
        (metric) => html`
      ${metricCell(metric, row)}`,
      )}
      ${FAILURE_MODES.map((mode) => {
        const group = row.by_failure_mode[mode];
        return group ? estimateCell(group.engaged_leakage, "plain", false) : html`<td class="num" data-sort="-1">–</td>`;
      })}
      <td class="num" data-sort="${row.errors}">${row.errors}</td>
      ${showUsage ? html`<td class="num" data-sort="${totals ? totals.input + totals.output : -1}">${totals ? `${totals.input.toLocaleString("en-US")} / ${totals.output.toLocaleString("en-US")}` : "–"}</td>` : ""}
      ${showCost ? html`<td class="num" data-sort="${totals?.cost ?? -1}">${totals?.cost !== undefined ? formatUsd(totals.cost) : "–"}</td>` : ""}
    </tr>`;
  });
  return html`<div class="table-wrap"><table class="sortable leaderboard"><thead>${head}</thead><tbody>${body}</tbody></table></div>`;
}
