import type { CompareRunsResult } from "./compare-runs.js";
import { compareTableHtml } from "./compare-table.js";
import { crossTrackHtml } from "./cross-track-table.js";
import { formatPercent } from "./format-estimate.js";
import { html } from "./html-builder.js";
import { htmlPage } from "./html-page.js";
import { REPORT_STYLES } from "./report-styles.js";
import { filterRunListings, type RunListFilter } from "./run-list-filter.js";

/** One run as the viewer's index lists it. */
export interface RunListing {
  id: string;
  created_at: string;
  /** `bench --name`, when given. */
  name?: string;
  tags: string[];
  suite: "disclosure" | "injection";
  track: "state-grounded" | "e2e";
  agents: string[];
  /** The planned size: episodes the run's plan holds (scenarios run by agents × epochs × arms). */
  episodes: number;
  dataset: string;
  scenario_count: number;
  epochs: number;
  matcher: string;
  records: number;
  errors: number;
  rows: Array<{ agent: string; defense: string; n: number; utility: number | null; engaged_leakage: number | null }>;
  /** Why the folder could not be read, when it could not. */
  problem?: string;
}

const VIEWER_STYLES = `${REPORT_STYLES}
table.runs-list td { vertical-align: top; }
.headline { font-size: 12.5px; font-variant-numeric: tabular-nums; }
.headline span { display: inline-block; min-width: 92px; }
form.compare, form.filter { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; margin: 4px 0 6px; }
:is(form.compare, form.filter) :is(select, button, input) { font: inherit; padding: 5px 8px; border-radius: 6px; border: 1px solid #d1d5db; background: #fff; }
:is(form.compare, form.filter) button { background: var(--blue); color: #fff; border-color: var(--blue); cursor: pointer; }
form.filter input { width: 9em; }
.tag { display: inline-block; padding: 0 6px; margin-right: 3px; border-radius: 8px; background: #eef2ff; font-size: 12px; }
`;

function shell(title: string, body: ReturnType<typeof html>, formAction: "self" | "none" = "none"): string {
  return htmlPage({
    title,
    styles: VIEWER_STYLES,
    formAction,
    body: html`<header class="top"><h1>${title}</h1><div class="sub">safecua viewer · read-only · this machine only</div></header>
      <nav class="toc"><a href="/">All runs</a></nav><main>${body}</main>`,
  });
}

/** A choice among the values the listed runs have, keeping the one the filter holds. */
function filterSelect(name: "suite" | "track", values: readonly string[], chosen: string | undefined) {
  return html`<select name="${name}" aria-label="${name}"><option value="">any ${name}</option>${[...new Set(values)]
    .sort()
    .map((value) => html`<option value="${value}"${value === chosen ? html` selected` : ""}>${value}</option>`)}</select>`;
}

/**
 * The index: the runs in the folder that the filter keeps (name, suite, track, agent, tag),
 * newest first, with their labels, size and headline numbers, and a form to compare two.
 */
export function runListPage(runsDir: string, all: readonly RunListing[], filter: RunListFilter = {}): string {
  const runs = filterRunListings(all, filter);
  const filtered = Object.keys(filter).length > 0;
  const options = all.map((run) => html`<option value="${run.id}">${run.name ? `${run.name} · ` : ""}${run.id} — ${run.dataset}</option>`);
  const rows = runs.map(
    (run) => html`<tr>
      <td class="num">${run.created_at.replace("T", " ").replace(/\.\d+Z$/, "Z")}</td>
      <td>${run.name ? html`<b>${run.name}</b><br>` : ""}${run.problem ? html`<code>${run.id}</code>` : html`<a href="/runs/${encodeURIComponent(run.id)}/"><code>${run.id}</code></a>`}${
        run.tags.length > 0
          ? html`<br>${run.tags.map((tag) => html`<a class="tag" href="/?tag=${encodeURIComponent(tag)}">${tag}</a>`)}`
          : ""
      }</td>
      <td>${run.problem ? "" : html`${run.suite}<br><small class="muted">${run.track}</small>`}</td>
      <td>${run.agents.join(", ")}</td>
      <td>${run.dataset} <small class="muted">${run.scenario_count} × ${run.epochs}</small><br><small class="muted">${run.episodes} episodes</small></td>
      <td class="num">${run.records}${run.errors ? html` <small class="muted">(${run.errors} errors)</small>` : ""}</td>
      <td class="headline">${
        run.problem
          ? html`<span class="badge error">unreadable</span> ${run.problem}`
          : run.rows.map(
              (row) =>
                html`<div><b>${row.agent}</b>${row.defense === "none" ? "" : ` [${row.defense}]`}: <span>U ${row.utility === null ? "–" : formatPercent(row.utility)}</span><span>L_eng ${row.engaged_leakage === null ? "–" : formatPercent(row.engaged_leakage)}</span> <small class="muted">n ${row.n}</small></div>`,
            )
      }</td>
    </tr>`,
  );
  return shell(
    "safecua runs",
    html`<section class="card"><h2>Runs in ${runsDir}</h2>
      ${all.length === 0 ? html`<p class="empty">No run folders here yet. Start one with <code>safecua bench --out ${runsDir}</code>.</p>` : ""}
      ${
        all.length > 0
          ? html`<form class="filter" method="get" action="/"><b>Show</b>
          <input name="name" aria-label="name contains" placeholder="name" value="${filter.name ?? ""}">
          ${filterSelect(
            "suite",
            all.map((run) => run.suite),
            filter.suite,
          )}
          ${filterSelect(
            "track",
            all.map((run) => run.track),
            filter.track,
          )}
          <input name="agent" aria-label="agent contains" placeholder="agent" value="${filter.agent ?? ""}">
          <input name="tag" aria-label="tag" placeholder="tag" value="${filter.tag ?? ""}">
          <button type="submit">Filter</button>${filtered ? html` <a href="/">all runs</a>` : ""}</form>
          ${filtered ? html`<p class="lead">${runs.length} of ${all.length} runs match.</p>` : ""}
          <form class="compare" method="get" action="/compare"><b>Compare</b>
          <select name="a" aria-label="run A">${options}</select> with
          <select name="b" aria-label="run B"><option value="">(the same run: its defense sweep)</option>${options}</select>
          <button type="submit">Compare</button></form>
        <div class="table-wrap"><table class="runs-list"><thead><tr><th class="num">created (UTC)</th><th>run</th><th>suite, track</th><th>agents</th><th>dataset, size</th><th class="num">records</th><th>agents: utility and engaged leakage</th></tr></thead>
          <tbody>${rows}</tbody></table></div>`
          : ""
      }</section>`,
    "self",
  );
}

export function comparePage(a: string, b: string | undefined, result: CompareRunsResult): string {
  return shell(
    "safecua compare",
    html`<section class="card"><h2>${b ? html`<code>${a}</code> → <code>${b}</code>` : html`Defense sweep of <code>${a}</code>`}</h2>
      <p class="lead">Paired per scenario (and epoch): Δ is B − A in percentage points with a paired bootstrap 95% CI; p is the exact McNemar test.
        Engaged leakage is compared on the scenarios where both arms engaged.</p>
      ${compareTableHtml(result)}</section>
    ${result.cross_track ? html`<section class="card"><h2>State-grounded against end-to-end</h2>${crossTrackHtml(result.cross_track)}</section>` : ""}`,
  );
}

export function messagePage(title: string, message: string): string {
  return shell(title, html`<section class="card"><p>${message}</p></section>`);
}
