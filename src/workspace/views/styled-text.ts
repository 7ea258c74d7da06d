import type { StyledSpan } from "../../scenario/index.js";
import { type Html, html } from "./html.js";

/**
 * `text` with the first occurrence of each span's text wrapped in `<span style="…">`, as a mail
 * program renders an HTML mail's inline styles. The text and the CSS stay escaped (`html`), so a
 * style cannot become markup; what the CSS paints, and where, is exactly what a sender of HTML
 * mail controls, and what the guard's mask must hold against. Spans that overlap one already
 * placed, or whose text the body does not hold, paint nothing.
 */
export function styledText(text: string, spans: readonly StyledSpan[]): Html {
  const placed: { start: number; end: number; css: string }[] = [];
  for (const span of spans) {
    const start = text.indexOf(span.text);
    const end = start + span.text.length;
    if (start < 0 || placed.some((other) => start < other.end && other.start < end)) continue;
    placed.push({ start, end, css: span.css });
  }
  placed.sort((a, b) => a.start - b.start);
  const parts: Html[] = [];
  let at = 0;
  for (const { start, end, css } of placed) {
    parts.push(html`${text.slice(at, start)}<span style="${css}">${text.slice(start, end)}</span>`);
    at = end;
  }
  return html`${parts}${text.slice(at)}`;
}
