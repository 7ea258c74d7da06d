/** `[left, top, right, bottom]` in CSS px: how far something paints beyond a node's box. */
export type Outset = [number, number, number, number];

/**
 * Outset that stands for "anywhere": an SVG filter (`url(#…)`) may move pixels by any amount
 * (`feOffset`, `feDisplacementMap`, a filter region in user space), so the node's paint is only
 * bounded by the screen the box is cut to.
 */
export const UNBOUNDED_OUTSET = 100_000;

/** A blur's standard deviation reaches about three deviations before it fades out. */
const BLUR_REACH = 3;

/** A stroke's miter joins reach the miter limit (4) times half its width; twice that, to be safe. */
const STROKE_REACH = 4;

const LENGTH = /(-?\d*\.?\d+(?:e-?\d+)?)px/g;

function lengthsOf(text: string): number[] {
  return [...text.replace(/\([^)]*\)/g, "").matchAll(LENGTH)].map((match) => Number(match[1]));
}

/** Each side of `a` plus each side of `b` (an effect applied on top of another moves it further). */
export function addOutsets(a: readonly number[] | null, b: readonly number[] | null): Outset | null {
  if (a === null) return b === null ? null : [b[0]!, b[1]!, b[2]!, b[3]!];
  if (b === null) return [a[0]!, a[1]!, a[2]!, a[3]!];
  return [a[0]! + b[0]!, a[1]! + b[1]!, a[2]! + b[2]!, a[3]! + b[3]!];
}

/**
 * How far a computed `filter` moves a node's pixels beyond where they were drawn, per side; null
 * for `none`. `drop-shadow(x y blur)` paints a copy of everything the node and its descendants
 * draw — text included — moved by its offsets and blurred; `blur(r)` spreads every pixel; an SVG
 * reference may do anything (`UNBOUNDED_OUTSET`). Functions apply one after the other, so their
 * outsets add up. Colour functions (opacity, grayscale, …) move nothing.
 */
export function filterOutset(value: string): Outset | null {
  if (value === "" || value === "none") return null;
  let out: Outset = [0, 0, 0, 0];
  for (const match of value.matchAll(/([a-z-]+)\(((?:[^()]|\([^()]*\))*)\)/g)) {
    const [, name, args = ""] = match;
    let step: Outset | null = null;
    if (name === "url") step = [UNBOUNDED_OUTSET, UNBOUNDED_OUTSET, UNBOUNDED_OUTSET, UNBOUNDED_OUTSET];
    else if (name === "blur") {
      const radius = BLUR_REACH * Math.max(0, lengthsOf(args)[0] ?? 0);
      step = [radius, radius, radius, radius];
    } else if (name === "drop-shadow") {
      const [x = 0, y = 0, blur = 0] = lengthsOf(args);
      const grow = BLUR_REACH * Math.max(0, blur);
      step = [Math.max(0, grow - x), Math.max(0, grow - y), Math.max(0, grow + x), Math.max(0, grow + y)];
    }
    out = addOutsets(out, step)!;
  }
  // A `url(…)` the pattern could not read (a parenthesis inside its quotes) still counts.
  if (/\burl\(/.test(value) && out[0] < UNBOUNDED_OUTSET) out = [UNBOUNDED_OUTSET, UNBOUNDED_OUTSET, UNBOUNDED_OUTSET, UNBOUNDED_OUTSET];
  return out;
}

/**
 * How far a node's text paints beyond its box because of its computed `text-shadow` (each shadow
 * is the glyphs moved by its offsets and blurred) and `-webkit-text-stroke-width` (an outline
 * drawn around every glyph, centred on it, whose mitred corners reach up to the miter limit (4)
 * times half the width; measured: a 90 px stroke painted 97 px above its text box); null when
 * neither paints anything.
 */
export function textEffectOutset(textShadow: string, strokeWidth: string): Outset | null {
  let out: Outset | null = null;
  if (textShadow !== "" && textShadow !== "none") {
    out = [0, 0, 0, 0];
    for (const shadow of textShadow.split(/,(?![^(]*\))/)) {
      const [x = 0, y = 0, blur = 0] = lengthsOf(shadow);
      const grow = Math.max(0, blur);
      out = [Math.max(out[0], grow - x), Math.max(out[1], grow - y), Math.max(out[2], grow + x), Math.max(out[3], grow + y)];
    }
  }
  const stroke = Number.parseFloat(strokeWidth);
  if (Number.isFinite(stroke) && stroke > 0) {
    const reach = STROKE_REACH * stroke;
    out = addOutsets(out, [reach, reach, reach, reach]);
  }
  return out;
}

/**
 * How far `-webkit-box-reflect` paints a mirrored copy of a box `width` × `height` beyond it: on
 * the reflection's side, the box mirrored at its edge and moved by the offset. Twice the size, so
 * that the copy of a descendant anywhere in the box is covered from the descendant's own box too
 * (a descendant at the far edge is mirrored two box sizes away); null for `none`.
 */
export function reflectOutset(value: string, width: number, height: number): Outset | null {
  const match = /^(above|below|left|right)\b/.exec(value.trim());
  if (match === null) return null;
  const offset = Math.abs(lengthsOf(value)[0] ?? 0);
  const reach = (size: number) => 2 * Math.max(0, size) + offset;
  switch (match[1]) {
    case "above":
      return [0, reach(height), 0, 0];
    case "below":
      return [0, 0, 0, reach(height)];
    case "left":
      return [reach(width), 0, 0, 0];
    default:
      return [0, 0, reach(width), 0];
  }
}

/**
 * How far an outline paints beyond the border box; null without one. Its style decides: Chromium
 * reports the initial `medium` width (3px) for an element that has no outline at all.
 */
export function outlineOutset(style: string, width: string, offset: string): Outset | null {
  if (style === "" || style === "none" || style === "hidden") return null;
  const lineWidth = Number.parseFloat(width) || 0;
  if (lineWidth <= 0) return null;
  const reach = lineWidth + Math.max(0, Number.parseFloat(offset) || 0);
  return [reach, reach, reach, reach];
}

/** What one more stacked combining mark may add above or below a line, in em (measured ≤ 0.4). */
const MARK_REACH_EM = 0.5;

/**
 * How far a text's glyphs may paint beyond its layout box because combining marks stack on a base
 * character ("Zalgo" text): the box is the font's line height, but every mark of a run is drawn
 * above or below the previous one, so a run of n marks reaches about n × half an em beyond the
 * line (measured: 68 marks on one letter of 28 px text reached 41 px above its box and into the
 * link above it). Sideways, a mark leans at most a fraction of an em. Null when the text has none.
 */
export function combiningMarkOutset(text: string, fontSizePx: number): Outset | null {
  let longest = 0;
  for (const match of text.matchAll(/\p{M}+/gu)) longest = Math.max(longest, [...match[0]].length);
  if (longest === 0) return null;
  const size = Number.isFinite(fontSizePx) && fontSizePx > 0 ? fontSizePx : 16;
  const vertical = longest * MARK_REACH_EM * size;
  const sideways = MARK_REACH_EM * size;
  return [sideways, vertical, sideways, vertical];
}
