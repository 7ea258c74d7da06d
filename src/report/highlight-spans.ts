import { html, type SafeHtml } from "./html-builder.js";

export type MarkKind = "required" | "leak";

export interface TextMark {
  start: number;
  end: number;
  kind: MarkKind;
  /** Shown on hover: which item matched and by which rule. */
  title: string;
}

/**
 * Escaped text with `<mark>`s over the given spans. Spans may overlap (a must-share and a
 * must-not-share item in one phrase): the text is cut at every boundary and each piece carries
 * the kinds and titles of every span covering it. Out-of-range spans are clamped.
 */
export function highlightSpans(text: string, marks: readonly TextMark[]): SafeHtml {
  const clamped = marks
    .map((mark) => ({ ...mark, start: Math.max(0, Math.min(text.length, mark.start)), end: Math.max(0, Math.min(text.length, mark.end)) }))
    .filter((mark) => mark.end > mark.start);
  if (clamped.length === 0) return html`${text}`;
  const cuts = [...new Set([0, text.length, ...clamped.flatMap((mark) => [mark.start, mark.end])])].sort((a, b) => a - b);
  const pieces: SafeHtml[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const start = cuts[i] as number;
    const end = cuts[i + 1] as number;
    const piece = text.slice(start, end);
    const covering = clamped.filter((mark) => mark.start <= start && mark.end >= end);
    if (covering.length === 0) {
      pieces.push(html`${piece}`);
      continue;
    }
    const kinds = [...new Set(covering.map((mark) => mark.kind))].sort();
    const title = [...new Set(covering.map((mark) => mark.title))].join("\n");
    pieces.push(html`<mark class="${kinds.map((kind) => `m-${kind}`).join(" ")}" title="${title}">${piece}</mark>`);
  }
  return html`${pieces}`;
}

/** Where a case-insensitive occurrence of each needle is in a text (for marking items in the state). */
export function findOccurrences(text: string, needles: ReadonlyArray<{ text: string; kind: MarkKind; title: string }>): TextMark[] {
  // Lower-casing can change a string's length (e.g. "İ"); offsets must stay those of `text`.
  const folded = text.toLowerCase();
  const caseless = folded.length === text.length;
  const haystack = caseless ? folded : text;
  const marks: TextMark[] = [];
  for (const needle of needles) {
    const trimmed = needle.text.trim();
    const target = caseless && trimmed.toLowerCase().length === trimmed.length ? trimmed.toLowerCase() : trimmed;
    if (target.length < 2) continue;
    let from = 0;
    for (;;) {
      const at = haystack.indexOf(target, from);
      if (at < 0) break;
      marks.push({ start: at, end: at + target.length, kind: needle.kind, title: needle.title });
      from = at + target.length;
    }
  }
  return marks;
}
