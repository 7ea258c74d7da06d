import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { RUN_FILES, readManifest, readRecords, summarizeRun } from "../records/index.js";
import { compareRuns } from "./compare-runs.js";
import { renderHtmlReport } from "./html-report.js";
import { loadComparableRun } from "./load-comparable-run.js";
import { loadReportRun } from "./load-report-run.js";
import type { RunSource } from "./viewer-app.js";
import type { RunListing } from "./viewer-pages.js";

function mtimeOf(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function listingOf(id: string, dir: string): RunListing {
  try {
    const manifest = readManifest(dir);
    const { records } = readRecords(dir);
    // Point estimates only: the listing shows no intervals, so one resample is enough.
    const summary = summarizeRun(manifest, records, { resamples: 1 });
    // F5 tasks are measured once by the harness, never run as episodes.
    const agentTasks = manifest.dataset.scenario_count - (manifest.dataset.mask_integrity_tasks ?? 0);
    return {
      id,
      created_at: manifest.created_at,
      ...(manifest.name !== undefined && { name: manifest.name }),
      tags: manifest.tags ?? [],
      suite: manifest.injection ? "injection" : "disclosure",
      track: manifest.track ?? "state-grounded",
      agents: manifest.agents,
      episodes: agentTasks * manifest.epochs * manifest.arms.length,
      dataset: manifest.dataset.label,
      scenario_count: manifest.dataset.scenario_count,
      epochs: manifest.epochs,
      matcher: manifest.matcher,
      records: records.length,
      errors: records.filter((record) => record.status === "error").length,
      rows: summary.agents.map((row) => ({
        agent: row.agent,
        defense: row.defense,
        n: row.n,
        utility: row.n > 0 ? row.utility.value : null,
        engaged_leakage: row.engaged_leakage.n > 0 ? row.engaged_leakage.value : null,
      })),
    };
  } catch (error) {
    return {
      id,
      created_at: "",
      tags: [],
      suite: "disclosure",
      track: "state-grounded",
      agents: [],
      episodes: 0,
      dataset: "",
      scenario_count: 0,
      epochs: 0,
      matcher: "",
      records: 0,
      errors: 0,
      rows: [],
      problem: (error as Error).message,
    };
  }
}

/**
 * A runs folder as the viewer's source: every sub-folder with a manifest.json is a run, listed
 * newest first. Reports are rendered on demand and cached until the run's files change.
 */
export function runFolderSource(runsDir: string): RunSource {
  const root = resolve(runsDir);
  const cache = new Map<string, { stamp: string; html: string }>();
  const runIds = () =>
    existsSync(root)
      ? readdirSync(root, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, RUN_FILES.manifest)))
          .map((entry) => entry.name)
      : [];
  // An id is used only if the listing has it, so a request can never name a path outside the folder.
  const dirOf = (id: string) => (runIds().includes(id) ? join(root, id) : undefined);
  return {
    label: runsDir,
    async list() {
      return runIds()
        .map((id) => listingOf(id, join(root, id)))
        .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? -1 : 1));
    },
    async report(id) {
      const dir = dirOf(id);
      if (dir === undefined) return undefined;
      const stamp = [RUN_FILES.manifest, RUN_FILES.records].map((file) => mtimeOf(join(dir, file))).join(":");
      const cached = cache.get(id);
      if (cached?.stamp === stamp) return cached.html;
      const html = await renderHtmlReport([await loadReportRun(dir)], { homeHref: "/" });
      cache.set(id, { stamp, html });
      return html;
    },
    async compare(a, b) {
      const dirA = dirOf(a);
      const dirB = b === undefined ? undefined : dirOf(b);
      if (dirA === undefined || (b !== undefined && dirB === undefined)) return undefined;
      const runA = loadComparableRun(dirA);
      const runB = dirB === undefined || b === a ? undefined : loadComparableRun(dirB);
      return compareRuns(runA, runB, { seed: runA.manifest.seed, resamples: runA.manifest.bootstrap_resamples });
    },
  };
}
