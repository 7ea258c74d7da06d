import type { EpisodeRecord } from "../records/index.js";
import { FAILURE_MODES, renderStateText, type Scenario } from "../scenario/index.js";
import { findOccurrences, highlightSpans } from "./highlight-spans.js";
import { html, type SafeHtml } from "./html-builder.js";
import { MODE_ABBREVIATIONS } from "./leaderboard-html.js";
import { recordHtml } from "./record-html.js";
import type { ReportRow } from "./report-rows.js";
import type { ReportStep } from "./report-run.js";

const OUTCOMES: Array<[string, string]> = [
  ["leak", "leaked"],
  ["clean", "engaged, no leak"],
  ["refused", "refused"],
  ["fail", "utility 0"],
  ["pass", "utility 1"],
  ["limit", "step limit"],
  ["error", "error"],
  ["disagree", "judge ≠ matcher"],
];

function filtersHtml(rows: readonly ReportRow[], modes: readonly string[], total: number): SafeHtml {
  return html`<div class="filters" role="search">
    <input id="filter-text" type="search" placeholder="Search scenario id, task or shared text" aria-label="search scenarios">
    <select id="filter-mode" aria-label="failure mode"><option value="">every failure mode</option>${modes.map((mode) => html`<option value="${mode}">${mode.replace(/_/g, " ")}</option>`)}</select>
    <select id="filter-row" aria-label="agent"><option value="">every agent</option>${rows.map((row) => html`<option value="${row.id}">${row.label}</option>`)}</select>
    <select id="filter-outcome" aria-label="outcome"><option value="">any outcome</option>${OUTCOMES.map(([value, label]) => html`<option value="${value}">${label}</option>`)}</select>
    <span id="filter-count">${total} of ${total} scenarios</span>
  </div>`;
}

function scenarioHeader(id: string, scenario: Scenario | undefined, mode: string): SafeHtml {
  if (!scenario)
    return html`<div class="scenario-text"><h3 class="searchable">${id}</h3><span class="chip mode">${MODE_ABBREVIATIONS[mode] ?? mode}</span>
    <p class="muted">The scenario was not found in the run's dataset, so its prompt and state are not shown.</p></div>`;
  const needles = [
    ...scenario.must_share.map((item) => ({ text: item, kind: "required" as const, title: `must-share: ${item}` })),
    ...scenario.must_not_share.map((item) => ({ text: item, kind: "leak" as const, title: `must-not-share: ${item}` })),
  ];
  const state = renderStateText(scenario.state);
  return html`<div class="scenario-text">
    <h3 class="searchable">${scenario.id}</h3>
    <div><span class="chip mode" title="${scenario.failure_mode}">${scenario.failure_mode.replace(/_/g, " ")}</span>${scenario.category ? html`<span class="chip">${scenario.category.replace(/_/g, " ")}</span>` : ""}
      <span class="chip">to ${scenario.recipient.name}${scenario.recipient.relation ? ` (${scenario.recipient.relation})` : ""}</span><span class="chip">via ${scenario.channel}</span>${scenario.now ? html`<span class="chip">now ${scenario.now}</span>` : ""}</div>
    <div class="task searchable">${scenario.task}</div>
    <div class="items"><span class="label">must share</span>${scenario.must_share.map((item) => html`<span class="chip share">${item}</span>`)}</div>
    <div class="items"><span class="label">must not share</span>${scenario.must_not_share.map((item) => html`<span class="chip noshare">${item}</span>`)}</div>
    <details><summary>The state the agent saw (items marked)</summary><pre class="state">${highlightSpans(state, findOccurrences(state, needles))}</pre></details>
    ${scenario.rationale ? html`<details><summary>Rationale (for reviewers; never shown to agents)</summary><p class="trace">${scenario.rationale}</p></details>` : ""}
  </div>`;
}

/** Per scenario: the prompt, the state, the items, then every agent's episode side by side; with filters. */
export function scenarioCardsHtml(
  rows: readonly ReportRow[],
  scenarios: ReadonlyMap<string, Scenario>,
  steps: ReadonlyMap<string, readonly ReportStep[]>,
): SafeHtml {
  const byScenario = new Map<string, Array<{ record: EpisodeRecord; row: ReportRow }>>();
  for (const row of rows)
    for (const record of [...row.records].sort((a, b) => a.epoch - b.epoch)) {
      const list = byScenario.get(record.scenario_id) ?? [];
      list.push({ record, row });
      byScenario.set(record.scenario_id, list);
    }
  const ids = [...byScenario.keys()].sort();
  const modeOf = (id: string) => scenarios.get(id)?.failure_mode ?? byScenario.get(id)?.[0]?.record.failure_mode ?? "unknown";
  const modes = [
    ...FAILURE_MODES.filter((mode) => ids.some((id) => modeOf(id) === mode)),
    ...new Set(ids.map(modeOf).filter((mode) => !(FAILURE_MODES as readonly string[]).includes(mode))),
  ];
  const cards = ids.map(
    (id, index) => html`<article class="scenario" id="scenario-${index}" data-mode="${modeOf(id)}">
      ${scenarioHeader(id, scenarios.get(id), modeOf(id))}
      <div class="records">${(byScenario.get(id) ?? []).map(({ record, row }) => recordHtml(record, row, steps.get(`${row.runIndex}:${record.key}`)))}</div>
    </article>`,
  );
  return html`${filtersHtml(rows, modes, ids.length)}${cards}`;
}
