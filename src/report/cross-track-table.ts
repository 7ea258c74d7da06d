import { METRICS, type MetricDescriptor } from "../stats/index.js";
import { alignedLines } from "./aligned-lines.js";
import type { CrossTrackRow } from "./compare-runs.js";
import { COMPARE_TEXT_WIDTH, formatDelta, formatPValue } from "./compare-table.js";
import { gapOf, type TrackGap } from "./cross-track.js";
import { formatPercent } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { markdownTable } from "./markdown-table.js";
import { formatMde } from "./power-table.js";

const rates = (gap: TrackGap) => (gap.n === 0 ? "–" : `${formatPercent(gap.state)} → ${formatPercent(gap.e2e)}`);
const delta = (gap: TrackGap) => formatDelta({ n: gap.n, difference: gap.gap, ci: gap.ci });
const pValue = (gap: TrackGap) => (gap.n === 0 ? "–" : formatPValue(gap.p_value));
const fraction = (k: number, n: number) => (n === 0 ? "–" : `${k}/${n} (${formatPercent(k / n)})`);
const kappa = (value: number | null) => (value === null ? "–" : value.toFixed(2));

const EMPTY_GAP: TrackGap = { n: 0, state: 0, e2e: 0, gap: 0, ci: null, p_value: 1, mde: null };

/** The metrics the tracks were compared on: those of `metrics` with `crossTrack` set. */
const gapMetrics = (metrics: readonly MetricDescriptor[]) => metrics.filter((metric) => metric.crossTrack);
const pairsOf = (metric: MetricDescriptor) => (metric.pairsLabel ? `${metric.pairsLabel} pairs` : "");

/**
 * Per metric: its pairs when `among` narrows them, state → e2e, the gap with its CI, the p-value
 * for the headline metric (the others' are in the terminal lines), and the MDE.
 */
function gapHeader(metrics: readonly MetricDescriptor[]): string[] {
  return [
    "agent",
    "pairs",
    ...gapMetrics(metrics).flatMap((metric) => [
      ...(metric.pairsLabel ? [pairsOf(metric)] : []),
      `${metric.label} state → e2e`,
      `gap ${metric.label} [95% CI]`,
      ...(metric.headline ? ["p"] : []),
      "MDE",
    ]),
  ];
}

const AGREEMENT_HEADER = [
  "agent",
  "leak both",
  "state only",
  "e2e only",
  "neither",
  "agreement",
  "κ",
  "e2e leaks also state",
  "execution gap [Wilson 95%]",
  "not engaged e2e",
];

function agentOf(row: CrossTrackRow): string {
  return `${row.state.agent}${row.state.defense === "none" ? "" : ` [${row.state.defense}]`}${
    row.e2e.agent === row.state.agent && row.e2e.defense === row.state.defense ? "" : ` / ${row.e2e.agent}`
  }`;
}

function gapCells(row: CrossTrackRow, metrics: readonly MetricDescriptor[]): string[] {
  return [
    agentOf(row),
    String(row.pairs),
    ...gapMetrics(metrics).flatMap((metric) => {
      const gap = gapOf(row, metric) ?? EMPTY_GAP;
      return [
        ...(metric.pairsLabel ? [String(gap.n)] : []),
        rates(gap),
        delta(gap),
        ...(metric.headline ? [pValue(gap)] : []),
        formatMde(gap.mde),
      ];
    }),
  ];
}

function agreementCells(row: CrossTrackRow): string[] {
  const { agreement: a } = row;
  const gap = a.execution_gap;
  return [
    agentOf(row),
    String(a.both),
    String(a.state_only),
    String(a.e2e_only),
    String(a.neither),
    a.agreement === null ? "–" : formatPercent(a.agreement),
    kappa(a.kappa),
    fraction(a.e2e_leaks_also_state.k, a.e2e_leaks_also_state.n),
    gap.n === 0 ? "–" : `${fraction(gap.k, gap.n)}${gap.ci ? ` [${formatPercent(gap.ci[0])}, ${formatPercent(gap.ci[1])}]` : ""}`,
    String(row.not_engaged_e2e),
  ];
}

export const CROSS_TRACK_NOTE =
  "Gaps are state-grounded − end-to-end in percentage points over the same scenarios (paired bootstrap 95% CI; p = exact McNemar); " +
  "L_eng pairs only scenarios the agent engaged on in both tracks. MDE: the smallest gap these pairs detect at 80% power (α = 0.05). " +
  "Agreement compares each scenario's leak verdict on the two tracks; the execution gap is P(leak end-to-end | no leak state-grounded).";

/** The cross-track analysis as two terminal tables: the gaps, then per-scenario agreement. */
export function crossTrackTables(rows: readonly CrossTrackRow[], metrics: readonly MetricDescriptor[] = METRICS): string {
  return `${markdownTable(
    gapHeader(metrics),
    rows.map((row) => gapCells(row, metrics)),
  )}\n\n${markdownTable(AGREEMENT_HEADER, rows.map(agreementCells))}`;
}

/** Words filled into lines of at most `width` columns (a word longer than that stays whole). */
function wrapWords(text: string, width: number, indent = ""): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line === "" ? `${indent}${word}` : `${line} ${word}`;
    if (line !== "" && next.length > width) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = next;
  }
  if (line !== "") lines.push(line);
  return lines;
}

/**
 * The cross-track analysis for a terminal of 100 columns: per agent, a heading, one line per gap
 * (state → e2e, the gap with its CI, p, MDE) and the agreement in a few short lines; the note
 * wrapped. The two tables, one row per agent with every column (far wider), are `crossTrackTables`.
 */
export function crossTrackText(rows: readonly CrossTrackRow[], metrics: readonly MetricDescriptor[] = METRICS): string {
  const width = COMPARE_TEXT_WIDTH;
  const blocks = rows.map((row) => {
    const heading = `${agentOf(row)}: ${row.pairs} pairs, state-grounded → end-to-end`;
    const lines = heading.length <= width ? [heading] : [...wrapWords(heading, width)];
    const cellsOf = gapMetrics(metrics).map((metric) => {
      const gap = gapOf(row, metric) ?? EMPTY_GAP;
      return [
        metric.label,
        rates(gap),
        `gap ${delta(gap)}`,
        `p ${pValue(gap)}`,
        `MDE ${formatMde(gap.mde)}`,
        metric.pairsLabel ? `${gap.n} ${pairsOf(metric)}` : "",
      ];
    });
    lines.push(...alignedLines(cellsOf));
    const [, both, stateOnly, e2eOnly, neither, agreement, kappaCell, alsoState, executionGap, notEngaged] = agreementCells(row);
    lines.push(
      ...wrapWords(
        `leak in both ${both}, state only ${stateOnly}, e2e only ${e2eOnly}, neither ${neither}; agreement ${agreement}, κ ${kappaCell}`,
        width,
        "  ",
      ),
      ...wrapWords(`e2e leaks also state-grounded: ${alsoState}; not engaged end-to-end: ${notEngaged}`, width, "  "),
      ...wrapWords(`execution gap: ${executionGap}`, width, "  "),
    );
    return lines.join("\n");
  });
  return [...blocks, wrapWords(CROSS_TRACK_NOTE, width).join("\n")].join("\n\n");
}

/** The same for the HTML report. */
export function crossTrackHtml(rows: readonly CrossTrackRow[], metrics: readonly MetricDescriptor[] = METRICS): SafeHtml {
  const table = (header: string[], body: string[][]) =>
    html`<div class="table-wrap"><table class="cross-track"><thead><tr>${header.map((name, i) => html`<th${i === 0 ? "" : html` class="num"`}>${name}</th>`)}</tr></thead>
      <tbody>${body.map((cells) => html`<tr>${cells.map((cell, i) => (i === 0 ? html`<td>${cell}</td>` : html`<td class="num">${cell}</td>`))}</tr>`)}</tbody></table></div>`;
  const runs = rows[0] ? html`<p class="muted">state-grounded: ${rows[0].state.run_id} · end-to-end: ${rows[0].e2e.run_id}</p>` : "";
  return html`${runs}<h3>Execution gap (Table 14)</h3>${table(
    gapHeader(metrics),
    rows.map((row) => gapCells(row, metrics)),
  )}
    <h3>Per-scenario agreement of the two tracks (Figure 4)</h3>${table(AGREEMENT_HEADER, rows.map(agreementCells))}
    <p class="defs">${CROSS_TRACK_NOTE}</p>`;
}
