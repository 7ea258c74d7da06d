/**
 * A page that keeps its renderer busy: each frame takes seconds of Chromium's paint. A canvas under
 * a drop-shadow and a box-shadow a million pixels away, inside a rotated box, is moved every frame.
 * Two frames took over 20 s of Chromium 150 on a 2-core EPYC; without the canvas's fill, or with
 * the shadows alone, it was not slow, and without the move it paints once (≈ 20 s) and is done. A
 * generated hazard page of this kind (seed 1291910133) is how it was found.
 */
const BUSY_PAINT = `<div style="position:absolute; left:0; top:0; transform: rotate(24deg); transform-origin: 0 0">
<div class="busy-paint" style="position:absolute; left:265px; top:11px; width:0; height:0; overflow:visible; filter: drop-shadow(1e6px -50px 0 red); box-shadow: 1e6px 1e6px 9px 10px green"><canvas width="80" height="20"></canvas></div></div>
<script>for (const c of document.querySelectorAll(".busy-paint canvas")) { const g = c.getContext("2d"); g.fillStyle = "red"; g.fillRect(0, 0, 80, 20); }
{ let t = 0; const step = () => { t++; for (const e of document.querySelectorAll(".busy-paint")) e.style.translate = (t % 40) + "px 0"; requestAnimationFrame(step); }; requestAnimationFrame(step); }</script>`;

/** `html` (a whole page) with the busy paint added at the end of its body. */
export function withBusyPaint(html: string): string {
  if (!html.includes("</body>")) throw new Error("the page has no </body> to add the busy paint before");
  return html.replace("</body>", `${BUSY_PAINT}</body>`);
}
