import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { Command } from "commander";
import { compareRuns, createViewerApp, type RunListing, type RunSource, renderHtmlReport } from "../../report/index.js";
import { RUN_FILES, readManifest, readRecords, summarizeRecords } from "../../runner/index.js";
import { UsageError } from "../exit-codes.js";
import { nonNegativeInt } from "../option-parsers.js";
import { loadComparableRun } from "./compare.js";
import { loadReportRun } from "./report.js";

/** The viewer binds here and nowhere else: results and agent outputs are private by default. */
export const VIEWER_HOST = "127.0.0.1";
export const DEFAULT_VIEWER_PORT = 4790;

function mtimeOf(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function listingOf(id: string, dir: string): RunListing {
  try {
    const manifest = readManifest(dir);
    const { records } = readRecords(dir);
    // summary.json when it is there (and newer than the records); otherwise the numbers from the records.
    const summaryPath = join(dir, RUN_FILES.summary);
    const summary =
      existsSync(summaryPath) && mtimeOf(summaryPath) >= mtimeOf(join(dir, RUN_FILES.records))
        ? (JSON.parse(readFileSync(summaryPath, "utf8")) as ReturnType<typeof summarizeRecords>)
        : summarizeRecords(records, {
            runId: manifest.run_id,
            dataset: manifest.dataset.label,
            matcher: manifest.matcher,
            arms: manifest.arms,
            seed: manifest.seed,
            resamples: 1,
          });
    return {
      id,
      created_at: manifest.created_at,
      dataset: manifest.dataset.label,
      scenario_count: manifest.dataset.scenario_count,
      epochs: manifest.epochs,
      matcher: manifest.matcher,
      records: records.length,
      errors: records.filter((record) => record.status === "error").length,
      rows: (summary.agents ?? []).map((row) => ({
        agent: row.agent,
        defense: row.defense,
        n: row.n,
        utility: row.utility.value,
        engaged_leakage: row.engaged_leakage.n > 0 ? row.engaged_leakage.value : null,
      })),
    };
  } catch (error) {
    return {
      id,
      created_at: "",
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
export function folderRunSource(runsDir: string): RunSource {
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

export interface RunningViewer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the viewer on 127.0.0.1 (port 0 picks a free one) and resolves once it listens. */
export function startViewer(options: { runsDir: string; port: number }): Promise<RunningViewer> {
  const app = createViewerApp(folderRunSource(options.runsDir));
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch: app.fetch, hostname: VIEWER_HOST, port: options.port }, (info: AddressInfo) => {
      resolvePromise({
        url: `http://${VIEWER_HOST}:${info.port}/`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive connections would hold close() open; the viewer has nothing to finish.
            if ("closeAllConnections" in server) (server as { closeAllConnections: () => void }).closeAllConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}

interface ViewOptions {
  port: number;
}

export function viewCommand(): Command {
  return new Command("view")
    .description("browse runs in a local, read-only web viewer on 127.0.0.1: list runs, open reports, compare two runs")
    .argument("[runs-dir]", "folder holding run folders", "runs")
    .option("--port <n>", "port on 127.0.0.1 (0 picks a free one)", nonNegativeInt, DEFAULT_VIEWER_PORT)
    .action(async (runsDir: string, options: ViewOptions) => {
      if (!existsSync(runsDir) || !statSync(runsDir).isDirectory())
        throw new UsageError(`${runsDir}: no such folder (run \`safecua bench\` first, or name the folder)`);
      let viewer: RunningViewer;
      try {
        viewer = await startViewer({ runsDir, port: options.port });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EADDRINUSE")
          throw new UsageError(`view: port ${options.port} is in use; choose another with --port (0 picks a free one)`);
        throw error;
      }
      process.stderr.write(`safecua view: ${viewer.url} (read-only; Ctrl-C to stop)\n`);
      await new Promise<void>((done) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          void viewer.close().then(done);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
    });
}
