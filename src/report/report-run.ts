import type { EpisodeRecord, RunManifest, RunSummary, StepTurn } from "../records/index.js";
import type { Scenario } from "../scenario/index.js";

/** A screenshot read from the run folder into a data URI, or why it could not be. */
export type ReportScreenshot = { data_uri: string } | { missing: string };

/** A tool turn ready to render: as recorded (usage aside), its screenshot read like a step's. */
export interface ReportTurn extends Omit<StepTurn, "screenshot" | "usage"> {
  screenshot?: ReportScreenshot;
}

/** A step ready to render: the screenshot, when there is one, already read into a data URI. */
export interface ReportStep {
  index: number;
  action: string;
  error?: string;
  duration_ms?: number;
  url?: string;
  thought?: string;
  screenshot?: ReportScreenshot;
  /** The tool turns behind the step's action (agents that plan in tool calls); absent otherwise. */
  turns?: ReportTurn[];
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
