import { type Html, html } from "./html.js";

function renderValue(value: unknown): Html {
  if (value === null || value === undefined) return html`<span class="muted">(none)</span>`;
  if (typeof value === "string") return html`<span class="pre-wrap">${value}</span>`;
  if (typeof value === "number" || typeof value === "boolean") return html`${String(value)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return html`<span class="muted">(empty list)</span>`;
    return html`<ul class="extra-list">${value.map((element) => html`<li>${renderValue(element)}</li>`)}</ul>`;
  }
  return renderFields(value as Record<string, unknown>);
}

/** Key names are the imported data's own, so the whole list is content (`top` carries the mark). */
function renderFields(fields: Record<string, unknown>, top = false): Html {
  return html`<dl class="extra"${top ? html` data-content` : html``}>${Object.entries(fields).map(([key, value]) => html`<dt>${key}</dt><dd>${renderValue(value)}</dd>`)}</dl>`;
}

/**
 * Fields the canonical model has no name for (imported data keeps them in `extra`). An agent in
 * the reference saw them, so they are shown too, under their own key names, at any depth.
 */
export function renderExtra(extra: Record<string, unknown> | undefined, heading?: string): Html {
  if (!extra || Object.keys(extra).length === 0) return html``;
  if (heading === undefined) return html`<div class="extra-block">${renderFields(extra, true)}</div>`;
  return html`<section class="extra-block" aria-label="${heading}"><h3 class="section-heading" data-operator>${heading}</h3>${renderFields(extra, true)}</section>`;
}
