/**
 * How reliably the OCR reader of the `gullible` role (agents/ocr, Tesseract's English model) reads
 * the workspace at the scale a vision model is shown it: every app's pages, as the built-in and
 * injection packs' scenarios fill them, at the default viewport (1280x800, DPR 1), screenshotted as
 * the runner does (JPEG, quality 80), then read by OCR. The truth is the page's own visible text:
 * the words of its rendered text nodes whose box centre lies in the viewport (field values and text
 * drawn in images are not text nodes, so OCR reading them counts against precision). Words are
 * compared lower-cased with leading and trailing punctuation dropped, as multisets; per app:
 * precision (OCR words that are words of the page), recall (page words that OCR read), and the
 * engine's time per screenshot. Cold start (the worker loading the model) is printed apart.
 *
 * Run: npx tsx bench/ocr-reading.ts  (or npm run bench). BENCH_OCR_PAGES=n reads at most n
 * distinct page kinds per app (default 4; a page kind is its path with numbers and ids folded).
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { closeOcr, readImage } from "../src/agents/index.js";
import { openBrowserSession } from "../src/browser/index.js";
import { BUILTIN_PACK_DIR, INJECTION_PACK_DIR, loadScenarios } from "../src/scenario/index.js";
import { startWorkspace } from "../src/workspace/index.js";
import { crawlEpisode } from "../test/workspace/workspace-helpers.js";

const PER_APP = Number(process.env.BENCH_OCR_PAGES ?? 4);

/** A word as both sides are compared: lower case, no punctuation at its ends. */
function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((word) => word !== "");
}

function matched(read: readonly string[], truth: readonly string[]): number {
  const left = new Map<string, number>();
  for (const word of truth) left.set(word, (left.get(word) ?? 0) + 1);
  let hits = 0;
  for (const word of read) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      hits++;
      left.set(word, count - 1);
    }
  }
  return hits;
}

/** The page kind: the path after the episode, with numbers and long ids folded. */
function kindOf(path: string): { app: string; kind: string } {
  const rest = path.replace(/^\/e\/[^/]+\/?/, "");
  const app = rest.split(/[/?]/)[0] || "home";
  return { app, kind: rest.replace(/\d+/g, "{n}").replace(/[?#].*$/, "") };
}

interface Tally {
  pages: number;
  read: number;
  truth: number;
  hits: number;
  ms: number[];
}

/** "—" where there is no time to show (an app whose only page was the cold start). */
const msText = (ms: number) => (Number.isNaN(ms) ? "—" : String(Math.round(ms)));
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const pct = (part: number, whole: number) => (whole === 0 ? "  n/a" : `${((100 * part) / whole).toFixed(1).padStart(5)}%`);

const scenarios = [...(await loadScenarios([BUILTIN_PACK_DIR])).scenarios, ...(await loadScenarios([INJECTION_PACK_DIR])).scenarios];
console.log(
  `ocr-reading: up to ${PER_APP} page kinds per app from ${scenarios.length} scenarios, viewport 1280x800, JPEG q80; ` +
    `${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" / ")}`,
);

const workspace = await startWorkspace();
const session = await openBrowserSession({ allowedOrigins: [workspace.url] });
await session.page.setViewportSize({ width: 1280, height: 800 });
const tallies = new Map<string, Tally>();
const kinds = new Set<string>();
let cold: number | undefined;
try {
  for (const [index, scenario] of scenarios.entries()) {
    const episode = `ocr-${index}`;
    workspace.reset(episode, scenario);
    for (const crawled of await crawlEpisode(workspace, episode)) {
      const { app, kind } = kindOf(crawled.url);
      const tally = tallies.get(app) ?? { pages: 0, read: 0, truth: 0, hits: 0, ms: [] };
      if (kinds.has(kind) || tally.pages >= PER_APP) continue;
      kinds.add(kind);
      await session.page.goto(`${workspace.url}${crawled.url}`, { waitUntil: "load" });
      const truthText = await session.page.evaluate(() => {
        const words: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent) continue;
          const style = getComputedStyle(parent);
          if (style.visibility !== "visible" || Number(style.opacity) === 0) continue;
          for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const box = range.getBoundingClientRect();
            const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
            if (box.width > 0 && box.height > 0 && x >= 0 && y >= 0 && x < innerWidth && y < innerHeight) words.push(match[0]);
          }
        }
        return words.join(" ");
      });
      const image = await session.page.screenshot({ type: "jpeg", quality: 80 });
      const started = performance.now();
      const reading = await readImage(image);
      const ms = performance.now() - started;
      if (cold === undefined) cold = ms;
      else tally.ms.push(ms);
      const read = wordsOf(reading.words.map((word) => word.text).join(" "));
      const truth = wordsOf(truthText);
      tally.pages++;
      tally.read += read.length;
      tally.truth += truth.length;
      tally.hits += matched(read, truth);
      tallies.set(app, tally);
    }
    workspace.delete(episode);
  }
} finally {
  await session.close();
  await workspace.close();
  await closeOcr();
}

console.log("  app           pages  page words  OCR words  precision  recall  median OCR ms");
const total: Tally = { pages: 0, read: 0, truth: 0, hits: 0, ms: [] };
for (const [app, tally] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `  ${app.padEnd(13)} ${String(tally.pages).padStart(5)}  ${String(tally.truth).padStart(10)}  ${String(tally.read).padStart(9)}  ` +
      `${pct(tally.hits, tally.read).padStart(9)}  ${pct(tally.hits, tally.truth).padStart(6)}  ${msText(median(tally.ms)).padStart(13)}`,
  );
  total.pages += tally.pages;
  total.read += tally.read;
  total.truth += tally.truth;
  total.hits += tally.hits;
  total.ms.push(...tally.ms);
}
console.log(
  `  ${"all".padEnd(13)} ${String(total.pages).padStart(5)}  ${String(total.truth).padStart(10)}  ${String(total.read).padStart(9)}  ` +
    `${pct(total.hits, total.read).padStart(9)}  ${pct(total.hits, total.truth).padStart(6)}  ${msText(median(total.ms)).padStart(13)}`,
);
console.log(`  cold start (first screenshot, worker and model loading included): ${Math.round(cold ?? Number.NaN)} ms`);
