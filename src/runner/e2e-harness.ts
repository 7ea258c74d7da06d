import type { Browser } from "playwright-core";
import { BrowserTimeout, ContextPool, type ContextPoolStats, type LaunchBrowserOptions, launchBrowser } from "../browser/index.js";
import { type EpisodeRecord, ScreenshotStore } from "../records/index.js";
import { startWorkspace, type Workspace } from "../workspace/index.js";
import type { E2eTrackSettings } from "./e2e-settings.js";
import type { EpisodeSpec } from "./episode-spec.js";
import { type E2eEnvironment, runE2eEpisode } from "./run-e2e-episode.js";

export interface E2eHarness {
  readonly workspace: Workspace;
  runEpisode(spec: EpisodeSpec): Promise<EpisodeRecord>;
  /** The run's Chromium (launched again if it died), for work that is not an agent's episode (the F5 harness). */
  browser(): Promise<Browser>;
  /** Launches so far (1 + relaunches after a crash). */
  readonly launches: number;
  /** How often episodes got a warm context (null with `warmContexts: false`). */
  readonly contexts: ContextPoolStats | null;
  close(): Promise<void>;
}

export interface E2eHarnessOptions extends LaunchBrowserOptions {
  /** Where screenshots go: `<runDir>/screenshots/`. */
  runDir: string;
  settings: E2eTrackSettings;
  /** A running browser to use (left open at the end); one is launched when absent or once it has died. */
  browser?: Browser;
  /**
   * A running workspace server to use (left running at the end); one is started when absent. Runs
   * that share it share warm contexts too: a context is reused only for the same workspace origin.
   */
  workspace?: Workspace;
  /** Warm contexts to use (left open at the end: the caller's, with its own settings); the harness's own pool when absent. */
  contexts?: ContextPool;
  /**
   * Keep browser contexts warm between episodes, reset instead of made anew (`ContextPool`;
   * default true). False gives every episode a context of its own, as before.
   */
  warmContexts?: boolean;
}

/**
 * One workspace server and one Chromium for a whole run; every episode gets its own workspace
 * episode and its own browser context (a warm one, reset after its last episode, unless
 * `warmContexts` is false), so episodes run in parallel without seeing each other.
 * If Chromium dies (crash, OOM kill), the episodes that were using it become error records and
 * the next episode relaunches it, so a run survives a browser crash and a resume redoes only
 * what was lost.
 */
export async function startE2eHarness(options: E2eHarnessOptions): Promise<E2eHarness> {
  const workspace = options.workspace ?? (await startWorkspace());
  const screenshots = new ScreenshotStore(options.runDir);
  let instance: Browser | undefined = options.browser;
  const borrowed = options.browser;
  let launches = 0;
  // Calls are serialised, so episodes that find the browser gone at the same moment share one relaunch.
  let lock: Promise<unknown> = Promise.resolve();
  const browser = (): Promise<Browser> => {
    const result = lock.then(async () => {
      if (instance?.isConnected()) return instance;
      launches += 1;
      instance = await launchBrowser({
        sites: "workspace",
        ...(options.executablePath !== undefined && { executablePath: options.executablePath }),
      });
      return instance;
    });
    lock = result.catch(() => undefined);
    return result;
  };
  const browserTimeoutMs = options.settings.browser_timeout_ms;
  const pool =
    options.warmContexts === false
      ? undefined
      : (options.contexts ??
        new ContextPool(browserTimeoutMs === undefined ? {} : { browserTimeout: new BrowserTimeout(browserTimeoutMs) }));
  const environment: E2eEnvironment = {
    workspace,
    browser: () => browser(),
    ...(pool && { contexts: pool }),
    screenshots,
    // The observation mode is the agents' (they are built with it); the harness captures everything every step.
    settings: {
      maxSteps: options.settings.max_steps,
      ...(browserTimeoutMs !== undefined && { browserTimeoutMs }),
    },
  };
  return {
    workspace,
    get launches() {
      return launches;
    },
    get contexts() {
      return pool ? { ...pool.stats } : null;
    },
    runEpisode: (spec) => runE2eEpisode(spec, environment),
    browser,
    async close() {
      await lock.catch(() => undefined);
      if (pool !== options.contexts) await pool?.close();
      if (instance !== borrowed) await instance?.close().catch(() => undefined);
      if (workspace !== options.workspace) await workspace.close();
    },
  };
}
