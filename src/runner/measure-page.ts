/**
 * Measures the guard's mask on a workspace page against the workspace's own labelling
 * (`data-operator` / `data-content`, src/workspace/views/labelling.ts), read from the DOM over a
 * DevTools session of its own — never through the guard, whose rules may not use it. Used by the
 * F5 mask-integrity harness, the guard's workspace-rule tests and bench/guard-workspace-masking.ts.
 *
 * A page is measured at every scroll position that shows new rows (the viewport, then one
 * viewport less an overlap further down, to the bottom), each capture going through
 * `buildMaskWithRetries` as the guarded agent's would.
 */
import type { Page } from "playwright-core";
import {
  buildMaskWithRetries,
  type CapturedNode,
  type CapturedPage,
  type GuardOptions,
  type GuardRow,
  lintRuleSet,
  liveCapture,
  parseRuleSet,
} from "../guard/index.js";
import { CONTENT_MARK, OPERATOR_MARK } from "../workspace/index.js";
import { clippedArea, maskBitmap, unmaskedPixels } from "./mask-pixels.js";
import { PageMarks } from "./page-marks.js";

type Mark = "operator" | "content" | null;

export interface MeasuredRow {
  nodeId: string;
  role: GuardRow["role"];
  /** The row's text as the guard reads it (accessible name and value included). */
  text: string;
  /** What the row paints: its own text run, its descendants' text runs, a field's value. */
  visibleText: string;
  verdict: GuardRow["verdict"];
  source: GuardRow["source"];
  mark: Mark;
  /** Pixels of the row's box on screen, and how many of them are outside F. */
  area: number;
  unmasked: number;
}

export interface MeasuredView {
  url: string;
  scrollY: number;
  /** Capture attempts `buildMaskWithRetries` needed (1 when the first was aligned). */
  attempts: number;
  droppedRules: number[];
  /** The linter's findings for the rules on this capture (a class fragment matching several tokens). */
  lint: string[];
  /** On-screen rows that paint something. */
  rows: MeasuredRow[];
  /**
   * What every row that was untrusted when the echo check ran paints, on screen or not: the text
   * echo compares against, less the accessible names of controls.
   */
  untrustedPainted: string[];
  /**
   * Rows the differential check masked on this view, each with what lies over or under it (the
   * nodes outside its ancestry whose boxes meet its box: the likely cause of the difference).
   */
  differential: Array<{ row: string; causes: string[] }>;
}

/** A row shown though the workspace did not write it: a leak unless the capacity exception released it. */
export function isLeak(row: MeasuredRow): boolean {
  return row.mark !== "operator" && row.unmasked > 0 && row.source !== "capacity";
}

/** A content row the capacity exception released (a price, a date: bounded values, by the guard's design). */
export function isCapacityRelease(row: MeasuredRow): boolean {
  return row.mark !== "operator" && row.unmasked > 0 && row.source === "capacity";
}

/** An operator row the mask hides: more than half of its pixels are inside F. */
export function isHidden(row: MeasuredRow): boolean {
  return row.unmasked * 2 < row.area;
}

/** One row as a failure message names it: role, the start of its text, its label, verdict and how much of it shows. */
export function describeRow(row: MeasuredRow): string {
  return `${row.role} ${JSON.stringify(row.visibleText.slice(0, 60))} (${row.mark ?? "unlabelled"}, ${row.verdict}/${row.source}, ${row.unmasked}/${row.area} px shown)`;
}

function visibleTextOf(node: CapturedNode, byId: ReadonlyMap<string, CapturedNode>): string {
  if (node.role === "text") return node.text;
  const parts: string[] = [];
  if (node.role === "textbox") parts.push(node.text);
  const stack = [...node.childIds];
  while (stack.length > 0) {
    const child = byId.get(stack.pop() as string);
    if (child === undefined) continue;
    if (child.role === "text") parts.push(child.text);
    else stack.push(...child.childIds);
  }
  return parts.join(" ").trim();
}

/** A row the differential check masked, and the nodes whose boxes meet it outside its own ancestry. */
function demotionOf(page: CapturedPage, rowId: string): { row: string; causes: string[] } {
  const byId = new Map(page.nodes.map((node) => [node.id, node]));
  const row = byId.get(rowId);
  if (row?.box == null) return { row: rowId, causes: [] };
  const related = new Set<string>();
  for (let at: CapturedNode | undefined = row; at !== undefined; at = at.parentId === null ? undefined : byId.get(at.parentId))
    related.add(at.id);
  const [x, y, w, h] = row.box;
  const causes = page.nodes
    .filter((node) => {
      if (related.has(node.id) || node.box === null || node.offscreen) return false;
      const [nx, ny, nw, nh] = node.box;
      return nw > 0 && nh > 0 && nx < x + w && nx + nw > x && ny < y + h && ny + nh > y;
    })
    // The innermost first: a leaf names the cause better than the page wrapper around it.
    .sort((a, b) => a.box![2] * a.box![3] - b.box![2] * b.box![3])
    .slice(0, 3)
    .map(
      (node) =>
        `${node.role}${node.tag === null ? "" : `<${node.tag}${node.classes.length > 0 ? `.${node.classes[0]}` : ""}>`} ${JSON.stringify((node.text || node.name).slice(0, 30))}`,
    );
  return { row: `${row.role} ${JSON.stringify((row.text || row.name).slice(0, 40))}`, causes };
}

async function scrollPositions(page: Page): Promise<number[]> {
  const { scrollHeight, innerHeight } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
  }));
  const last = Math.max(0, scrollHeight - innerHeight);
  const step = Math.max(100, innerHeight - 80);
  const positions: number[] = [];
  for (let y = 0; y < last; y += step) positions.push(y);
  positions.push(last);
  return positions;
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((target) => window.scrollTo({ top: target, behavior: "instant" }), y);
  await page.waitForFunction((target) => Math.abs(window.scrollY - target) < 1, y);
}

/**
 * Masks the page loaded in `page` with `rules` at every scroll position and labels each on-screen
 * row from the DOM marks. Throws (MaskUnavailableError) when a mask cannot be built.
 */
export async function measurePage(
  page: Page,
  rules: unknown,
  options: { allPositions?: boolean; guard?: GuardOptions } = {},
): Promise<MeasuredView[]> {
  const marks = await PageMarks.open(page);
  try {
    const views: MeasuredView[] = [];
    const positions = options.allPositions === false ? [0] : await scrollPositions(page);
    for (const y of positions) {
      await scrollTo(page, y);
      let attempts = 0;
      const live = liveCapture(page);
      const masked = await buildMaskWithRetries(
        (decide) => {
          attempts++;
          return live(decide);
        },
        rules,
        options.guard,
      );
      views.push({
        url: page.url(),
        scrollY: y,
        attempts,
        droppedRules: masked.result.droppedRules.map((dropped) => dropped.ruleIndex),
        lint: lintRuleSet(parseRuleSet(rules), masked.page).map((issue) => `${JSON.stringify(issue.path)}: ${issue.message}`),
        rows: labelRows(masked.page, masked.result.rows, masked.result.mask, masked.result.screen, marks),
        untrustedPainted: untrustedPainted(masked.page, masked.result.rows),
        differential: (masked.differential?.demoted ?? []).map((id) => demotionOf(masked.page, id)),
      });
    }
    return views;
  } finally {
    await marks.close();
  }
}

function untrustedPainted(capture: CapturedPage, rows: readonly GuardRow[]): string[] {
  const byId = new Map(capture.nodes.map((node) => [node.id, node]));
  // Untrusted before echo: untrusted now for another reason, or released afterwards by an exception.
  const beforeEcho = (row: GuardRow): boolean =>
    row.source !== "echo" && (row.verdict === "untrusted" || row.source === "capacity" || row.source === "file");
  return rows.flatMap((row) => {
    const node = byId.get(row.nodeId);
    return beforeEcho(row) && node !== undefined ? [visibleTextOf(node, byId)] : [];
  });
}

function labelRows(
  capture: CapturedPage,
  rows: readonly GuardRow[],
  mask: readonly (readonly number[])[],
  screen: { width: number; height: number },
  marks: PageMarks,
): MeasuredRow[] {
  const { width, height } = screen;
  const bitmap = maskBitmap(mask, width, height);
  const byId = new Map(capture.nodes.map((node) => [node.id, node]));
  const backendOf = (id: string): number | null => {
    for (let node = byId.get(id); node !== undefined; node = node.parentId === null ? undefined : byId.get(node.parentId)) {
      if (node.backendNodeId !== null) return node.backendNodeId;
    }
    return null;
  };
  const markOf = (backend: number | null): Mark => {
    const found = backend === null ? null : marks.nearestAttribute(backend, [OPERATOR_MARK, CONTENT_MARK]);
    return found === OPERATOR_MARK ? "operator" : found === CONTENT_MARK ? "content" : null;
  };
  const out: MeasuredRow[] = [];
  for (const row of rows) {
    const node = byId.get(row.nodeId);
    if (node === undefined || node.offscreen) continue;
    const area = clippedArea(row.box, width, height);
    if (area === 0) continue;
    const backend = backendOf(row.nodeId);
    // The fields of a closed <details> form keep boxes but paint nothing: not a row anyone sees.
    if (backend !== null && marks.inClosedDetails(backend)) continue;
    const visibleText = visibleTextOf(node, byId);
    // A whitespace text run or an empty wrapper paints nothing worth counting.
    if (visibleText.trim() === "" && !["textbox", "checkbox", "button", "img", "other"].includes(row.role)) continue;
    out.push({
      nodeId: row.nodeId,
      role: row.role,
      text: row.text,
      visibleText,
      verdict: row.verdict,
      source: row.source,
      mark: markOf(backend),
      area,
      unmasked: unmaskedPixels(bitmap, width, height, row.box),
    });
  }
  return out;
}
