import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readSearchState, STATE_FILE, SUMMARY_FILE, summarizeAttack, treeNodes } from "../attack/index.js";
import { writeTextAtomic } from "../records/index.js";
import { attackReportHtml } from "../report/index.js";

/** Whether `dir` holds an adaptive attack search rather than a run (`safecua report` renders either). */
export function isAttackDir(dir: string): boolean {
  return existsSync(join(dir, STATE_FILE));
}

/**
 * Writes the search's HTML report (rates, tasks, breaks and the search trees) to `path`. The
 * budget is the one the search was last run with (its summary.json), so the report states what
 * the search was allowed, not only what it used.
 */
export function writeAttackReport(dir: string, path: string): void {
  const state = readSearchState(dir);
  const summaryPath = join(dir, SUMMARY_FILE);
  const budget = existsSync(summaryPath) ? Number(JSON.parse(readFileSync(summaryPath, "utf8")).budget ?? state.episodes) : state.episodes;
  const summary = summarizeAttack(state, Number.isFinite(budget) ? budget : state.episodes);
  const trees = state.trees.map((tree) => ({
    task_id: tree.task_id,
    broken: tree.broken,
    exhausted: tree.exhausted,
    nodes: treeNodes(tree),
  }));
  writeTextAtomic(path, attackReportHtml({ ...summary, trees }));
}
