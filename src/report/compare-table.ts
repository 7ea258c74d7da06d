import { METRICS, type MetricDescriptor, type PairedComparison } from "../stats/index.js";
import { alignedLines } from "./aligned-lines.js";
import type { CompareRunsResult, RunComparison } from "./compare-runs.js";
import { formatPercent } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { markdownTable } from "./markdown-table.js";
import { comparisonOf } from "./paired-arms.js";
import { comparisonMde, formatMde } from "./power-table.js";

/** A difference of rates in percentage points, with its CI: "−12.5 pp [−20.1, −4.9]". */
export function formatDelta(comparison: Pick<PairedComparison, "difference" | "ci" | "n">): string {
  if (comparison.n === 0 || Number.isNaN(comparison.difference)) return "–";
  const points = (value: number) => {
    const rounded = (value * 100).toFixed(1);
    // Minus sign, not hyphen, and no "−0.0".
    return rounded === "-0.0" ? "0.0" : rounded.replace(/^-/, "−");
  };
  const sign = comparison.difference > 0 ? "+" : "";
  const ci = comparison.ci ? ` [${points(comparison.ci[0])}, ${points(comparison.ci[1])}]` : "";
  return `${sign}${points(comparison.difference)} pp${ci}`;
}

export function formatPValue(p: number): string {
  if (Number.isNaN(p)) return "–";
  return p < 0.001 ? "<0.001" : p.toFixed(3);
}

function pValue(comparison: PairedComparison): string {
  return comparison.n === 0 ? "–" : formatPValue(comparison.p_value);
}

function rates(comparison: PairedComparison): string {
  return comparison.n === 0 ? "–" : `${formatPercent(comparison.mean_a)} → ${formatPercent(comparison.mean_b)}`;
}

/** The metrics `compare` reports: those compared in pairs, in the list's order. */
function comparedMetrics(metrics: readonly MetricDescriptor[]): MetricDescriptor[] {
  return metrics.filter((metric) => metric.comparison === "paired");
}

/** An MDE is shown for the metrics that have a better direction (U and L_eng; refusal is neither). */
const hasMde = (metric: MetricDescriptor) => metric.better !== "neither";

/** A metric's columns: its pairs when its denominator narrows them, A → B, Δ (with "[95% CI]" when its format has one), p. */
function metricHeader(metric: MetricDescriptor): string[] {
  const delta = metric.format.endsWith("-ci") ? `Δ${metric.label} [95% CI]` : `Δ${metric.label}`;
  return [...(metric.pairsLabel ? [`${metric.pairsLabel} pairs`] : []), `${metric.label} A → B`, delta, "p"];
}

function header(metrics: readonly MetricDescriptor[]): string[] {
  const compared = comparedMetrics(metrics);
  return ["A", "B", "pairs", ...compared.flatMap(metricHeader), ...compared.filter(hasMde).map((metric) => `MDE ${metric.label}`)];
}

/** Its result for `metric`; a comparison made without that metric is a programming error. */
function resultOf(c: RunComparison, metric: MetricDescriptor): PairedComparison {
  const found = comparisonOf(c, metric);
  if (found === undefined) throw new TypeError(`compare: ${metric.name} was not compared`);
  return found;
}

function cells(c: RunComparison, metrics: readonly MetricDescriptor[]): string[] {
  const compared = comparedMetrics(metrics);
  return [
    c.a.label,
    c.b.label,
    String(c.pairs),
    ...compared.flatMap((metric) => {
      const comparison = resultOf(c, metric);
      return [...(metric.pairsLabel ? [String(comparison.n)] : []), rates(comparison), formatDelta(comparison), pValue(comparison)];
    }),
    ...compared.filter(hasMde).map((metric) => formatMde(comparisonMde(resultOf(c, metric)))),
  ];
}

/** The comparison as a Markdown table that also reads in a terminal. */
export function compareTable(result: CompareRunsResult, metrics: readonly MetricDescriptor[] = METRICS): string {
  return markdownTable(
    header(metrics),
    result.comparisons.map((c) => cells(c, metrics)),
  );
}

/** The terminal's width the default `compare` output keeps within (`--wide` prints the full table). */
export const COMPARE_TEXT_WIDTH = 100;

/**
 * The comparison for a terminal of 100 columns: per comparison, a heading naming A and B, then one
 * line per metric with A → B, Δ [95% CI] and p. The full table (every column on one line per
 * comparison) is `compareTable`.
 */
export function compareText(result: CompareRunsResult, metrics: readonly MetricDescriptor[] = METRICS): string {
  const blocks = result.comparisons.map((c) => {
    const heading = `${c.a.label} → ${c.b.label}: ${c.pairs} pairs`;
    const lines = heading.length <= COMPARE_TEXT_WIDTH ? [heading] : [`A: ${c.a.label}`, `B: ${c.b.label}`, `${c.pairs} pairs`];
    const cellsOf = comparedMetrics(metrics).map((metric) => {
      const comparison = resultOf(c, metric);
      return [
        metric.label,
        rates(comparison),
        formatDelta(comparison),
        `p ${pValue(comparison)}`,
        hasMde(metric) ? `MDE ${formatMde(comparisonMde(comparison))}` : "",
        metric.pairsLabel ? `${comparison.n} ${metric.pairsLabel} pairs` : "",
      ];
    });
    lines.push(...alignedLines(cellsOf));
    return lines.join("\n");
  });
  return blocks.join("\n\n");
}

/** JSON-safe comparison (NaN, which JSON cannot hold, becomes null). */
export function comparisonJson(result: CompareRunsResult): unknown {
  return JSON.parse(JSON.stringify(result, (_, value) => (typeof value === "number" && Number.isNaN(value) ? null : value)));
}

/** Green when B is significantly better (more utility, less leakage), red when significantly worse. */
function tone(comparison: PairedComparison, higherIsBetter: boolean): string {
  if (comparison.n === 0 || comparison.p_value >= 0.05 || comparison.difference === 0) return "";
  return comparison.difference > 0 === higherIsBetter ? "better" : "worse";
}

/** A delta cell: the difference, and its CI on a second, quieter line. */
export function deltaHtml(comparison: Pick<PairedComparison, "difference" | "ci" | "n">): SafeHtml {
  const text = formatDelta(comparison);
  const at = text.indexOf(" [");
  return at < 0 ? html`${text}` : html`${text.slice(0, at)}<span class="ci">${text.slice(at + 1)}</span>`;
}

export function compareTableHtml(result: CompareRunsResult, metrics: readonly MetricDescriptor[] = METRICS): SafeHtml {
  const compared = comparedMetrics(metrics);
  const rows = result.comparisons.map((c) => {
    const metricCells = compared.map((metric) => {
      const comparison = resultOf(c, metric);
      const deltaClass = metric.better === "neither" ? "num" : `num delta ${tone(comparison, metric.better === "higher")}`;
      return html`${metric.pairsLabel ? html`<td class="num">${comparison.n}</td>` : ""}<td class="num">${rates(comparison)}</td><td class="${deltaClass}">${deltaHtml(comparison)}</td><td class="num">${pValue(comparison)}</td>`;
    });
    const mdes = compared.filter(hasMde).map((metric) => html`<td class="num">${formatMde(comparisonMde(resultOf(c, metric)))}</td>`);
    return html`<tr>
      <td>${c.a.label}</td><td>${c.b.label}</td><td class="num">${c.pairs}</td>
      ${metricCells}
      ${mdes}
    </tr>`;
  });
  return html`<div class="table-wrap"><table class="compare">
    <thead><tr>${header(metrics).map((name) => html`<th>${name}</th>`)}</tr></thead>
    <tbody>${rows}</tbody>
  </table></div>
  ${result.warnings.length ? html`<ul class="notes">${result.warnings.map((warning) => html`<li>${warning}</li>`)}</ul>` : ""}`;
}
