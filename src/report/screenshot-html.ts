import { type HtmlValue, html } from "./html-builder.js";
import type { ReportScreenshot } from "./report-run.js";

const DATA_URI = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/;

/**
 * A step's or a turn's screenshot, folded away under `summary`: embedded only as an image data
 * URI, otherwise a note of why it is not shown. Steps and turns share it so that both obey the
 * same embedding rule.
 */
export function screenshotHtml(shot: ReportScreenshot | undefined, summary: string, alt: string): HtmlValue {
  if (!shot) return "";
  if ("missing" in shot) return html`<div class="muted">screenshot not found: ${shot.missing}</div>`;
  // Only a well-formed image data URI goes into src; anything else could point off the page.
  if (!DATA_URI.test(shot.data_uri)) return html`<div class="muted">screenshot not embeddable</div>`;
  return html`<details><summary>${summary}</summary><img alt="${alt}" loading="lazy" src="${shot.data_uri}"></details>`;
}
