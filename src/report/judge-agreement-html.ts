import type { BinaryAgreement } from "../stats/index.js";
import { formatPercent } from "./format-estimate.js";
import { html, type SafeHtml } from "./html-builder.js";
import { judgeAgreement } from "./judge-agreement.js";
import type { ReportRow } from "./report-rows.js";

const rate = (value: number | null) => (value === null || Number.isNaN(value) ? "–" : formatPercent(value));
const kappa = (agreement: BinaryAgreement) => (agreement.kappa === null ? "–" : agreement.kappa.toFixed(2));

/** Judge–matcher agreement (Appendix E), per row and pooled; undefined when no record has a judge. */
export function judgeAgreementHtml(rows: readonly ReportRow[]): SafeHtml | undefined {
  const perRow = rows
    .map((row) => ({ label: row.label, agreement: judgeAgreement(row.records) }))
    .filter((entry) => entry.agreement !== null);
  if (perRow.length === 0) return undefined;
  const pooled = judgeAgreement(rows.flatMap((row) => row.records));
  const line = (
    label: string,
    a: NonNullable<ReturnType<typeof judgeAgreement>>,
    strong = false,
  ) => html`<tr class="${strong ? "total" : ""}">
    <td>${strong ? html`<b>${label}</b>` : label}</td><td class="num">${a.judged}</td><td class="num">${a.judge_errors}</td>
    <td class="num">${rate(a.utility.agreement)}</td><td class="num">${kappa(a.utility)}</td>
    <td class="num">${rate(a.leak.agreement)}</td><td class="num">${kappa(a.leak)}</td>
    <td class="num">${rate(a.severity_agreement)}</td><td class="num">${Number.isNaN(a.mean_reward_gap) ? "–" : a.mean_reward_gap.toFixed(2)}</td></tr>`;
  return html`<p class="lead">How often the LLM judge (${pooled?.judge_models.join(", ") ?? ""}) and the deterministic matcher reach the same binary decision on the same
    record. κ is Cohen's kappa (agreement beyond chance). Severity is the 1–5 scale; the reward gap is |judge − matcher| of utility × severity.</p>
    <div class="table-wrap"><table class="judge">
    <thead><tr><th>agent</th><th class="num">judged</th><th class="num">judge errors</th><th class="num">utility agree</th><th class="num">κ utility</th>
      <th class="num">leak agree</th><th class="num">κ leak</th><th class="num">severity agree</th><th class="num">mean reward gap</th></tr></thead>
    <tbody>${perRow.map((entry) => line(entry.label, entry.agreement as NonNullable<typeof entry.agreement>))}${pooled && perRow.length > 1 ? line("all", pooled, true) : ""}</tbody>
  </table></div>`;
}
