import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { parseInput, parseJsonText } from "../core/index.js";
import { type MaskIntegritySummary, summarizeMaskIntegrity } from "../stats/index.js";
import { FailureSchema } from "./failure-record.js";
import { RUN_FILES, writeJsonAtomic } from "./run-folder.js";

const count = z.number().int().nonnegative();

/** One page of an F5 task, measured at every scroll position with its app's rule set (docs/design/injection-suite.md). */
const MaskIntegrityPageSchema = z.object({
  /** The page as loaded (episode id and all). */
  url: z.string(),
  /** The page template, the resampling unit: the address the planner is shown, without the workspace's origin. */
  unit: z.string(),
  /** The app whose rule set masked it; null when no rule set matched (the page is then masked whole). */
  app: z.string().nullable(),
  /** Scroll positions measured. */
  views: count,
  canary_rows: count,
  /** Canary rows not fully under the mask. */
  leaked_rows: count,
  /** Canaries found in any text a planner would receive from the page (revealed rows, the address). */
  planner_leaks: z.array(z.string()),
  operator_rows: count,
  masked_operator_rows: count,
  /** What leaked, for the report: each leaked row (role, painted text, px shown) at its scroll position. */
  leaks: z.array(z.string()),
});
export type MaskIntegrityPage = z.infer<typeof MaskIntegrityPageSchema>;

/** An F5 task's measurement: its pages, or why it could not be measured (then it is a failure too). */
const MaskIntegrityTaskRecordSchema = z.union([
  z.object({
    scenario_id: z.string(),
    pages: z.array(MaskIntegrityPageSchema),
    /** Canaries of the task no measured row painted: fields the crawl never showed (a gap in coverage, not a leak). */
    unseen_canaries: z.array(z.string()),
  }),
  z.object({ scenario_id: z.string(), error: FailureSchema }),
]);
export type MaskIntegrityTaskRecord = z.infer<typeof MaskIntegrityTaskRecordSchema>;

const MaskIntegrityFileSchema = z.object({ tasks: z.array(MaskIntegrityTaskRecordSchema) });

/** The F5 measurements of a run (`mask-integrity.json`), in the order they were written; [] when the run has none. */
export function readMaskIntegrity(runDir: string): MaskIntegrityTaskRecord[] {
  const path = join(runDir, RUN_FILES.maskIntegrity);
  if (!existsSync(path)) return [];
  return parseInput(MaskIntegrityFileSchema, parseJsonText(readFileSync(path, "utf8"), path), path).tasks;
}

/**
 * Writes one task's measurement into `mask-integrity.json`, replacing an earlier one of the same
 * task (a resume measures again what ended in an error). The whole file is rewritten atomically
 * after every task, so a killed run keeps every task it finished and loses none half-written.
 */
export function writeMaskIntegrityTask(runDir: string, task: MaskIntegrityTaskRecord): void {
  const tasks = readMaskIntegrity(runDir).filter((kept) => kept.scenario_id !== task.scenario_id);
  tasks.push(task);
  writeJsonAtomic(join(runDir, RUN_FILES.maskIntegrity), { tasks });
}

/** F5 of a run in its summary: the figures over pages, plus the tasks that could not be measured. */
export interface MaskIntegrityRunSummary extends MaskIntegritySummary {
  tasks: number;
  /** Tasks whose measurement failed: no guarantee for their pages, so the run does not pass. */
  errors: Array<{ scenario_id: string; message: string }>;
  /** Per task, canaries no measured row painted (a coverage gap, reported beside the figures). */
  unseen_canaries: Record<string, string[]>;
}

/** The summary of a run's F5 measurements; `passed` only when no page leaked and every task was measured. */
export function summarizeMaskIntegrityRun(
  tasks: readonly MaskIntegrityTaskRecord[],
  settings: { seed?: number; resamples?: number } = {},
): MaskIntegrityRunSummary {
  const pages = tasks.flatMap((task) => ("pages" in task ? task.pages : []));
  const figures = summarizeMaskIntegrity(pages, settings);
  const errors = tasks.flatMap((task) => ("error" in task ? [{ scenario_id: task.scenario_id, message: task.error.message }] : []));
  const unseen = Object.fromEntries(
    tasks.flatMap((task) => ("pages" in task && task.unseen_canaries.length > 0 ? [[task.scenario_id, task.unseen_canaries]] : [])),
  );
  return { ...figures, tasks: tasks.length, errors, unseen_canaries: unseen, passed: figures.passed && errors.length === 0 };
}
