import { FAILURE_MODES } from "../scenario/index.js";
import { defenseSweepBars } from "./charts/defense-sweep-bars.js";
import { deltaHtml, formatPValue } from "./compare-table.js";
import { formatPercent } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { MODE_ABBREVIATIONS } from "./leaderboard-html.js";
import { type ArmComparison, compareArms } from "./paired-arms.js";
import { comparisonMde, formatMde } from "./power-table.js";
import type { ReportRow } from "./report-rows.js";

export interface SweepEntry {
  base: ReportRow;
  treated: ReportRow;
  paired: ArmComparison;
}

/** Every (agent's `none` row, the same agent's defended row) pair within a run, paired per scenario. */
export function defenseSweep(rows: readonly ReportRow[], options: { seed: number; resamples: number }): SweepEntry[] {
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

/** The defense-sweep section (Tables 11–13, Figure 6); undefined when no run has defended rows next to `none`. */
export async function defenseSweepHtml(
  rows: readonly ReportRow[],
  options: { seed: number; resamples: number },
): Promise<SafeHtml | undefined> {
  const entries = defenseSweep(rows, options);
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
      <td class="num">${paired.pairs}</td>
      <td class="num">${pct(paired.utility.mean_a)} → ${pct(paired.utility.mean_b)}</td>
      <td class="num delta ${tone(paired.utility.difference, paired.utility.p_value, true)}">${deltaHtml(paired.utility)}</td>
      <td class="num">${paired.utility.n ? formatPValue(paired.utility.p_value) : "–"}</td>
      <td class="num mde">${formatMde(comparisonMde(paired.utility))}</td>
      <td class="num">${pct(paired.refusal.mean_a)} → ${pct(paired.refusal.mean_b)}</td>
      <td class="num">${paired.engaged_leakage.n}</td>
      <td class="num">${pct(paired.engaged_leakage.mean_a)} → ${pct(paired.engaged_leakage.mean_b)}</td>
      <td class="num delta ${tone(paired.engaged_leakage.difference, paired.engaged_leakage.p_value, false)}">${deltaHtml(paired.engaged_leakage)}</td>
      <td class="num">${paired.engaged_leakage.n ? formatPValue(paired.engaged_leakage.p_value) : "–"}</td>
      <td class="num mde">${formatMde(comparisonMde(paired.engaged_leakage))}</td>
    </tr>`,
  );
  // Table 11: averages over the agents that ran each defense, against the same agents' `none` rows.
  const macro = defenses.slice(1).map((defense) => {
    const pairs = entries.filter((entry) => entry.treated.defense === defense);
    const engaged = pairs.filter((entry) => entry.base.engaged_leakage.n > 0 && entry.treated.engaged_leakage.n > 0);
    const scored = pairs.filter((entry) => entry.base.n > 0 && entry.treated.n > 0);
    const baseU = mean(scored.map((entry) => entry.base.utility.value));
    const treatedU = mean(scored.map((entry) => entry.treated.utility.value));
    const baseL = mean(engaged.map((entry) => entry.base.engaged_leakage.value));
    const treatedL = mean(engaged.map((entry) => entry.treated.engaged_leakage.value));
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
    return html`<tr><td>${defense}</td><td class="num">${pairs.length}</td>
      <td class="num">${pct(baseU)} → ${pct(treatedU)}</td><td class="num">${pp(treatedU - baseU)}</td>
      <td class="num">${pct(baseL)} → ${pct(treatedL)}</td><td class="num">${pp(treatedL - baseL)}</td>
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
      <thead><tr><th>agent</th><th>defense</th><th class="num">pairs</th><th class="num">U</th><th class="num">ΔU</th><th class="num">p</th><th class="num" title="minimum detectable difference at 80% power">MDE</th>
        <th class="num">refusal</th><th class="num" title="scenarios in which both arms engaged">engaged</th><th class="num">L_eng</th><th class="num">ΔL_eng</th><th class="num">p</th><th class="num" title="minimum detectable difference at 80% power">MDE</th></tr></thead>
      <tbody>${pairedRows}</tbody>
    </table></div>
    <h3>Average over agents (Tables 11 and 13)</h3>
    <p class="lead">Unweighted means over the agents that ran each defense, of each row's own rates (none → defended).</p>
    <div class="table-wrap"><table class="sweep-macro">
      <thead><tr><th>defense</th><th class="num">agents</th><th class="num">U</th><th class="num">ΔU</th><th class="num">L_eng</th><th class="num">ΔL_eng</th>
        ${FAILURE_MODES.map((mode) => html`<th class="num">L_eng ${MODE_ABBREVIATIONS[mode] ?? mode}</th>`)}</tr></thead>
      <tbody>${macro}</tbody>
    </table></div>`;
}
