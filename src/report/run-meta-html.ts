import { html, type SafeHtml } from "./html-builder.js";
import type { ReportRun } from "./report-run.js";

/** What was run, for each run: enough to reproduce it, and any problem met while loading it. */
export function runMetaHtml(runs: readonly ReportRun[]): SafeHtml {
  return html`<div class="runs">${runs.map((run) => {
    const m = run.manifest;
    const errors = run.records.filter((record) => record.status === "error").length;
    return html`<div>
      <h3>run <code>${m.run_id}</code>${m.name !== undefined ? html` — ${m.name}` : ""}</h3>
      <dl class="meta">
        ${m.tags?.length ? html`<dt>tags</dt><dd>${m.tags.join(", ")}</dd>` : ""}
        <dt>created</dt><dd>${m.created_at}</dd>
        <dt>dataset</dt><dd>${m.dataset.label} — ${m.dataset.scenario_count} scenarios × ${m.epochs} epoch${m.epochs === 1 ? "" : "s"}</dd>
        <dt>agents</dt><dd>${m.agents.join(", ")}</dd>
        <dt>defenses</dt><dd>${m.defenses.join(", ")}</dd>
        <dt>matcher</dt><dd>${m.matcher}</dd>
        <dt>records</dt><dd>${run.records.length}${errors ? ` (${errors} errors)` : ""}</dd>
        <dt>statistics</dt><dd>seed ${m.seed}; ${m.bootstrap_resamples.toLocaleString("en-US")} bootstrap resamples, percentile 95% CI</dd>
        <dt>safecua</dt><dd>${m.safecua_version} on Node ${m.node_version}</dd>
        <dt>command</dt><dd><code>${m.command}</code></dd>
      </dl>
      ${run.notes?.length ? html`<ul class="notes">${run.notes.map((note) => html`<li>${note}</li>`)}</ul>` : ""}
    </div>`;
  })}</div>`;
}

/** Errors by kind per row, with one example message each: what to fix before a resume. */
export function errorsHtml(runs: readonly ReportRun[]): SafeHtml | undefined {
  const groups = new Map<string, { count: number; example: string; agent: string; kind: string }>();
  for (const run of runs)
    for (const record of run.records) {
      if (record.status !== "error") continue;
      const kind = record.error?.kind ?? "unknown";
      const key = JSON.stringify([record.agent, record.defense, kind]);
      const group = groups.get(key) ?? {
        count: 0,
        example: record.error?.message ?? "",
        agent: `${record.agent}${record.defense === "none" ? "" : ` [${record.defense}]`}`,
        kind,
      };
      group.count++;
      groups.set(key, group);
    }
  if (groups.size === 0) return undefined;
  return html`<div class="table-wrap"><table><thead><tr><th>agent</th><th>kind</th><th class="num">count</th><th>example</th></tr></thead><tbody>${[
    ...groups.values(),
  ].map(
    (group) =>
      html`<tr><td>${group.agent}</td><td>${group.kind}</td><td class="num">${group.count}</td><td class="trace">${group.example}</td></tr>`,
  )}</tbody></table></div>`;
}
