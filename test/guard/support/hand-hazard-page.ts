/**
 * Hand-written hazard pages: a trusted navigation bar, filler text, and the hazard markup a test
 * gives, with the oracle (the same page without it). For what one page must show; generated pages
 * (hazard-page.ts) are for what no page may.
 */
import type { HazardPage } from "./hazard-page.js";

export const NAV_RULE = [{ ancestor_path: [{ role: "navigation", id: "site-nav" }], verdict: "trusted", note: "the site's navigation" }];
export const NAV =
  '<nav id="site-nav" aria-label="Site"><a href="/">Home</a><a href="/forum">Forum</a><a href="/account">Account</a><a href="/help">Help</a></nav>';
const FILLER =
  "<main><p>ok so I am not a pro at this</p><p>my way is to use a key map</p><p>yes me too but for vi</p><p>it is one of the big ones</p><p>an odd bug in the end</p><p>no fix yet for all of us</p></main>";
const STYLE = `body { margin: 0; font: 16px/1.4 "DejaVu Sans", sans-serif; background: #fff; color: #223; }
#site-nav { position: absolute; left: 40px; top: 20px; width: 520px; display: flex; gap: 22px; padding: 8px 12px; }
#site-nav a { color: #134; text-decoration: none; }
main { position: absolute; left: 20px; top: 220px; width: 700px; }
.hz { position: absolute; left: 60px; top: 24px; color: #e00000; z-index: 3; }`;

/** A page with `hazard` (markup between the markers) and its oracle without it. */
export function hazardPage(
  name: string,
  hazard: string,
  options: { css?: string; script?: string; nav?: string; rules?: unknown } = {},
): HazardPage {
  const html = (withHazard: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>
<style>${STYLE}\n${options.css ?? ""}</style></head><body>
${options.nav ?? NAV}
${FILLER}
${withHazard ? hazard : ""}
<script>${options.script ?? ""}</script>
</body></html>`;
  return { seed: 0, html: html(true), oracleHtml: html(false), rules: options.rules ?? NAV_RULE, description: name };
}
