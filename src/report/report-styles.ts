/** The report's stylesheet: plain CSS, no web fonts (the file must open offline). */
export const REPORT_STYLES = `
:root {
  --ink: #1f2937; --muted: #6b7280; --line: #e5e7eb; --bg: #f6f7f9; --card: #ffffff;
  --blue: #2563eb; --red: #dc2626; --green: #16a34a; --amber: #d97706; --grey: #6b7280;
  --red-soft: #fee2e2; --green-soft: #dcfce7; --blue-soft: #dbeafe; --amber-soft: #fef3c7;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: var(--bg);
}
* { box-sizing: border-box; }
body { margin: 0; line-height: 1.45; font-size: 14px; }
a { color: var(--blue); }
header.top { background: #111827; color: #f9fafb; padding: 18px 28px 14px; }
header.top h1 { margin: 0 0 4px; font-size: 20px; font-weight: 650; letter-spacing: -0.01em; }
header.top .sub { color: #cbd5e1; font-size: 13px; }
nav.toc { position: sticky; top: 0; z-index: 5; background: rgba(255,255,255,0.96); border-bottom: 1px solid var(--line);
  padding: 8px 28px; display: flex; gap: 18px; flex-wrap: wrap; font-size: 13px; backdrop-filter: blur(4px); }
nav.toc a { text-decoration: none; color: var(--ink); }
nav.toc a:hover { color: var(--blue); }
main { max-width: 1240px; margin: 0 auto; padding: 18px 28px 60px; }
section.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 18px 22px; margin: 18px 0; }
section.card > h2 { margin: 0 0 6px; font-size: 17px; }
p.lead { margin: 0 0 12px; color: var(--muted); max-width: 920px; }
/* min(…, 100%): a column never asks for more than the screen has, so a phone gets one column, not overflow. */
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(520px, 100%), 1fr)); gap: 18px; align-items: start; }
figure { margin: 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: 12.5px; margin-top: 6px; max-width: 640px; }
.table-wrap { overflow-x: auto; }
/*
 * A leaderboard wider than its box scrolls inside it; the agent and the headline metric (L_eng)
 * stay: the agent at the left edge, L_eng pinned between it and the right edge wherever its own
 * place has scrolled to. Opaque backgrounds, so the columns scrolling under them do not show through.
 */
table.leaderboard .agent { position: sticky; left: 0; z-index: 2; background: var(--card); box-shadow: inset -1px 0 0 var(--line); }
table.leaderboard .key-metric { position: sticky; left: var(--agent-column, auto); right: 0; z-index: 1; background: var(--card); box-shadow: inset 1px 0 0 var(--line), inset -1px 0 0 var(--line); }
table.leaderboard th.agent, table.leaderboard th.key-metric { background: #f9fafb; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { padding: 6px 7px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { font-weight: 600; color: #374151; background: #f9fafb; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td .ci { display: block; color: var(--muted); font-size: 11px; line-height: 1.2; }
th button.sort { all: unset; cursor: pointer; }
th button.sort::after { content: " \\2195"; color: #9ca3af; font-size: 11px; }
th[aria-sort="ascending"] button.sort::after { content: " \\2191"; color: var(--blue); }
th[aria-sort="descending"] button.sort::after { content: " \\2193"; color: var(--blue); }
td.bar { position: relative; }
td.bar .fill { position: absolute; left: 0; top: 4px; bottom: 4px; border-radius: 3px; opacity: 0.16; }
td.bar.u .fill { background: var(--blue); } td.bar.l .fill { background: var(--red); }
td.bar span { position: relative; }
table.modes, table.categories, table.judge, table.sweep-macro { width: auto; min-width: 50%; }
/* Seven themes side by side: their names wrap, so the table fits a laptop's width instead of scrolling. */
table.categories th.num { white-space: normal; min-width: 90px; }
table.categories td.heat { min-width: 0; }
td.heat { min-width: 110px; text-align: right; font-variant-numeric: tabular-nums; }
td.heat small, td.num small { color: var(--muted); font-weight: normal; }
.delta.better { color: var(--green); font-weight: 600; } .delta.worse { color: var(--red); font-weight: 600; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0; font-size: 13px; }
dl.meta dt { color: var(--muted); } dl.meta dd { margin: 0; word-break: break-word; }
.runs { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(360px, 100%), 1fr)); gap: 14px; }
.runs > div { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; }
.runs h3 { margin: 0 0 8px; font-size: 14px; }
ul.notes { margin: 8px 0 0; padding-left: 18px; color: var(--amber); }
.defs { font-size: 12.5px; color: var(--muted); margin: 10px 0 0; }
.defs b { color: var(--ink); }
.stat-line { font-size: 13px; margin: 6px 0 10px; }
.stat-line b { font-variant-numeric: tabular-nums; }
.chip { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 11.5px; background: #eef2f7; color: #374151; margin: 0 4px 4px 0; border: 1px solid transparent; }
/* Items can be long unbroken tokens (API keys, URLs): they break rather than widen the page. */
.chip { max-width: 100%; overflow-wrap: anywhere; }
.chip.share { background: var(--green-soft); color: #166534; }
.chip.noshare { background: var(--red-soft); color: #991b1b; }
.chip.family { background: #ede9fe; color: #5b21b6; }
.payload blockquote.attacker { margin: 4px 0; padding: 6px 10px; border-left: 3px solid var(--red); background: var(--red-soft); }
.evaluators dt { font-weight: 600; margin-top: 4px; }
.evaluators dd { margin: 0 0 0 12px; overflow-wrap: anywhere; }
.chip.mode { background: var(--blue-soft); color: #1e40af; }
.badge { display: inline-block; padding: 1px 7px; border-radius: 4px; font-size: 11.5px; font-weight: 600; }
.badge.ok { background: var(--green-soft); color: #166534; } .badge.leak { background: var(--red-soft); color: #991b1b; }
.badge.refused { background: #e5e7eb; color: #374151; } .badge.error { background: #111827; color: #fff; }
.badge.limit { background: #ede9fe; color: #5b21b6; } .badge.fail { background: var(--amber-soft); color: #92400e; }
.badge.judge { background: #f3e8ff; color: #6b21a8; }
.filters { display: flex; gap: 10px; flex-wrap: wrap; align-items: center; padding: 10px 12px; background: #f9fafb; border: 1px solid var(--line); border-radius: 8px; margin: 8px 0 14px; position: sticky; top: 37px; z-index: 4; }
.filters input, .filters select { font: inherit; padding: 5px 8px; border: 1px solid #d1d5db; border-radius: 6px; background: #fff; }
.filters input { min-width: min(260px, 100%); }
.filters input, .filters select { max-width: 100%; }
#filter-count { color: var(--muted); margin-left: auto; }
article.scenario { border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; margin: 0 0 14px; background: #fff; overflow-wrap: break-word; }
article.scenario[hidden], .record[hidden] { display: none; }
article.scenario h3 { margin: 0 0 6px; font-size: 14.5px; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.task { font-size: 14.5px; margin: 6px 0 8px; padding: 8px 12px; background: #f8fafc; border-left: 3px solid var(--blue); border-radius: 0 6px 6px 0; white-space: pre-wrap; }
.items { font-size: 12.5px; margin: 4px 0; }
.items .label { color: var(--muted); margin-right: 6px; }
details { margin: 6px 0; }
details > summary { cursor: pointer; color: #374151; font-size: 12.5px; }
pre.state { white-space: pre-wrap; word-break: break-word; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; background: #f8fafc; border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; max-height: 420px; overflow: auto; }
.records { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(340px, 100%), 1fr)); gap: 10px; margin-top: 10px; align-items: start; }
.record { border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; background: #fcfcfd; }
.record.leaked { border-left: 4px solid var(--red); } .record.clean { border-left: 4px solid var(--green); }
.record.refused { border-left: 4px solid #9ca3af; } .record.error { border-left: 4px solid #111827; }
.record-head { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; margin-bottom: 6px; }
.record-head .who { font-weight: 650; margin-right: 4px; }
ol.shared { margin: 4px 0; padding-left: 22px; font-size: 13px; }
ol.shared li { margin: 2px 0; white-space: pre-wrap; word-break: break-word; }
ol.shared li.whole-leak { background: var(--red-soft); } ol.shared li.whole-required { background: var(--green-soft); }
mark { border-radius: 3px; padding: 0 1px; }
mark.m-leak { background: #fecaca; color: #7f1d1d; box-shadow: inset 0 -2px 0 var(--red); }
mark.m-required { background: #bbf7d0; color: #14532d; box-shadow: inset 0 -2px 0 var(--green); }
mark.m-leak.m-required { background: linear-gradient(#bbf7d0, #fecaca); }
.evidence { font-size: 12px; color: var(--muted); margin: 4px 0; }
ul.evidence { list-style: none; padding-left: 0; border-top: 1px dashed var(--line); padding-top: 4px; }
.evidence li { margin: 1px 0; }
.evidence li.ev-leak { color: #991b1b; } .evidence li.ev-required { color: #166534; }
.evidence .rule { font-family: ui-monospace, monospace; font-size: 11px; background: #f1f5f9; padding: 0 4px; border-radius: 3px; }
.muted { color: var(--muted); }
.judge-box { font-size: 12.5px; background: #faf5ff; border: 1px solid #e9d5ff; border-radius: 6px; padding: 6px 9px; margin-top: 6px; white-space: pre-wrap; }
.trace { font-size: 12.5px; color: #374151; white-space: pre-wrap; }
ol.steps { padding-left: 20px; font-size: 12.5px; }
ol.steps code { font-size: 12px; background: #f1f5f9; padding: 0 4px; border-radius: 3px; word-break: break-word; }
ol.steps img { max-width: 100%; border: 1px solid var(--line); border-radius: 4px; margin-top: 4px; }
ol.turns { list-style: none; margin: 2px 0; padding-left: 8px; border-left: 2px solid var(--line); }
ol.turns li.turn { margin: 5px 0; padding-left: 6px; border-left: 3px solid transparent; }
ol.turns li.turn.verdict-refused { border-left-color: var(--red); } ol.turns li.turn.verdict-error { border-left-color: #111827; }
ol.turns .turn-no { color: var(--muted); font-variant-numeric: tabular-nums; }
ol.turns code.args { word-break: break-all; }
ol.turns .turn-result { font-size: 12px; }
.badge.verdict-allowed, .badge.outcome-endorsed { background: var(--green-soft); color: #166534; }
.badge.verdict-refused, .badge.outcome-refused, .badge.outcome-diverged { background: var(--red-soft); color: #991b1b; }
.badge.verdict-error { background: #111827; color: #fff; }
.badge.outcome-insufficient, .badge.outcome-abstained { background: var(--amber-soft); color: #92400e; }
table.usage-by-role { width: auto; font-size: 12px; }
.record table.usage-by-role th, .record table.usage-by-role td { padding: 2px 6px; }
.empty { color: var(--muted); font-style: italic; }
footer { color: var(--muted); font-size: 12px; text-align: center; padding: 20px; }
/* Phones: less padding around everything, and an agent column of a known width so L_eng can stop beside it. */
@media (max-width: 640px) {
  header.top { padding: 14px 12px 10px; }
  /* One line that scrolls sideways: wrapped, a dozen links would fill a sticky third of the screen. */
  nav.toc { padding: 8px 12px; flex-wrap: nowrap; overflow-x: auto; white-space: nowrap; }
  main { padding: 10px 8px 40px; }
  section.card { padding: 12px 10px; margin: 12px 0; }
  article.scenario { padding: 10px; }
  .filters { position: static; }
  table.leaderboard { --agent-column: 112px; }
  table.leaderboard .agent { width: 112px; min-width: 112px; max-width: 112px; overflow-wrap: anywhere; }
}
@media print { nav.toc, .filters { position: static; } }
`;
