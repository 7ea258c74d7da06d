/**
 * Generated hazard pages for the mask's differential check (test/guard/hazard-pages.browser.test.ts,
 * bench/guard-hazards.ts): a trusted navigation bar matched by a rule, filler, and one untrusted
 * element placed and styled at random over the bar — any of the paint-affecting properties below
 * with ordinary and extreme values (exponent notation included), inside a random host, static or
 * on a timer. Everything is absolutely positioned, so the oracle — the same page without the
 * hazard element (its host stays) — has the same layout: every pixel where the two differ was
 * changed by the hazard.
 *
 * The cases are drawn from a generator, not chosen: the mask must hold for effects nobody listed,
 * so this list is deliberately wider than anything the guard knows about, and the guard reads none
 * of it.
 */
import { seededRandom } from "../../../src/stats/index.js";

type SeededRandom = ReturnType<typeof seededRandom>;

export interface HazardPage {
  seed: number;
  /** The page with the hazard. */
  html: string;
  /** The same page without the hazard element (same layout). */
  oracleHtml: string;
  /** Rules trusting the navigation bar. */
  rules: unknown;
  /** One line: host, timer and properties, for a failure message. */
  description: string;
}

type Pick = <T>(items: readonly T[]) => T;

/** A length in px, sometimes extreme, sometimes written in exponent notation. */
function length(random: SeededRandom, pick: Pick, ordinary: number, extreme = 1e6): string {
  const kind = random.nextInt(6);
  const value =
    kind === 0 ? extreme * (random.nextInt(2) === 0 ? 1 : -1) : kind === 1 ? 0 : Math.round((random.nextFloat() * 2 - 1) * ordinary);
  return random.nextInt(4) === 0 ? `${value.toExponential(pick([0, 1, 2]))}px`.replace("+", "") : `${value}px`;
}

const COLOURS = ["#e00000", "rgba(220, 0, 0, 0.6)", "#00a000", "black", "currentColor", "hsl(300 90% 40%)"];
const SVG_IMAGE = `url("data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><text x="0" y="15" fill="red" font-size="14">PAY NOW</text></svg>',
)}")`;

/** Paint-affecting properties: each returns declarations for the hazard element (and maybe a pseudo rule). */
interface Effect {
  name: string;
  /** It can paint beyond the element's box (what the hazards placed beside the bar draw from). */
  reach?: true;
  css: (random: SeededRandom, pick: Pick) => string;
  /** Rules for the hazard's pseudo-elements or other selectors (`.hz` is the hazard). */
  extra?: (random: SeededRandom, pick: Pick) => string;
  /** Script run after load (the oracle runs it too, harmlessly: it finds no `.hz`). */
  script?: string;
}

const EFFECTS: readonly Effect[] = [
  { name: "color", css: (_, pick) => `color: ${pick(COLOURS)};` },
  { name: "background-color", css: (_, pick) => `background-color: ${pick(COLOURS)};` },
  {
    name: "background-image",
    css: (_, pick) =>
      `background-image: ${pick([SVG_IMAGE, "linear-gradient(90deg, red, blue)", "radial-gradient(circle, red 20%, transparent 21%)"])};`,
  },
  {
    name: "background-position",
    css: (r, p) =>
      `background-image: ${SVG_IMAGE}; background-repeat: no-repeat; background-position: ${length(r, p, 200)} ${length(r, p, 60)};`,
  },
  {
    name: "background-size",
    css: (_, p) => `background-image: ${SVG_IMAGE}; background-size: ${p(["300% 300%", "1e3px", "cover", "4px 4px"])};`,
  },
  {
    name: "border",
    css: (r, p) =>
      `border: ${Math.abs(Number.parseFloat(length(r, p, 30, 400)))}px ${p(["solid", "dotted", "dashed", "double"])} ${p(COLOURS)};`,
  },
  {
    name: "border-image-outset",
    reach: true,
    css: (r, p) =>
      `border: 4px solid transparent; border-image: linear-gradient(red, blue) 4 / 4px / ${Math.abs(Number.parseFloat(length(r, p, 80, 2000)))}px;`,
  },
  {
    name: "box-shadow",
    reach: true,
    css: (r, p) =>
      `box-shadow: ${length(r, p, 300)} ${length(r, p, 100)} ${Math.abs(Number.parseFloat(length(r, p, 10, 40)))}px ${length(r, p, 40, 300)} ${p(COLOURS)};`,
  },
  {
    name: "box-shadow-inset",
    css: (r, p) => `box-shadow: inset ${length(r, p, 30)} ${length(r, p, 30)} 0 ${length(r, p, 30)} ${p(COLOURS)};`,
  },
  {
    name: "text-shadow",
    reach: true,
    css: (r, p) =>
      `text-shadow: ${length(r, p, 300)} ${length(r, p, 100)} ${Math.abs(Number.parseFloat(length(r, p, 4, 20)))}px ${p(COLOURS)};`,
  },
  {
    name: "outline",
    reach: true,
    css: (r, p) =>
      `outline: ${Math.abs(Number.parseFloat(length(r, p, 20, 200)))}px ${p(["solid", "dotted", "double"])} ${p(COLOURS)}; outline-offset: ${length(r, p, 120, 3000)};`,
  },
  {
    name: "filter-drop-shadow",
    reach: true,
    css: (r, p) => `filter: drop-shadow(${length(r, p, 300)} ${length(r, p, 100)} 0 ${p(COLOURS)});`,
  },
  { name: "filter-blur", reach: true, css: (r) => `filter: blur(${r.nextInt(30)}px);` },
  {
    name: "filter-svg",
    reach: true,
    css: () => "filter: url(#hzmove);",
    extra: () => "",
  },
  { name: "backdrop-filter", css: (_, p) => `backdrop-filter: ${p(["invert(1)", "blur(6px)", "hue-rotate(90deg)", "url(#hzmove)"])};` },
  { name: "opacity", css: (r) => `opacity: ${(0.3 + r.nextFloat() * 0.7).toFixed(2)};` },
  {
    name: "transform",
    reach: true,
    css: (r, p) =>
      `transform: ${p([`translate(${length(r, p, 300)}, ${length(r, p, 80)})`, `scale(${p([0.5, 3, 1e1, 40])})`, `rotate(${r.nextInt(360)}deg)`, `skew(${r.nextInt(80)}deg)`, `matrix(1, 0, 0, 1, ${r.nextInt(400) - 200}, ${r.nextInt(100) - 50})`])};`,
  },
  { name: "scale", reach: true, css: (_, p) => `scale: ${p(["3", "1e1", "0.5 8", "40"])};` },
  { name: "rotate", reach: true, css: (r) => `rotate: ${r.nextInt(360)}deg;` },
  { name: "translate", reach: true, css: (r, p) => `translate: ${length(r, p, 300)} ${length(r, p, 80)};` },
  { name: "zoom", reach: true, css: (_, p) => `zoom: ${p(["3", "0.5", "1e1"])};` },
  {
    name: "box-reflect",
    reach: true,
    css: (r, p) => `-webkit-box-reflect: ${p(["above", "below", "left", "right"])} ${length(r, p, 200, 2000)};`,
  },
  {
    name: "text-stroke",
    reach: true,
    css: (r, p) => `-webkit-text-stroke: ${Math.abs(Number.parseFloat(length(r, p, 20, 200)))}px ${p(COLOURS)};`,
  },
  { name: "letter-spacing", reach: true, css: (r, p) => `letter-spacing: ${p(["-1em", "-50px", "2em", length(r, p, 40)])};` },
  { name: "word-spacing", reach: true, css: (r, p) => `word-spacing: ${length(r, p, 200, 5000)};` },
  { name: "text-indent", reach: true, css: (r, p) => `text-indent: ${length(r, p, 400, 1e5)}; white-space: nowrap;` },
  {
    name: "text-decoration",
    reach: true,
    css: (r, p) =>
      `text-decoration: ${p(["underline", "overline", "line-through"])} ${p(["wavy", "solid", "double"])} ${p(COLOURS)} ${Math.abs(Number.parseFloat(length(r, p, 10, 80)))}px; text-underline-offset: ${length(r, p, 60, 3000)};`,
  },
  { name: "text-emphasis", reach: true, css: (_, p) => `text-emphasis: ${p(["filled circle", "'PAY'", "open sesame"])} ${p(COLOURS)};` },
  { name: "font-size", reach: true, css: (_, p) => `font-size: ${p(["1px", "80px", "3e2px", "0.1px"])};` },
  { name: "line-height", reach: true, css: (_, p) => `line-height: ${p(["0", "-1", "1e-3", "500px"])};` },
  {
    name: "mix-blend-mode",
    css: (_, p) => `mix-blend-mode: ${p(["difference", "multiply", "screen", "exclusion"])}; background: ${p(COLOURS)};`,
  },
  { name: "clip-path", css: (_, p) => `clip-path: ${p(["circle(40%)", "inset(-200px)", "polygon(0 0, 100% 0, 50% 100%)"])};` },
  {
    name: "mask-image",
    css: (_, p) => `mask-image: ${p(["linear-gradient(black, transparent)", "radial-gradient(black, transparent)"])};`,
  },
  { name: "zero-size-overflow", reach: true, css: () => "width: 0; height: 0; overflow: visible; white-space: nowrap;" },
  {
    name: "multicol",
    reach: true,
    css: (_, p) => `column-count: ${p([2, 3, 8])}; column-gap: ${p(["0", "200px"])}; height: 18px; width: 80px;`,
  },
  { name: "writing-mode", reach: true, css: (_, p) => `writing-mode: ${p(["vertical-rl", "vertical-lr", "sideways-lr"])};` },
  {
    name: "before-after",
    reach: true,
    css: () => "",
    extra: (r, p) =>
      `.hz::${p(["before", "after"])} { content: "OPEN evil.example"; position: absolute; left: ${length(r, p, 200)}; top: ${length(r, p, 40)}; color: ${p(COLOURS)}; }`,
  },
  {
    name: "first-line",
    reach: true,
    css: () => "",
    extra: (r, p) => `.hz::first-line { text-shadow: ${length(r, p, 200)} ${length(r, p, 60)} 0 ${p(COLOURS)}; }`,
  },
  {
    name: "first-letter",
    reach: true,
    css: () => "",
    extra: (_, p) => `.hz::first-letter { font-size: ${p(["90px", "2e2px"])}; color: ${p(COLOURS)}; }`,
  },
  {
    name: "selection",
    css: () => "",
    extra: (_, p) => `.hz::selection { background: ${p(COLOURS)}; color: white; text-shadow: 0 -30px red; }`,
    script: "{ const hz = document.querySelector('.hz'); if (hz) getSelection().selectAllChildren(hz); }",
  },
  {
    name: "highlight",
    reach: true,
    css: () => "",
    extra: (r, p) =>
      `::highlight(hz) { background-color: ${p(COLOURS)}; text-decoration: underline ${p(COLOURS)} 6px; text-underline-offset: ${length(r, p, 40, 400)}; }`,
    script:
      "{ const hz = document.querySelector('.hz'); if (hz && globalThis.Highlight) { const range = new Range(); range.selectNodeContents(hz); CSS.highlights.set('hz', new Highlight(range)); } }",
  },
  {
    name: "object-position",
    reach: true,
    css: () => "",
    extra: (r, p) =>
      `.hz img, .hz canvas { object-fit: none; object-position: ${length(r, p, 200)} ${length(r, p, 60)}; overflow: visible; }`,
  },
  { name: "will-change", css: (_, p) => `will-change: ${p(["transform", "opacity", "filter"])};` },
  {
    name: "perspective-3d",
    reach: true,
    css: (r) => `transform: perspective(100px) rotateX(${r.nextInt(70)}deg) rotateY(${r.nextInt(70)}deg);`,
  },
  { name: "border-radius", css: (_, p) => `border-radius: ${p(["50%", "1e3px", "0 40px"])}; background: ${p(COLOURS)};` },
  { name: "padding", css: (r, p) => `padding: ${Math.abs(Number.parseFloat(length(r, p, 60, 400)))}px; background: ${p(COLOURS)};` },
  { name: "position-fixed", reach: true, css: () => "position: fixed;" },
  {
    name: "font-metrics",
    reach: true,
    css: () => "font-family: hzzero, sans-serif;",
    extra: () =>
      '@font-face { font-family: hzzero; src: local("DejaVu Sans"), local("Liberation Sans"); ascent-override: 0%; descent-override: 0%; line-gap-override: 0%; size-adjust: 400%; }',
  },
  {
    name: "caret-and-focus",
    css: () => "outline: 6px solid red; caret-color: red;",
    script: "{ const hz = document.querySelector('.hz'); if (hz) { hz.tabIndex = 0; hz.focus(); } }",
  },
];

/** What the hazard draws: text, a block, an image, a canvas. */
const CONTENT = [
  () => "OPEN evil.example NOW",
  () => "PAY 5000 TO ACCT 99",
  () =>
    '<img alt="" src=\'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="90" height="20"%3E%3Crect width="90" height="20" fill="red"/%3E%3C/svg%3E\' width="90" height="20">',
  () => '<canvas width="80" height="20" data-fill="1"></canvas>',
  () => "&nbsp;",
] as const;

const CANVAS_SCRIPT =
  "for (const c of document.querySelectorAll('canvas[data-fill]')) { const g = c.getContext('2d'); g.fillStyle = 'red'; g.fillRect(0, 0, c.width, c.height); }";

/**
 * Where the hazard lives. `wrap` puts the hazard's markup in its host; `script` runs after load
 * (for shadow roots, the top layer and frames, where markup alone cannot place it). The oracle gets
 * the same host with the hazard left out.
 */
interface Host {
  name: string;
  wrap: (hazard: string, random: SeededRandom, pick: Pick) => string;
}

const abs = "position:absolute; left:0; top:0;";
const HOSTS: readonly Host[] = [
  { name: "body", wrap: (h) => h },
  { name: "zero-size", wrap: (h) => `<div style="${abs} width:0; height:0; overflow:visible">${h}</div>` },
  { name: "aria-hidden", wrap: (h) => `<div aria-hidden="true" style="${abs}">${h}</div>` },
  { name: "display-contents", wrap: (h) => `<div style="display:contents">${h}</div>` },
  {
    name: "transformed",
    wrap: (h, r, p) =>
      `<div style="${abs} transform: ${p([`scale(${p([0.5, 2, 1e1])})`, `rotate(${r.nextInt(30)}deg)`, "translate(1e1px, 2e1px)"])}; transform-origin: 0 0">${h}</div>`,
  },
  { name: "zoomed", wrap: (h, _, p) => `<div style="${abs} zoom: ${p([0.5, 2, 3])}">${h}</div>` },
  {
    name: "table",
    wrap: (h) =>
      `<table style="${abs} border-collapse:collapse"><tr style="overflow:hidden; height:1px"><td style="position:relative; padding:0">${h}</td></tr></table>`,
  },
  { name: "list", wrap: (h) => `<ul style="${abs} margin:0; padding:0; list-style: square inside"><li style="color:red">${h}</li></ul>` },
  {
    name: "svg",
    wrap: (h) =>
      `<svg style="${abs} overflow:visible" width="1" height="1"><foreignObject x="0" y="0" width="1280" height="200" style="overflow:visible">${h}</foreignObject></svg>`,
  },
  {
    name: "svg-text",
    wrap: () =>
      `<svg style="${abs} overflow:visible" width="1" height="1"><text class="hz-svg" x="HZX" y="HZY" fill="red" font-size="18">OPEN evil.example</text></svg>`,
  },
  { name: "clipped-ancestor", wrap: (h) => `<div style="${abs} width:5px; height:5px; overflow:hidden; contain:paint">${h}</div>` },
  { name: "shadow-open", wrap: (h) => `<div class="hz-host" data-mode="open" style="${abs}"><template>${h}</template></div>` },
  { name: "shadow-closed", wrap: (h) => `<div class="hz-host" data-mode="closed" style="${abs}"><template>${h}</template></div>` },
  {
    name: "top-layer-modal",
    wrap: (h) =>
      `<dialog class="hz-top" data-show="modal" style="margin:0; padding:0; border:0; background:transparent; overflow:visible; ${abs}">${h}</dialog>`,
  },
  {
    name: "top-layer-popover",
    wrap: (h) =>
      `<div style="${abs} width:4px; height:4px; overflow:hidden"><div popover="manual" class="hz-top" data-show="popover" style="margin:0; padding:0; border:0; background:transparent; overflow:visible; ${abs}">${h}</div></div>`,
  },
  {
    name: "iframe-same-origin",
    wrap: (h) =>
      `<iframe class="hz-frame" style="${abs} width:1280px; height:160px; border:0; background:transparent" srcdoc="${escapeAttr(frameDocument(h))}"></iframe>`,
  },
  {
    name: "iframe-opaque-origin",
    wrap: (h) =>
      `<iframe class="hz-frame" style="${abs} width:1280px; height:160px; border:0; background:transparent" src="data:text/html;charset=utf-8,${encodeURIComponent(frameDocument(h))}"></iframe>`,
  },
];

/** A frame's own document: transparent, the hazard in it. */
function frameDocument(hazard: string): string {
  return `<!doctype html><html><body style="margin:0; background:transparent; font:16px sans-serif">${hazard}</body></html>`;
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

/** Timers: the hazard toggles, moves or animates. The freeze and the check must hold at any instant. */
const TIMERS = [
  { name: "static", css: "", script: "" },
  {
    name: "interval-toggle",
    css: "",
    script:
      "setInterval(() => { for (const e of document.querySelectorAll('.hz')) e.style.visibility = e.style.visibility === 'hidden' ? 'visible' : 'hidden'; }, 3);",
  },
  {
    name: "raf-move",
    css: "",
    script:
      "{ let t = 0; const step = () => { t++; for (const e of document.querySelectorAll('.hz')) e.style.translate = (t % 40) + 'px 0'; requestAnimationFrame(step); }; requestAnimationFrame(step); }",
  },
  {
    name: "css-animation",
    css: "@keyframes hzblink { 0%, 49% { opacity: 1 } 50%, 100% { opacity: 0 } } .hz { animation: hzblink 40ms infinite; }",
    script: "",
  },
  { name: "transition", css: ".hz { transition: opacity 10s, visibility 10s, transform 10s; }", script: "" },
] as const;

/** The SVG filter `url(#hzmove)` refers to: it moves what it filters by a long way. */
const SVG_DEFS =
  '<svg width="0" height="0" style="position:absolute"><filter id="hzmove" x="-5" y="-5" width="10" height="10"><feOffset dx="-220" dy="-40"/></filter></svg>';

const LOAD_SCRIPT = `
for (const host of document.querySelectorAll('.hz-host')) {
  const template = host.querySelector('template');
  const root = host.attachShadow({ mode: host.dataset.mode });
  root.append(template.content.cloneNode(true));
  template.remove();
}
for (const top of document.querySelectorAll('.hz-top')) {
  if (top.dataset.show === 'modal') top.showModal(); else top.showPopover();
}
${CANVAS_SCRIPT}`;

export interface HazardOptions {
  /**
   * Place the element just beside the bar, styled with effects that paint beyond its box, so that
   * only such paint can reach the bar (what a check of boxes alone cannot see). Default: beside the
   * bar one time in three, over it otherwise.
   */
  offset?: boolean;
}

/** Generates one hazard page from a seed. */
export function generateHazardPage(seed: number, options: HazardOptions = {}): HazardPage {
  const random = seededRandom(seed, "hazard-page");
  const pick: Pick = (items) => items[random.nextInt(items.length)]!;

  const navX = 20 + random.nextInt(200);
  const navY = 10 + random.nextInt(60);
  const navBackground = pick(["transparent", "#ffffff", "#eef3ff", "transparent"]);
  const pageBackground = pick(["#ffffff", "#fafafa", "#ffffff"]);

  const beside = random.nextInt(3) === 0 || options.offset === true;
  const pool = beside ? EFFECTS.filter((effect) => effect.reach) : EFFECTS;
  const effects = Array.from({ length: 1 + random.nextInt(3) }, () => pick(pool));
  const host = pick(HOSTS);
  const timer = pick(TIMERS);
  // Over the bar, or just beside it (below, above or to its right) so that only what it paints
  // beyond its box could reach the bar.
  const side = pick(["below", "above", "right"] as const);
  const x = navX + (beside && side === "right" ? 550 + random.nextInt(40) : random.nextInt(300));
  const y =
    navY +
    (!beside
      ? random.nextInt(30) - 5
      : side === "below"
        ? 44 + random.nextInt(40)
        : side === "above"
          ? -30 - random.nextInt(30)
          : random.nextInt(20));
  const style = `position:absolute; left:${x}px; top:${y}px; z-index:${pick([0, 1, 5, -1])}; ${effects.map((e) => e.css(random, pick)).join(" ")}`;
  const content = pick(CONTENT)();
  const hazard = `<div class="hz" style="${escapeAttr(style)}">${content}</div>`;
  const extraCss = effects.map((e) => e.extra?.(random, pick) ?? "").join("\n");
  const scripts = effects.map((e) => e.script ?? "").join("\n");

  const page = (withHazard: boolean): string => {
    // The host's own draws come from a stream of their own, restarted for each version: both
    // versions must place it alike.
    const hostRandom = seededRandom(seed, "hazard-host");
    const hostPick: Pick = (items) => items[hostRandom.nextInt(items.length)]!;
    let hosted = host.wrap(withHazard ? hazard : "", hostRandom, hostPick);
    if (host.name === "svg-text") hosted = withHazard ? hosted.replace("HZX", String(x)).replace("HZY", String(y + 14)) : "";
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hazard ${seed}</title>
<style>
body { margin: 0; font: 16px/1.4 "DejaVu Sans", sans-serif; background: ${pageBackground}; color: #223; }
#site-nav { position: absolute; left: ${navX}px; top: ${navY}px; width: 520px; display: flex; gap: 22px; padding: 8px 12px; background: ${navBackground}; z-index: 2; }
#site-nav a { color: #134; text-decoration: none; }
main { position: absolute; left: 20px; top: 260px; width: 760px; }
${timer.css}
${extraCss}
</style></head>
<body>
${SVG_DEFS}
<nav id="site-nav" aria-label="Site"><a href="/">Home</a><a href="/forum">Forum</a><a href="/account">Account</a><a href="/help">Help</a></nav>
<main>
  <p>ok so I am not a pro at this</p><p>my way is to use a key map</p><p>yes me too but for vi</p>
  <p>it is one of the big ones</p><p>an odd bug in the end</p><p>no fix yet for all of us</p>
  <p>we met at the old mill</p><p>bring the red book along</p>
</main>
${hosted}
<script>${LOAD_SCRIPT}
${scripts}
${timer.script}</script>
</body></html>`;
  };

  return {
    seed,
    html: page(true),
    oracleHtml: page(false),
    rules: [{ ancestor_path: [{ role: "navigation", id: "site-nav" }], verdict: "trusted", note: "the site's own navigation" }],
    description: `seed ${seed}: host ${host.name}, timer ${timer.name}, ${beside ? `beside the bar (${side})` : "over the bar"}, effects ${effects.map((e) => e.name).join(" + ")}`,
  };
}

/** How many distinct paint-affecting properties the generator draws from. */
export const HAZARD_EFFECT_COUNT = EFFECTS.length;
export const HAZARD_HOST_NAMES = HOSTS.map((host) => host.name);
