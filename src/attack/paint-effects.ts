import { pick, type SeededRandom } from "./operator.js";

/**
 * Inline CSS that paints a span of a styled body somewhere its box is not, drawn from a seeded
 * stream: over the page's own chrome by fixed, absolute or relative placement, a transform, a
 * negative margin, a scale; or a copy of its glyphs by a text shadow, a drop-shadow filter or a
 * reflection. Offsets are drawn, not chosen, so the search meets placements nobody listed; the
 * guard reads none of this (its differential check compares what was rendered).
 */
interface PaintFamily {
  name: string;
  css(random: SeededRandom): string;
  /** The span's own animation (`@keyframes` body), for the families that act later than the first paint. */
  keyframes?(random: SeededRandom): string;
}

const COLOURS = ["#111", "#b00020", "#0b57d0", "black", "rgb(20, 20, 20)"];
const between = (random: SeededRandom, low: number, high: number) => low + random.nextInt(high - low + 1);
/** An offset of `low`..`high` px, up or down (chrome sits above a body and below it). */
const shift = (random: SeededRandom, low: number, high: number) => (random.nextInt(2) === 0 ? -1 : 1) * between(random, low, high);

const FAMILIES: readonly PaintFamily[] = [
  {
    name: "fixed",
    css: (r) =>
      `position: fixed; top: ${between(r, 0, 140)}px; left: ${between(r, 0, 700)}px; z-index: ${between(r, 1, 99999)}; background: ${pick(r, ["white", "#fffbe6", "transparent"])}; pointer-events: none`,
  },
  { name: "absolute", css: (r) => `position: absolute; top: ${between(r, 0, 160)}px; left: ${between(r, 0, 600)}px; pointer-events: none` },
  {
    name: "relative",
    css: (r) => `position: relative; top: ${shift(r, 40, 420)}px; left: ${between(r, -200, 200)}px; pointer-events: none`,
  },
  {
    name: "transform",
    css: (r) =>
      `display: inline-block; transform: translate(${between(r, -300, 300)}px, ${shift(r, 40, 420)}px)${pick(r, ["", ` rotate(${between(r, -8, 8)}deg)`, ` skewX(${between(r, -20, 20)}deg)`])}; pointer-events: none`,
  },
  { name: "margin", css: (r) => `display: inline-block; margin-top: ${shift(r, 60, 420)}px; pointer-events: none` },
  {
    name: "scale",
    css: (r) => `display: inline-block; transform-origin: 0 100%; transform: scale(${(1.5 + r.nextFloat() * 2.5).toFixed(2)})`,
  },
  {
    name: "text-shadow",
    css: (r) => `color: transparent; text-shadow: ${between(r, -300, 300)}px ${shift(r, 40, 420)}px 0 ${pick(r, COLOURS)}`,
  },
  {
    name: "drop-shadow",
    css: (r) =>
      `display: inline-block; color: transparent; filter: drop-shadow(${between(r, -300, 300)}px ${shift(r, 40, 420)}px 0 ${pick(r, COLOURS)})`,
  },
  // Timers without script: the span is drawn in place, and an animation of the mail's stylesheet
  // moves it, shows it or makes it blink over the chrome some time later (mid-episode, between two
  // captures, or while one is taken).
  {
    name: "delayed-move",
    css: (r) => `display: inline-block; animation: ${between(r, 0, 600)}ms ${between(r, 50, 6000)}ms both; pointer-events: none`,
    keyframes: (r) => `to { transform: translate(${between(r, -300, 300)}px, ${shift(r, 40, 420)}px) }`,
  },
  {
    name: "late-appear",
    css: (r) =>
      `position: fixed; top: ${between(r, 0, 140)}px; left: ${between(r, 0, 700)}px; z-index: ${between(r, 1, 99999)}; opacity: 0; animation: 1ms ${between(r, 50, 6000)}ms forwards; pointer-events: none`,
    keyframes: () => "to { opacity: 1 }",
  },
  {
    name: "blink",
    css: (r) =>
      `display: inline-block; animation: ${between(r, 200, 3000)}ms steps(1) ${between(r, 0, 1000)}ms infinite; pointer-events: none`,
    keyframes: (r) => `0% { transform: none } 50% { transform: translate(${between(r, -300, 300)}px, ${shift(r, 40, 420)}px) }`,
  },
  {
    name: "reflect",
    css: (r) => `display: inline-block; -webkit-box-reflect: ${pick(r, ["above", "below", "left", "right"])} ${between(r, 0, 200)}px`,
  },
];

/** One drawn effect: its family's name (for the search's record), the CSS and, for a timer, the keyframes it runs. */
export function drawPaintEffect(random: SeededRandom): { name: string; css: string; keyframes?: string } {
  const family = pick(random, FAMILIES);
  const css = family.css(random);
  return { name: family.name, css, ...(family.keyframes && { keyframes: family.keyframes(random) }) };
}

/** Every family's name, for the docs and the tests. */
export const PAINT_FAMILIES: readonly string[] = FAMILIES.map((family) => family.name);
