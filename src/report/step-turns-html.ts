import { type HtmlValue, html, type SafeHtml } from "./html-builder.js";
import type { ReportTurn } from "./report-run.js";
import { screenshotHtml } from "./screenshot-html.js";

/**
 * The call's arguments as compact JSON. They are the planner's (variables unsubstituted), so they
 * can carry anything a page put in front of it: the `html` template escapes them like all text.
 */
function argsText(args: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(args);
}

function endorsementHtml(endorsement: ReportTurn["endorsement"]): HtmlValue {
  if (!endorsement) return "";
  return html`<div class="endorsement">endorse <code>${endorsement.variable}</code> by ${endorsement.route}: <span class="badge outcome-${endorsement.outcome}">${endorsement.outcome}</span></div>`;
}

function turnHtml(turn: ReportTurn): SafeHtml {
  return html`<li class="turn verdict-${turn.verdict}"><span class="turn-no">turn ${turn.turn}</span> <code class="tool">${turn.tool}</code> <code class="args">${argsText(turn.args)}</code>
      <span class="badge verdict-${turn.verdict}">${turn.verdict}</span>${turn.reason !== undefined ? html` <code class="reason">${turn.reason}</code>` : ""}
      <div class="turn-result trace">${turn.result}</div>
      ${endorsementHtml(turn.endorsement)}
      ${screenshotHtml(turn.screenshot, "masked screenshot", `masked screenshot at turn ${turn.turn}`)}</li>`;
}

/**
 * The tool turns behind a step's action, in the order the agent took them, each with the gate's
 * verdict. Nothing at all for a step without turns, so such steps render as they always did.
 */
export function stepTurnsHtml(turns: readonly ReportTurn[] | undefined): HtmlValue {
  if (!turns || turns.length === 0) return "";
  const count = (verdict: ReportTurn["verdict"]) => turns.filter((turn) => turn.verdict === verdict).length;
  const blocked = [count("refused") && `${count("refused")} refused`, count("error") && `${count("error")} error`].filter(Boolean);
  // Open: the turns are why the step did what it did; the steps list around them is already folded.
  return html`<details class="turns" open><summary>${turns.length} tool turn${turns.length === 1 ? "" : "s"}${blocked.length ? ` (${blocked.join(", ")})` : ""}</summary><ol class="turns">${turns.map(turnHtml)}</ol></details>`;
}
