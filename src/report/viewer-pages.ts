import type { CompareRunsResult } from "./compare-runs.js";
import { compareTableHtml } from "./compare-table.js";
import { crossTrackHtml } from "./cross-track-table.js";
import { formatPercent } from "./format-estimate.js";
import { html } from "./html-builder.js";
import { htmlPage } from "./html-page.js";
import { REPORT_STYLES } from "./report-styles.js";

/** One run as the viewer's index lists it. */
export interface RunListing {
  id: string;
  created_at: string;
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
form.compare { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; margin: 4px 0 6px; }
form.compare select, form.compare button { font: inherit; padding: 5px 8px; border-radius: 6px; border: 1px solid #d1d5db; background: #fff; }
form.compare button { background: var(--blue); color: #fff; border-color: var(--blue); cursor: pointer; }
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

/** The index: every run in the folder, newest first, with its headline numbers, and a form to compare two. */
export function runListPage(runsDir: string, runs: readonly RunListing[]): string {
  const options = runs.map((run) => html`<option value="${run.id}">${run.id} — ${run.dataset}</option>`);
  const rows = runs.map(
    (run) => html`<tr>
      <td class="num">${run.created_at.replace("T", " ").replace(/\.\d+Z$/, "Z")}</td>
      <td>${run.problem ? html`<code>${run.id}</code>` : html`<a href="/runs/${encodeURIComponent(run.id)}/"><code>${run.id}</code></a>`}</td>
      <td>${run.dataset} <small class="muted">${run.scenario_count} × ${run.epochs}</small></td>
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
      ${runs.length === 0 ? html`<p class="empty">No run folders here yet. Start one with <code>safecua bench --out ${runsDir}</code>.</p>` : ""}
      ${
        runs.length > 0
          ? html`<form class="compare" method="get" action="/compare"><b>Compare</b>
          <select name="a" aria-label="run A">${options}</select> with
          <select name="b" aria-label="run B"><option value="">(the same run: its defense sweep)</option>${options}</select>
          <button type="submit">Compare</button></form>
        <div class="table-wrap"><table class="runs-list"><thead><tr><th class="num">created (UTC)</th><th>run</th><th>dataset</th><th class="num">records</th><th>agents: utility and engaged leakage</th></tr></thead>
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
