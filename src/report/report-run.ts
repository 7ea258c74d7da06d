import type { EpisodeRecord, RunManifest, RunSummary } from "../records/index.js";
import type { Scenario } from "../scenario/index.js";

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
