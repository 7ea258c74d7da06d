import { z } from "zod";
import type { EpisodeRecord, RunManifest, RunSummary } from "../runner/index.js";
import type { Scenario } from "../scenario/index.js";

/**
 * One step of an end-to-end episode as the report shows it. The end-to-end track records steps
 * on its records (`steps`); this shape is deliberately tolerant (unknown fields pass, the action
 * may be a string or an object) so that reports keep working while that format settles.
 */
export const RecordedStepSchema = z
  .object({
    index: z.number().int().nonnegative().optional(),
    action: z.unknown().optional(),
    error: z.unknown().optional(),
    duration_ms: z.number().nonnegative().optional(),
    url: z.string().optional(),
    thought: z.string().optional(),
    /** Path of the screenshot inside the run folder (content-addressed file). */
    screenshot: z.string().optional(),
  })
  .passthrough();
export type RecordedStep = z.infer<typeof RecordedStepSchema>;

/** A step ready to render: the screenshot, when there is one, already read into a data URI. */
export interface ReportStep {
  index: number;
  action: string;
  error?: string;
  duration_ms?: number;
  url?: string;
  thought?: string;
  screenshot?: { data_uri: string } | { missing: string };
}

/** Everything the HTML report needs of one run, already loaded: the report itself does no I/O. */
export interface ReportRun {
  manifest: RunManifest;
  records: EpisodeRecord[];
  summary: RunSummary;
  /** The run's scenarios (prompt, state, items); empty when the dataset could not be loaded. */
  scenarios: Scenario[];
  /** End-to-end steps by record key. */
  steps?: Map<string, ReportStep[]>;
  /** Problems met while loading (dataset moved, damaged lines), shown at the top of the report. */
  notes?: string[];
}
