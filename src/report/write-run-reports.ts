import { join } from "node:path";
import { RUN_FILES, writeTextAtomic } from "../records/index.js";
import { renderHtmlReport } from "./html-report.js";
import { type LoadReportRunOptions, loadReportRun } from "./load-report-run.js";
import { markdownReport } from "./markdown-report.js";

/** Writes `report.html` into a run folder (atomically) and returns its path. */
export async function writeHtmlReport(runDir: string, options: LoadReportRunOptions = {}): Promise<string> {
  const run = await loadReportRun(runDir, options);
  const path = join(runDir, RUN_FILES.htmlReport);
  writeTextAtomic(path, await renderHtmlReport([run]));
  return path;
}

/**
 * The reports of a finished (or stopped) run, from what is on disk: `report.md` and
 * `report.html`. Returns the paths written.
 */
export async function writeRunReports(runDir: string, options: LoadReportRunOptions = {}): Promise<{ markdown: string; html: string }> {
  const run = await loadReportRun(runDir, options);
  const { manifest, summary } = run;
  const markdown = join(runDir, RUN_FILES.report);
  writeTextAtomic(
    markdown,
    markdownReport({
      runId: manifest.run_id,
      ...(manifest.name !== undefined && { name: manifest.name }),
      ...(manifest.tags !== undefined && { tags: manifest.tags }),
      dataset: manifest.dataset.label,
      matcher: manifest.matcher,
      scenarioCount: manifest.dataset.scenario_count,
      epochs: manifest.epochs,
      seed: manifest.seed,
      resamples: manifest.bootstrap_resamples,
      rows: summary.agents,
      ...(summary.mask_integrity && { maskIntegrity: summary.mask_integrity }),
    }),
  );
  const html = join(runDir, RUN_FILES.htmlReport);
  writeTextAtomic(html, await renderHtmlReport([run]));
  return { markdown, html };
}
