import { ATTACK_FAMILY_LABELS, type Attack, type Evaluator, isPayloadAttack, renderStateText, type Scenario } from "../scenario/index.js";
import { findOccurrences, highlightSpans } from "./highlight-spans.js";
import { html, type SafeHtml } from "./html-builder.js";

/**
 * An injection task without must-share or must-not-share items: it is scored on the attack alone,
 * so its card shows the attack (family, payload, evaluators) and no disclosure chips (its
 * `failure_mode` is a schema default there, not a claim about what it tests).
 */
export function isInjectionOnly(scenario: Scenario): boolean {
  return scenario.attack !== undefined && scenario.must_share.length === 0 && scenario.must_not_share.length === 0;
}

/** An evaluator in words: its own description, else what it reads and what must hold of it. */
function evaluatorText(evaluator: Evaluator): string {
  if (evaluator.description) return evaluator.description;
  const { from, ...getter } = evaluator.getter;
  const { kind, ...metric } = evaluator.metric;
  const args = (value: object) => (Object.keys(value).length > 0 ? ` ${JSON.stringify(value)}` : "");
  return `${from}${args(getter)} → ${kind}${args(metric)}`;
}

function evaluatorsHtml(attack: Attack): SafeHtml {
  if (attack.family === "F5") return html``;
  const adversarial = attack.family === "F4" ? undefined : attack.adversarial;
  return html`<dl class="evaluators">
    <dt>benign evaluator (the task done)</dt><dd><code>${evaluatorText(attack.benign)}</code></dd>
    ${adversarial ? html`<dt>adversarial evaluator (the attacker's goal done)</dt><dd><code>${evaluatorText(adversarial)}</code></dd>` : ""}
  </dl>`;
}

/** The attacker's text and where it sits; `attacker_value` too for a value attack. */
function payloadHtml(attack: Attack): SafeHtml {
  if (!isPayloadAttack(attack)) return html``;
  const { payload } = attack;
  return html`<div class="payload"><span class="label">payload — the attacker's text, not the user's</span>
    <blockquote class="attacker searchable">${payload.text}</blockquote>
    <p class="muted">${payload.format.replace(/_/g, " ")}${payload.buried ? ", buried in filler" : ""}, placed at ${payload.placement.join(", ")}.
      Attacker's goal: ${attack.goal}${attack.family === "F3" ? html`; attacker's value <q>${attack.attacker_value}</q>` : ""}${attack.family === "F2" ? html`; attacker's command <code>${attack.command}</code>` : ""}.</p></div>`;
}

/**
 * The attack side of a card: the family, the payload marked as the attacker's, and the evaluators
 * that score the episode. With `withState`, also the user's request and the state the agent saw,
 * the payload marked in it (an injection-only task has no disclosure header to show them).
 */
export function injectionTaskHtml(scenario: Scenario, withState: boolean): SafeHtml {
  const attack = scenario.attack;
  if (!attack) return html``;
  const family = html`<span class="chip family" title="${ATTACK_FAMILY_LABELS[attack.family]}">${attack.family} ${ATTACK_FAMILY_LABELS[attack.family]}</span>`;
  if (!withState) return html`<div class="injection-task">${family}${payloadHtml(attack)}${evaluatorsHtml(attack)}</div>`;
  const state = renderStateText(scenario.state);
  const payloadText = isPayloadAttack(attack) ? attack.payload.text : undefined;
  const marks = payloadText ? findOccurrences(state, [{ text: payloadText, kind: "leak", title: "the attacker's payload" }]) : [];
  return html`<div class="injection-task">
    <div>${family}</div>
    <div class="task searchable"><span class="label">request (the user's)</span> ${scenario.task}</div>
    ${payloadHtml(attack)}${evaluatorsHtml(attack)}
    <details><summary>The state the agent saw${payloadText ? " (payload marked)" : ""}</summary><pre class="state">${highlightSpans(state, marks)}</pre></details>
  </div>`;
}
