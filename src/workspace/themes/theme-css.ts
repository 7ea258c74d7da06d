import type { ThemeName } from "./appearance.js";
import { SCRAWL_FONT_URL } from "./font-asset.js";

/**
 * Themes are CSS tokens over one stylesheet, so the markup and the accessibility tree are the
 * same under every theme; only what a screenshot shows changes. Everything is inline: pages
 * load nothing from anywhere but the workspace itself.
 */
const TOKENS: Record<ThemeName, string> = {
  default: `--bg:#f5f6fa;--surface:#ffffff;--text:#1c2130;--muted:#586075;--accent:#2350c8;--accent-text:#ffffff;--border:#d3d8e4;--done:#5d8a5d;--font:system-ui,"DejaVu Sans","Liberation Sans",sans-serif;`,
  dark: `--bg:#13151b;--surface:#1d2028;--text:#e4e7ee;--muted:#a3a9b8;--accent:#86a8ff;--accent-text:#0d1020;--border:#363b4a;--done:#8fc58f;--font:system-ui,"DejaVu Sans","Liberation Sans",sans-serif;`,
  "black-and-white": `--bg:#ffffff;--surface:#ffffff;--text:#000000;--muted:#000000;--accent:#000000;--accent-text:#ffffff;--border:#000000;--done:#000000;--font:system-ui,"DejaVu Sans","Liberation Sans",sans-serif;`,
  "hard-font": `--bg:#f3f3f0;--surface:#fbfbf8;--text:#444a58;--muted:#7d8392;--accent:#4d62a8;--accent-text:#ffffff;--border:#d9dbe0;--done:#7d9a7d;--font:"Safecua Scrawl","URW Chancery L","Z003",cursive,sans-serif;`,
};

const EXTRA: Record<ThemeName, string> = {
  default: "",
  dark: "",
  // Emoji and any colour left in content are greyed too, so the screen really is black and white.
  "black-and-white": "html{filter:grayscale(1)}a{text-decoration:underline}",
  "hard-font": `@font-face{font-family:"Safecua Scrawl";src:url("${SCRAWL_FONT_URL}") format("truetype");font-display:block}body{letter-spacing:-0.02em}`,
};

const BASE = `
*{box-sizing:border-box}
html{background:var(--bg);color:var(--text);font-family:var(--font);font-size:15px;line-height:1.45}
body{margin:0}
a{color:var(--accent)}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:var(--surface);padding:4px 8px;z-index:20}
header.top{display:flex;flex-wrap:wrap;align-items:center;gap:12px 20px;padding:10px 20px;background:var(--surface);border-bottom:1px solid var(--border)}
header.top nav ul{display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none;margin:0;padding:0}
header.top nav a[aria-current=page]{font-weight:700;text-decoration:none;border-bottom:2px solid var(--accent)}
header.top .clock{margin-left:auto;color:var(--muted)}
main{max-width:1100px;margin:0 auto;padding:16px 20px 48px}
h1{font-size:1.5rem;margin:4px 0 12px}h2{font-size:1.2rem;margin:20px 0 8px}h3{font-size:1rem;margin:12px 0 6px}
section.card,article.card,li.card{background:var(--surface);border:1px solid var(--border);border-radius:8px;padding:12px 14px;margin:0 0 12px}
ul.plain{list-style:none;margin:0;padding:0}
.muted,.hint{color:var(--muted)}.hint{display:block;font-size:.85rem}
.pre-wrap{white-space:pre-wrap}
iframe.mail-frame{display:block;width:100%;border:1px solid var(--border);border-radius:6px;background:#fff}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.columns{display:grid;grid-template-columns:minmax(220px,300px) 1fr;gap:16px}
.field{margin:0 0 10px}.field label{display:block;font-weight:600;margin-bottom:2px}
.field.checkbox{display:flex;gap:6px;align-items:center}.field.checkbox label{display:inline;font-weight:400}
input[type=text],textarea,select{font:inherit;color:var(--text);background:var(--surface);border:1px solid var(--border);border-radius:6px;padding:6px 8px;width:100%}
input.qty{width:4.5em}
textarea.code,pre.code{font-family:"DejaVu Sans Mono","Liberation Mono",monospace;font-size:.9rem}
button{font:inherit;color:var(--text);background:var(--surface);border:1px solid var(--border);border-radius:6px;padding:5px 12px;cursor:pointer}
button.primary{background:var(--accent);color:var(--accent-text);border-color:var(--accent)}
form.inline{display:contents}
.actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-top:8px}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:12px;list-style:none;padding:0}
.tiles a{display:block;padding:18px;background:var(--surface);border:1px solid var(--border);border-radius:10px;text-decoration:none;font-weight:600}
.message{margin:0 0 10px}.message .meta{font-size:.85rem;color:var(--muted)}
.message.mine{margin-left:15%;text-align:left}.message.mine .bubble{border-color:var(--accent)}
.bubble{display:block;background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:8px 10px;white-space:pre-wrap}
.done-text{text-decoration:line-through;color:var(--done)}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--border);padding:6px 8px;text-align:left;vertical-align:top}
dl.extra{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}dl.extra dt{font-weight:600}dl.extra dd{margin:0}
.tabs{display:flex;flex-wrap:wrap;gap:4px;list-style:none;padding:0;margin:0 0 8px}.tabs a,.tabs span{display:inline-block;padding:4px 10px;border:1px solid var(--border);border-radius:6px 6px 0 0;background:var(--surface)}
.tabs [aria-current=page]{font-weight:700;border-bottom-color:var(--accent)}
.tree ul{list-style:none;padding-left:14px;margin:2px 0}.tree>ul{padding-left:0}
.badge{display:inline-block;font-size:.8rem;border:1px solid var(--border);border-radius:10px;padding:0 8px;margin-left:6px}
.notice{border-left:4px solid var(--accent);padding:6px 10px;background:var(--surface);margin:0 0 12px}
.error{border-left-color:#c62828}
.popup-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;z-index:10}
.popup{background:var(--surface);color:var(--text);border:1px solid var(--border);border-radius:12px;max-width:420px;padding:18px 20px;box-shadow:0 8px 30px rgba(0,0,0,.3)}
`;

export function themeCss(theme: ThemeName): string {
  return `:root{${TOKENS[theme]}}${BASE}${EXTRA[theme]}`;
}
