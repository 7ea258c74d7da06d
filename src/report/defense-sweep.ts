import { FAILURE_MODES } from "../scenario/index.js";
import { estimateOf, METRICS, type MetricDescriptor, type PairedComparison } from "../stats/index.js";
import { defenseSweepBars } from "./charts/defense-sweep-bars.js";
import { deltaHtml, formatPValue } from "./compare-table.js";
import { formatPercent } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { MODE_ABBREVIATIONS } from "./leaderboard-html.js";
import { type ArmComparison, compareArms, comparisonOf } from "./paired-arms.js";
import { comparisonMde, formatMde } from "./power-table.js";
import type { ReportRow } from "./report-rows.js";

interface SweepEntry {
  base: ReportRow;
  treated: ReportRow;
  paired: ArmComparison;
}

export interface SweepOptions {
  seed: number;
  resamples: number;
  /** The metrics compared: those with `comparison: "paired"` (default `METRICS`: U, refusal, L_eng). */
  metrics?: readonly MetricDescriptor[];
}

/** Every (agent's `none` row, the same agent's defended row) pair within a run, paired per scenario. */
function defenseSweep(rows: readonly ReportRow[], options: SweepOptions): SweepEntry[] {
  const entries: SweepEntry[] = [];
  for (const base of rows.filter((row) => row.defense === "none"))
    for (const treated of rows.filter((row) => row.runIndex === base.runIndex && row.agent === base.agent && row.defense !== "none"))
      entries.push({
        base,
        treated,
        paired: compareArms(base.records, treated.records, {
          ...options,
          key: JSON.stringify(["defense-sweep", base.runId, base.agent, treated.defense]),
        }),
      });
  return entries;
}

const mean = (values: number[]) => (values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length);
const pct = (value: number) => (Number.isNaN(value) ? "–" : formatPercent(value));
const pp = (value: number) => (Number.isNaN(value) ? "–" : `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(1)} pp`);

function tone(difference: number, p: number, higherIsBetter: boolean): string {
  if (Number.isNaN(difference) || p >= 0.05 || difference === 0) return "";
  return difference > 0 === higherIsBetter ? "better" : "worse";
}

const EMPTY_COMPARISON: PairedComparison = {
  n: 0,
  mean_a: Number.NaN,
  mean_b: Number.NaN,
  difference: Number.NaN,
  ci: null,
  p_value: 1,
  b01: 0,
  b10: 0,
};
const swept = (metrics: readonly MetricDescriptor[]) => metrics.filter((metric) => metric.comparison === "paired");
/** A metric with a better direction gets a Δ, p and MDE; one without (refusal) its rates alone. */
const hasDelta = (metric: MetricDescriptor) => metric.better !== "neither";

/**
 * The paired table's columns for `metric`: its pairs when `among` narrows them, the rates, and
 * for a metric with a better direction Δ, p and MDE.
 */
function sweepHeading(metric: MetricDescriptor): SafeHtml {
  const mde = html`<th class="num" title="minimum detectable difference at 80% power">MDE</th>`;
  return html`${metric.pairsLabel ? html`<th class="num" title="scenarios in which both arms ${metric.pairsLabel}">${metric.pairsLabel}</th>` : ""}<th class="num">${metric.label}</th>${
    hasDelta(metric) ? html`<th class="num">Δ${metric.label}</th><th class="num">p</th>${mde}` : ""
  }`;
}

function sweepCells(metric: MetricDescriptor, paired: ArmComparison): SafeHtml {
  const c = comparisonOf(paired, metric) ?? EMPTY_COMPARISON;
  return html`${
    metric.pairsLabel
      ? html`
      <td class="num">${c.n}</td>`
      : ""
  }
      <td class="num">${pct(c.mean_a)} → ${pct(c.mean_b)}</td>${
        hasDelta(metric)
          ? html`
      <td class="num delta ${tone(c.difference, c.p_value, metric.better === "higher")}">${deltaHtml(c)}</td>
      <td class="num">${c.n ? formatPValue(c.p_value) : "–"}</td>
      <td class="num mde">${formatMde(comparisonMde(c))}</td>`
          : ""
      }`;
}

/**
 * Table 11's cells for `metric`: the unweighted mean over the agents of each row's own figure
 * (none → defended), over the agents with a figure in both rows, and the difference.
 */
function macroCells(metric: MetricDescriptor, pairs: readonly SweepEntry[]): SafeHtml {
  const figure = (row: ReportRow) => estimateOf(row, metric);
  const both = pairs.filter((entry) => (figure(entry.base)?.n ?? 0) > 0 && (figure(entry.treated)?.n ?? 0) > 0);
  const base = mean(both.map((entry) => figure(entry.base)?.value ?? 0));
  const treated = mean(both.map((entry) => figure(entry.treated)?.value ?? 0));
  return html`
      <td class="num">${pct(base)} → ${pct(treated)}</td><td class="num">${pp(treated - base)}</td>`;
}

/**
 * The defense-sweep section (Tables 11–13, Figure 6); undefined when no run has defended rows next
 * to `none`. The paired table shows every metric of `options.metrics` with `comparison: "paired"`;
 * Table 11 those of them with a better direction.
 */
export async function defenseSweepHtml(rows: readonly ReportRow[], options: SweepOptions): Promise<SafeHtml | undefined> {
  const entries = defenseSweep(rows, options);
  const metrics = swept(options.metrics ?? METRICS);
  if (entries.length === 0) return undefined;
  const defenses = ["none", ...new Set(entries.map((entry) => entry.treated.defense))];
  const involved = [...new Set(entries.flatMap((entry) => [entry.base, entry.treated]))];
  const chart = await defenseSweepBars(
    involved.flatMap((row) => [
      // A row with no scored episode has no utility to draw (not a bar at 0).
      ...(row.n > 0
        ? [{ agent: row.agent, defense: row.defense, metric: "utility" as const, value: row.utility.value, ci: row.utility.ci }]
        : []),
      ...(row.engaged_leakage.n > 0
        ? [
            {
              agent: row.agent,
              defense: row.defense,
              metric: "engaged leakage" as const,
              value: row.engaged_leakage.value,
              ci: row.engaged_leakage.ci,
            },
          ]
        : []),
    ]),
    defenses,
  );
  const pairedRows = entries.map(
    ({ base, treated, paired }) => html`<tr>
      <td>${base.agent}${new Set(rows.map((row) => row.runIndex)).size > 1 ? html` <small class="muted">${base.runId}</small>` : ""}</td><td>${treated.defense}</td>
      <td class="num">${paired.pairs}</td>${metrics.map((metric) => sweepCells(metric, paired))}
    </tr>`,
  );
  // The first metric's columns end the header's first line, the rest the second, as the table
  // was written before its columns came from the descriptors (the page's bytes stay the same).
  const sweepHeadings = metrics.map((metric, index) => html`${index === 1 ? "\n        " : ""}${sweepHeading(metric)}`);
  // Table 11: averages over the agents that ran each defense, against the same agents' `none` rows.
  const macro = defenses.slice(1).map((defense) => {
    const pairs = entries.filter((entry) => entry.treated.defense === defense);
    const modes = FAILURE_MODES.map((mode) => {
      const withMode = pairs.filter(
        (entry) =>
          (entry.base.by_failure_mode[mode]?.engaged_leakage.n ?? 0) > 0 &&
          (entry.treated.by_failure_mode[mode]?.engaged_leakage.n ?? 0) > 0,
      );
      return {
        base: mean(withMode.map((entry) => entry.base.by_failure_mode[mode]?.engaged_leakage.value ?? 0)),
        treated: mean(withMode.map((entry) => entry.treated.by_failure_mode[mode]?.engaged_leakage.value ?? 0)),
      };
    });
    return html`<tr><td>${defense}</td><td class="num">${pairs.length}</td>${metrics.filter(hasDelta).map((metric) => macroCells(metric, pairs))}
      ${modes.map((m) => html`<td class="num">${pct(m.base)} → ${pct(m.treated)}</td>`)}</tr>`;
  });
  return html`
    <figure>${chart}<figcaption>Bars are each agent's utility and engaged leakage under each defense; whiskers are 95% bootstrap CIs.</figcaption></figure>
    <h3>Paired differences against no defense</h3>
    <p class="lead">Per agent, each defended row against the same agent's <code>none</code> row on the same scenarios (and epochs).
      Rates read none → defended; Δ is defended − none in percentage points with a paired bootstrap 95% CI below it; p is the exact
      McNemar test. L_eng and ΔL_eng use only the scenarios on which both arms engaged (neither refused). MDE is the smallest
      difference these pairs detect at 80% power (α = 0.05, two groups, √(n/2); <code>safecua power</code>): a Δ inside it that is not
      significant is no evidence of no effect.</p>
    <div class="table-wrap"><table class="sweep">
      <thead><tr><th>agent</th><th>defense</th><th class="num">pairs</th>${sweepHeadings}</tr></thead>
      <tbody>${pairedRows}</tbody>
    </table></div>
    <h3>Average over agents (Tables 11 and 13)</h3>
    <p class="lead">Unweighted means over the agents that ran each defense, of each row's own rates (none → defended).</p>
    <div class="table-wrap"><table class="sweep-macro">
      <thead><tr><th>defense</th><th class="num">agents</th>${metrics
        .filter(hasDelta)
        .map((metric) => html`<th class="num">${metric.label}</th><th class="num">Δ${metric.label}</th>`)}
        ${FAILURE_MODES.map((mode) => html`<th class="num">L_eng ${MODE_ABBREVIATIONS[mode] ?? mode}</th>`)}</tr></thead>
      <tbody>${macro}</tbody>
    </table></div>`;
}
