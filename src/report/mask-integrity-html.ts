import type { MaskIntegrityRunSummary } from "../records/index.js";
import { formatEstimate } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { MASK_INTEGRITY_LEGEND, maskIntegrityProblems } from "./mask-integrity-table.js";

/** The report's F5 card body: the figures with intervals, every failure by page, and canaries the crawl never showed. */
export function maskIntegrityHtml(summary: MaskIntegrityRunSummary): SafeHtml {
  const problems = maskIntegrityProblems(summary);
  const unseen = Object.entries(summary.unseen_canaries);
  return html`<div class="table-wrap"><table><thead><tr><th class="num">tasks</th><th class="num">pages</th>
      <th class="num" title="canary rows not fully under the mask, over canary rows">leak rate</th>
      <th class="num" title="pages where a canary reached text a planner would receive">planner leaks</th>
      <th class="num" title="the app's own rows mostly masked">over-masking</th><th class="num">errors</th><th>result</th></tr></thead>
    <tbody><tr><td class="num">${summary.tasks}</td><td class="num">${summary.pages}</td>
      <td class="num" title="${summary.leak_rate.k} of ${summary.leak_rate.n}">${formatEstimate(summary.leak_rate)}</td>
      <td class="num">${summary.planner_leak_pages}</td>
      <td class="num" title="${summary.over_masking.k} of ${summary.over_masking.n}">${formatEstimate(summary.over_masking)}</td>
      <td class="num">${summary.errors.length}</td><td>${summary.passed ? "passed" : html`<b>FAILED</b>`}</td></tr></tbody></table></div>
    ${problems.length > 0 ? html`<ul class="failures">${problems.map((line) => html`<li>${line}</li>`)}</ul>` : ""}
    ${
      unseen.length > 0
        ? html`<p class="muted">Canaries no measured row painted (fields the crawl never showed; a coverage note, not a leak): ${unseen
            .map(([task, canaries]) => `${task}: ${canaries.length}`)
            .join("; ")}.</p>`
        : ""
    }<p class="defs">${MASK_INTEGRITY_LEGEND}</p>`;
}
