import { createHash } from "node:crypto";
import { isKeyframes, type StyledSpan } from "../../scenario/index.js";
import { type Html, html, raw } from "./html.js";

/** The animation's name: from what it animates, so the same mail renders the same page twice. */
function animationName(span: StyledSpan): string {
  return `styled-${createHash("sha256").update(`${span.text}\n${span.keyframes}`).digest("hex").slice(0, 12)}`;
}

/**
 * A span's `@keyframes` rule, as the stylesheet of an HTML mail gives its text an animation. The
 * only text this module writes unescaped: escaping would break CSS inside `<style>` (a raw text
 * element), so it is written only when it passes the keyframes grammar again here (declarations,
 * no `<`, `>`, escapes or at-rules: it cannot close the element or load anything), whatever the
 * loader let through.
 */
function keyframesRule(span: StyledSpan): Html | undefined {
  if (span.keyframes === undefined || !isKeyframes(span.keyframes)) return undefined;
  return html`<style>@keyframes ${animationName(span)} { ${raw(span.keyframes)} }</style>`;
}

/**
 * `text` with the first occurrence of each span's text wrapped in `<span style="…">`, as a mail
 * program renders an HTML mail's inline styles (and, for a span with keyframes, the rule its
 * animation names). The text and the CSS stay escaped (`html`), so a style cannot become markup;
 * what the CSS paints, and where and when, is exactly what a sender of HTML mail controls, and
 * what the guard's mask must hold against. Spans that overlap one already placed, or whose text
 * the body does not hold, paint nothing.
 */
export function styledText(text: string, spans: readonly StyledSpan[]): Html {
  const placed: { start: number; end: number; span: StyledSpan }[] = [];
  for (const span of spans) {
    const start = text.indexOf(span.text);
    const end = start + span.text.length;
    if (start < 0 || placed.some((other) => start < other.end && other.start < end)) continue;
    placed.push({ start, end, span });
  }
  placed.sort((a, b) => a.start - b.start);
  const parts: Html[] = [];
  let at = 0;
  for (const { start, end, span } of placed) {
    const rule = keyframesRule(span);
    // The name goes last, so an `animation` shorthand in the CSS sets the timing and not the name.
    const own = span.css.replace(/[\s;]*$/, "");
    const css = rule ? `${own}${own === "" ? "" : "; "}animation-name: ${animationName(span)}` : span.css;
    parts.push(html`${text.slice(at, start)}${rule ?? ""}<span style="${css}">${text.slice(start, end)}</span>`);
    at = end;
  }
  return html`${parts}${text.slice(at)}`;
}

/** Rows of text a framed body is sized for: its lines, long ones wrapped at about 80 characters. */
function rowsOf(text: string): number {
  return text.split("\n").reduce((rows, line) => rows + Math.max(1, Math.ceil(line.length / 80)), 0);
}

/**
 * The styled text in a frame of its own, as webmail clients that isolate an HTML mail show it: a
 * `srcdoc` document in an `<iframe sandbox>` with no allowances (no script, an opaque origin, no
 * navigation of the page), so the sender's styles paint inside the frame's box and nowhere else.
 * The document is built like any page (scenario text escaped) and escaped once more as the
 * attribute's value. No script may size it to its content, so it is sized from the text.
 */
export function framedText(text: string, spans: readonly StyledSpan[], title: string): Html {
  const document = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${raw(FRAME_CSS)}</style></head><body>${styledText(text, spans)}</body></html>`;
  return html`<iframe class="mail-body mail-frame" sandbox title="${title}" style="height: ${(rowsOf(text) * 1.5 + 2).toFixed(1)}em" srcdoc="${String(document)}"></iframe>`;
}

/** The frame's own constant style: the text as the page would set it, wrapped as the body is. */
const FRAME_CSS = "body{margin:8px;font:15px/1.5 system-ui,sans-serif;white-space:pre-wrap;color:#1f2328}";
