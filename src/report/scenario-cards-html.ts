import type { EpisodeRecord } from "../records/index.js";
import { ATTACK_FAMILY_LABELS, FAILURE_MODES, renderStateText, type Scenario } from "../scenario/index.js";
import { findOccurrences, highlightSpans } from "./highlight-spans.js";
import { html, type SafeHtml } from "./html-builder.js";
import { injectionTaskHtml, isInjectionOnly } from "./injection-task-html.js";
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
// Offered only when a row ran injection tasks, so disclosure reports stay as they were.
const INJECTION_OUTCOMES: Array<[string, string]> = [
  ["attacked", "attacked (adversarial evaluator fired)"],
  ["resisted", "not attacked"],
  ["benign-done", "injection task done"],
  ["benign-failed", "injection task not done"],
];

/** A failure mode in words, or an injection family with its name (injection-only tasks are filed by family). */
function modeLabel(mode: string): string {
  const family = (ATTACK_FAMILY_LABELS as Record<string, string>)[mode];
  return family ? `${mode} ${family}` : mode.replace(/_/g, " ");
}

function filtersHtml(rows: readonly ReportRow[], modes: readonly string[], total: number): SafeHtml {
  const records = rows.flatMap((row) => row.records);
  const injection = records.some((record) => record.attack_family !== undefined);
  // Without a disclosure episode, the disclosure outcomes would match nothing.
  const disclosure = records.some((record) => record.disclosure !== false);
  const outcomes = [
    ...(disclosure ? OUTCOMES : OUTCOMES.filter(([value]) => value === "limit" || value === "error")),
    ...(injection ? INJECTION_OUTCOMES : []),
  ];
  return html`<div class="filters" role="search">
    <input id="filter-text" type="search" placeholder="Search scenario id, task or shared text" aria-label="search scenarios">
    <select id="filter-mode" aria-label="failure mode"><option value="">${injection ? "every failure mode or family" : "every failure mode"}</option>${modes.map((mode) => html`<option value="${mode}">${modeLabel(mode)}</option>`)}</select>
    <select id="filter-row" aria-label="agent"><option value="">every agent</option>${rows.map((row) => html`<option value="${row.id}">${row.label}</option>`)}</select>
    <select id="filter-outcome" aria-label="outcome"><option value="">any outcome</option>${outcomes.map(([value, label]) => html`<option value="${value}">${label}</option>`)}</select>
    <span id="filter-count">${total} of ${total} scenarios</span>
  </div>`;
}

function scenarioHeader(id: string, scenario: Scenario | undefined, mode: string): SafeHtml {
  if (!scenario)
    return html`<div class="scenario-text"><h3 class="searchable">${id}</h3><span class="chip mode">${MODE_ABBREVIATIONS[mode] ?? mode}</span>
    <p class="muted">The scenario was not found in the run's dataset, so its prompt and state are not shown.</p></div>`;
  if (isInjectionOnly(scenario))
    return html`<div class="scenario-text"><h3 class="searchable">${scenario.id}</h3>${injectionTaskHtml(scenario, true)}</div>`;
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
    ${injectionTaskHtml(scenario, false)}
  </div>`;
}

/**
 * How much of a large run the cards show. A card holds every agent's episode of its scenario, so a
 * run of 14,400 episodes made a 22.6 MB page that browsers struggle to open; past these limits the
 * records stay in records.jsonl (and `safecua view`, `safecua export`), and the page says what it left out.
 */
export interface ScenarioCardLimits {
  /** Episodes of one agent row shown per scenario (the first epochs). */
  epochsPerRow: number;
  /** Episodes shown over all cards; scenarios past it are listed by id only. */
  episodes: number;
}

const DEFAULT_CARD_LIMITS: ScenarioCardLimits = { epochsPerRow: 3, episodes: 2_000 };
export const NO_CARD_LIMITS: ScenarioCardLimits = { epochsPerRow: Number.POSITIVE_INFINITY, episodes: Number.POSITIVE_INFINITY };

/** Per scenario: the prompt, the state, the items, then every agent's episode side by side; with filters. */
export function scenarioCardsHtml(
  rows: readonly ReportRow[],
  scenarios: ReadonlyMap<string, Scenario>,
  steps: ReadonlyMap<string, readonly ReportStep[]>,
  limits: ScenarioCardLimits = DEFAULT_CARD_LIMITS,
): SafeHtml {
  const byScenario = new Map<string, Array<{ record: EpisodeRecord; row: ReportRow }>>();
  let hiddenEpochs = 0;
  for (const row of rows) {
    const perScenario = new Map<string, number>();
    for (const record of [...row.records].sort((a, b) => a.epoch - b.epoch)) {
      const shown = perScenario.get(record.scenario_id) ?? 0;
      if (shown >= limits.epochsPerRow) {
        hiddenEpochs += 1;
        continue;
      }
      perScenario.set(record.scenario_id, shown + 1);
      const list = byScenario.get(record.scenario_id) ?? [];
      list.push({ record, row });
      byScenario.set(record.scenario_id, list);
    }
  }
  const ids = [...byScenario.keys()].sort();
  // An injection-only task is filed under its family: its failure mode is a default, not what it tests.
  const modeOf = (id: string) => {
    const scenario = scenarios.get(id);
    const record = byScenario.get(id)?.[0]?.record;
    if (scenario) return isInjectionOnly(scenario) ? (scenario.attack?.family as string) : scenario.failure_mode;
    if (record?.disclosure === false && record.attack_family) return record.attack_family;
    return record?.failure_mode ?? "unknown";
  };
  const modes = [
    ...FAILURE_MODES.filter((mode) => ids.some((id) => modeOf(id) === mode)),
    ...new Set(ids.map(modeOf).filter((mode) => !(FAILURE_MODES as readonly string[]).includes(mode))),
  ];
  // Whole scenarios, in id order, until the episode budget is spent (at least one card always).
  let budget = limits.episodes;
  const shownIds: string[] = [];
  for (const id of ids) {
    const count = byScenario.get(id)?.length ?? 0;
    if (shownIds.length > 0 && count > budget) break;
    shownIds.push(id);
    budget -= count;
  }
  const listedOnly = ids.slice(shownIds.length);
  const cards = shownIds.map(
    (id, index) => html`<article class="scenario" id="scenario-${index}" data-mode="${modeOf(id)}">
      ${scenarioHeader(id, scenarios.get(id), modeOf(id))}
      <div class="records">${(byScenario.get(id) ?? []).map(({ record, row }) => recordHtml(record, row, steps.get(`${row.runIndex}:${record.key}`)))}</div>
    </article>`,
  );
  const notes = [
    hiddenEpochs > 0 &&
      `Each agent's first ${limits.epochsPerRow} epochs of a scenario are shown; ${hiddenEpochs} later episodes are left out of the cards.`,
    listedOnly.length > 0 &&
      `${shownIds.length} of ${ids.length} scenarios have cards; the other ${listedOnly.length} are listed below by id.`,
  ].filter((note): note is string => typeof note === "string");
  const capped = notes.length
    ? html`<p class="muted cards-capped">${notes.join(" ")} Every episode counts in every table and figure above; to read them all, use
        <code>safecua view</code>, <code>safecua export RUN --format csv</code>, or <code>safecua report RUN --all-episodes</code>.</p>`
    : "";
  const listed = listedOnly.length
    ? html`<details class="cards-listed"><summary>${listedOnly.length} scenarios without a card</summary><p class="trace">${listedOnly.join(", ")}</p></details>`
    : "";
  return html`${capped}${filtersHtml(rows, modes, shownIds.length)}${cards}${listed}`;
}
