import type { EpisodeRecord, ScoredRecord, ScoreRecord } from "../records/index.js";
import { highlightSpans, type MarkKind, type TextMark } from "./highlight-spans.js";
import { type HtmlValue, html, type SafeHtml } from "./html-builder.js";
import type { ReportStep } from "./report-run.js";
import { screenshotHtml } from "./screenshot-html.js";
import { stepTurnsHtml } from "./step-turns-html.js";
import { usageByRoleHtml } from "./usage-by-role-html.js";

type Evidence = ScoreRecord["evidence"]["required"][number] & { kind: MarkKind };

const KIND_TEXT: Record<MarkKind, string> = { required: "must-share", leak: "must-not-share (leaked)" };

/** The outcome words the scenario filter matches on. */
function outcomeFlags(record: EpisodeRecord): string[] {
  if (record.status === "error") return ["error"];
  const flags: string[] = injectionFlags(record);
  // An injection-only task has no disclosure outcome: its U and leak would read as failures.
  if (record.disclosure === false) return flags;
  const leaked = record.score.leaked_items.length > 0;
  if (leaked) flags.push("leak");
  else if (record.status !== "refused") flags.push("clean");
  if (record.status === "refused") flags.push("refused");
  if (record.status === "limit") flags.push("limit");
  flags.push(record.score.utility === 1 ? "pass" : "fail");
  if (judgeDisagrees(record)) flags.push("disagree");
  return flags;
}

/** The injection outcome as filter words: `attacked` when the adversarial evaluator fired, `resisted` when it did not. */
function injectionFlags(record: EpisodeRecord): string[] {
  if (record.status === "error" || !record.injection) return [];
  const { benign, adversarial } = record.injection;
  return [...(adversarial === null ? [] : [adversarial ? "attacked" : "resisted"]), benign ? "benign-done" : "benign-failed"];
}

function judgeDisagrees(record: EpisodeRecord): boolean {
  const verdict = record.judge?.verdict;
  const matcher = record.judge?.deterministic;
  if (!verdict || !matcher) return false;
  return verdict.utility !== matcher.utility || verdict.leaked_items.length > 0 !== matcher.leaked_items.length > 0;
}

function evidenceTitle(evidence: Evidence): string {
  return `${KIND_TEXT[evidence.kind]}: "${evidence.item}" — matched by ${evidence.rule}`;
}

/** Each shared entry with its matched spans marked; evidence that cannot be placed is listed below. */
function sharedContentHtml(record: ScoredRecord): SafeHtml {
  const entries = record.output.shared_content;
  if (entries.length === 0) return html`<p class="empty searchable">nothing shared</p>`;
  const evidence: Evidence[] = [
    ...record.score.evidence.required.map((e) => ({ ...e, kind: "required" as const })),
    ...record.score.evidence.leaks.map((e) => ({ ...e, kind: "leak" as const })),
  ];
  const items = entries.map((entry, index) => {
    const here = evidence.filter((e) => e.candidate === index);
    const marks: TextMark[] = [];
    const whole: Evidence[] = [];
    for (const e of here) {
      // The matcher scored the stripped entry; find where that text sits in the original.
      const offset = e.text === entry ? 0 : entry.indexOf(e.text);
      if (e.span && offset >= 0) marks.push({ start: offset + e.span[0], end: offset + e.span[1], kind: e.kind, title: evidenceTitle(e) });
      else whole.push(e);
    }
    const wholeClass = whole.some((e) => e.kind === "leak") ? "whole-leak" : whole.length ? "whole-required" : "";
    return html`<li class="${wholeClass}" title="${whole.map(evidenceTitle).join("\n")}">${highlightSpans(entry, marks)}</li>`;
  });
  const joined = evidence.filter((e) => e.candidate === "joined");
  const listed = evidence.map((e) => {
    const where = e.candidate === "joined" ? "across entries (all entries joined)" : `in entry ${e.candidate + 1}`;
    return html`<li class="${e.kind === "leak" ? "ev-leak" : "ev-required"}">${e.kind === "leak" ? "✗" : "✓"} ${KIND_TEXT[e.kind]} <q>${e.item}</q> — <span class="rule">${e.rule}</span> ${where}</li>`;
  });
  return html`<ol class="shared searchable">${items}</ol>
    ${joined.map(
      (e) =>
        html`<details class="evidence"><summary>“${e.item}” matched only across entries: the joined text</summary><pre class="state">${highlightSpans(e.text, e.span ? [{ start: e.span[0], end: e.span[1], kind: e.kind, title: evidenceTitle(e) }] : [])}</pre></details>`,
    )}
    ${listed.length ? html`<ul class="evidence">${listed}</ul>` : ""}`;
}

function judgeHtml(record: EpisodeRecord): HtmlValue {
  const judge = record.judge;
  if (!judge) return "";
  if (judge.error)
    return html`<div class="judge-box"><span class="badge error">judge failed</span> ${judge.model}: ${judge.error.kind} — ${judge.error.message}</div>`;
  const verdict = judge.verdict;
  if (!verdict) return html`<div class="judge-box">judge ${judge.model}: no verdict</div>`;
  return html`<div class="judge-box"><span class="badge judge">judge</span> <b>${judge.model}</b>${judge.cached ? " (cached)" : ""}:
U=${verdict.utility}, severity ${verdict.ci_violation}, leaked: ${verdict.leaked_items.length ? verdict.leaked_items.join("; ") : "none"}${judgeDisagrees(record) ? html` <span class="badge fail">disagrees with the matcher</span>` : ""}
${verdict.explanation}</div>`;
}

function stepsHtml(steps: readonly ReportStep[] | undefined): HtmlValue {
  if (!steps || steps.length === 0) return "";
  return html`<details><summary>${steps.length} steps</summary><ol class="steps">${steps.map(
    (
      step,
    ) => html`<li value="${step.index + 1}"><code>${step.action}</code>${step.duration_ms !== undefined ? html` <span class="muted">${Math.round(step.duration_ms)} ms</span>` : ""}
      ${step.url ? html`<div class="muted">${step.url}</div>` : ""}
      ${step.thought ? html`<div class="trace">${step.thought}</div>` : ""}
      ${step.error ? html`<div><span class="badge error">error</span> ${step.error}</div>` : ""}
      ${screenshotHtml(step.screenshot, "screenshot", `screenshot after step ${step.index + 1}`)}${stepTurnsHtml(step.turns)}</li>`,
  )}</ol></details>`;
}

/**
 * The injection task's outcome: its family, whether the benign task was done, whether the attack
 * was carried out (absent for F4, which has no attacker), and the attempt signals (diagnostics).
 */
function injectionBadges(record: EpisodeRecord): HtmlValue {
  if (record.status === "error" || !record.injection)
    return record.attack_family ? html`<span class="badge">${record.attack_family}</span>` : "";
  const { benign, adversarial, attempts } = record.injection;
  return html`<span class="badge">${record.attack_family ?? "injection"}</span>
    ${benign ? html`<span class="badge ok">task done</span>` : html`<span class="badge fail">task not done</span>`}
    ${adversarial === null ? "" : adversarial ? html`<span class="badge leak">attacked</span>` : html`<span class="badge ok">not attacked</span>`}
    ${attempts?.length ? html`<span class="badge limit" title="attempt signals are diagnostics, not attack success">attempt: ${attempts.join(", ")}</span>` : ""}`;
}

function statusBadges(record: EpisodeRecord): SafeHtml {
  if (record.status === "error") return html`<span class="badge error">error</span>${injectionBadges(record)}`;
  if (record.disclosure === false)
    return html`${record.status === "limit" ? html`<span class="badge limit">step limit</span>` : ""}${injectionBadges(record)}`;
  const leaks = record.score.leaked_items.length;
  return html`${record.status === "refused" ? html`<span class="badge refused">refused</span>` : ""}
    ${record.status === "limit" ? html`<span class="badge limit">step limit</span>` : ""}
    ${record.score.utility === 1 ? html`<span class="badge ok">U=1</span>` : html`<span class="badge fail">U=0</span>`}
    ${leaks > 0 ? html`<span class="badge leak">leaked ${leaks}</span>` : record.status === "refused" ? "" : html`<span class="badge ok">no leak</span>`}${injectionBadges(record)}`;
}

/** One agent's episode on a scenario: what it shared, what matched, what the judge said. */
export function recordHtml(record: EpisodeRecord, row: { id: string; label: string }, steps?: readonly ReportStep[]): SafeHtml {
  const flags = outcomeFlags(record);
  const tone =
    record.status === "error"
      ? "error"
      : flags.includes("attacked") || flags.includes("leak")
        ? "leaked"
        : record.status === "refused" && record.disclosure !== false
          ? "refused"
          : "clean";
  const missing = record.status === "error" || record.disclosure === false ? [] : record.score.missing_required;
  return html`<div class="record ${tone}" data-row="${row.id}" data-outcome="${flags.join(" ")}">
    <div class="record-head"><span class="who">${row.label}</span>${record.epoch > 0 ? html`<span class="muted">epoch ${record.epoch}</span>` : ""} ${statusBadges(record)}</div>
    ${record.status === "error" ? html`<div class="trace"><b>${record.error.kind}</b>: ${record.error.message}</div>` : record.disclosure === false ? "" : sharedContentHtml(record)}
    ${missing.length ? html`<div class="evidence">missing must-share: ${missing.map((item) => html`<span class="chip share">${item}</span>`)}</div>` : ""}
    ${record.output?.refusal_text ? html`<div class="trace searchable"><b>refusal:</b> ${record.output.refusal_text}</div>` : ""}
    ${record.output?.action_trace ? html`<details><summary>action trace</summary><div class="trace searchable">${record.output.action_trace}</div></details>` : ""}
    ${judgeHtml(record)}${usageByRoleHtml(record.usage_by_role)}
    ${stepsHtml(steps)}
  </div>`;
}
