import type { PairedComparison } from "../stats/index.js";
import { alignedLines } from "./aligned-lines.js";
import type { CompareRunsResult, RunComparison } from "./compare-runs.js";
import { formatPercent } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { markdownTable } from "./markdown-table.js";
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

const HEADER = [
  "A",
  "B",
  "pairs",
  "U A → B",
  "ΔU [95% CI]",
  "p",
  "refusal A → B",
  "Δrefusal",
  "p",
  "engaged pairs",
  "L_eng A → B",
  "ΔL_eng [95% CI]",
  "p",
  "MDE U",
  "MDE L_eng",
];

function cells(c: RunComparison): string[] {
  return [
    c.a.label,
    c.b.label,
    String(c.pairs),
    rates(c.utility),
    formatDelta(c.utility),
    pValue(c.utility),
    rates(c.refusal),
    formatDelta(c.refusal),
    pValue(c.refusal),
    String(c.engaged_leakage.n),
    rates(c.engaged_leakage),
    formatDelta(c.engaged_leakage),
    pValue(c.engaged_leakage),
    formatMde(comparisonMde(c.utility)),
    formatMde(comparisonMde(c.engaged_leakage)),
  ];
}

/** The comparison as a Markdown table that also reads in a terminal. */
export function compareTable(result: CompareRunsResult): string {
  return markdownTable(HEADER, result.comparisons.map(cells));
}

/** The terminal's width the default `compare` output keeps within (`--wide` prints the full table). */
export const COMPARE_TEXT_WIDTH = 100;

/**
 * The comparison for a terminal of 100 columns: per comparison, a heading naming A and B, then one
 * line per metric with A → B, Δ [95% CI] and p. The full table (every column on one line per
 * comparison) is `compareTable`.
 */
export function compareText(result: CompareRunsResult): string {
  const blocks = result.comparisons.map((c) => {
    const heading = `${c.a.label} → ${c.b.label}: ${c.pairs} pairs`;
    const lines = heading.length <= COMPARE_TEXT_WIDTH ? [heading] : [`A: ${c.a.label}`, `B: ${c.b.label}`, `${c.pairs} pairs`];
    const mde = (comparison: PairedComparison) => `MDE ${formatMde(comparisonMde(comparison))}`;
    const metrics: Array<[string, PairedComparison, string, string]> = [
      ["U", c.utility, mde(c.utility), ""],
      ["refusal", c.refusal, "", ""],
      ["L_eng", c.engaged_leakage, mde(c.engaged_leakage), `${c.engaged_leakage.n} engaged pairs`],
    ];
    const cellsOf = metrics.map(([name, comparison, detectable, note]) => [
      name,
      rates(comparison),
      formatDelta(comparison),
      `p ${pValue(comparison)}`,
      detectable,
      note,
    ]);
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

export function compareTableHtml(result: CompareRunsResult): SafeHtml {
  const rows = result.comparisons.map((c) => {
    const [a, b, pairs, u, , pu, r, , pr, engaged, l, , pl, mdeU, mdeL] = cells(c);
    return html`<tr>
      <td>${a}</td><td>${b}</td><td class="num">${pairs}</td>
      <td class="num">${u}</td><td class="num delta ${tone(c.utility, true)}">${deltaHtml(c.utility)}</td><td class="num">${pu}</td>
      <td class="num">${r}</td><td class="num">${deltaHtml(c.refusal)}</td><td class="num">${pr}</td>
      <td class="num">${engaged}</td><td class="num">${l}</td><td class="num delta ${tone(c.engaged_leakage, false)}">${deltaHtml(c.engaged_leakage)}</td><td class="num">${pl}</td>
      <td class="num">${mdeU}</td><td class="num">${mdeL}</td>
    </tr>`;
  });
  return html`<div class="table-wrap"><table class="compare">
    <thead><tr>${HEADER.map((name) => html`<th>${name}</th>`)}</tr></thead>
    <tbody>${rows}</tbody>
  </table></div>
  ${result.warnings.length ? html`<ul class="notes">${result.warnings.map((warning) => html`<li>${warning}</li>`)}</ul>` : ""}`;
}
