import type { Defense } from "../agents/index.js";
import type { CacheMode } from "../models/index.js";
import { createRunFolder } from "../records/index.js";
import {
  DEFAULT_E2E_SETTINGS,
  finishRun,
  type NewRunOptions,
  newRunManifest,
  prepareResume,
  type ResumeOptions,
  type RunResult,
  runMaskIntegrity,
} from "../runner/index.js";
import { type CollectOptions, collectEpisodes, type QueueProgress } from "./collect-episodes.js";
import { checkRedis } from "./redis-connection.js";
import type { RedisTarget } from "./redis-url.js";

/** What a queued run adds to a local one: where the queue is, and the defenses' wording for the jobs. */
export interface QueueSettings {
  target: RedisTarget;
  defenses: ReadonlyMap<string, Defense>;
  /** The cache mode workers use for model calls (their own cache file). */
  cacheMode: CacheMode;
  onQueue?: (progress: QueueProgress) => void;
  pollMs?: number;
}

/** A queued run's result: a local run's, and why it stopped early when Redis went away. */
export interface QueuedRunResult extends RunResult {
  lost?: string;
}

type Hooks = Pick<CollectOptions, "stop" | "onStart" | "onRecord" | "onQueue" | "pollMs">;

function hooksOf(options: Pick<NewRunOptions, "stop" | "onStart" | "onRecord"> & Pick<QueueSettings, "onQueue" | "pollMs">): Hooks {
  return {
    ...(options.stop && { stop: options.stop }),
    ...(options.onStart && { onStart: options.onStart }),
    ...(options.onRecord && { onRecord: options.onRecord }),
    ...(options.onQueue && { onQueue: options.onQueue }),
    ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
  };
}

function maskIntegrityHooks(options: Pick<NewRunOptions, "stop" | "onMaskIntegrity">) {
  return {
    ...(options.stop && { stop: options.stop }),
    ...(options.onMaskIntegrity && { onMaskIntegrity: options.onMaskIntegrity }),
  };
}

/**
 * A new run whose episodes run on workers: planned exactly as `startRun` plans it (same manifest,
 * same keys), with Redis checked before the run folder exists.
 */
export async function startQueuedRun(options: NewRunOptions & QueueSettings): Promise<QueuedRunResult> {
  const manifest = newRunManifest(options);
  await checkRedis(options.target);
  const runDir = createRunFolder(options.outDir, manifest);
  // F5 tasks run no agent: this process measures them (it needs Chromium for that), workers run the episodes.
  await runMaskIntegrity(runDir, options.scenarios, maskIntegrityHooks(options));
  const outcome = await collectEpisodes({
    target: options.target,
    runDir,
    manifest,
    scenarios: options.scenarios,
    arms: options.arms,
    defenses: options.defenses,
    ...(options.e2e && { e2e: options.e2e }),
    ...(manifest.model_options && { modelOptions: manifest.model_options }),
    cache: options.cacheMode,
    finished: new Set(),
    ...hooksOf(options),
  });
  return { ...finishRun(runDir, manifest, outcome.interrupted, options.onSummarising), ...(outcome.lost && { lost: outcome.lost }) };
}

/**
 * Resumes a queued (or local) run on the queue: keeps every record once, collects the results
 * workers finished while no collector was writing, and enqueues the rest (errors again unless
 * `retryErrors` is false).
 */
export async function resumeQueuedRun(
  runDir: string,
  // The collector rebuilds nothing itself: the caller passes the manifest's parts (`rebuildFromManifest`).
  options: Omit<ResumeOptions, "concurrency" | "models"> &
    Required<Pick<ResumeOptions, "loadScenarios" | "resolveAgent">> &
    Omit<QueueSettings, "defenses"> & { defenseOf: (name: string) => Defense },
): Promise<QueuedRunResult> {
  await checkRedis(options.target);
  const { manifest, scenarios, arms, resumable } = await prepareResume(runDir, { ...options, runsEpisodes: false });
  const e2e = manifest.track === "e2e" ? { ...(manifest.e2e ?? DEFAULT_E2E_SETTINGS) } : undefined;
  await runMaskIntegrity(runDir, scenarios, maskIntegrityHooks(options));
  const outcome = await collectEpisodes({
    target: options.target,
    runDir,
    manifest,
    scenarios,
    arms,
    defenses: new Map(manifest.arms.map((arm) => [arm.defense, options.defenseOf(arm.defense)])),
    ...(e2e && { e2e }),
    ...(manifest.model_options && { modelOptions: manifest.model_options }),
    cache: options.cacheMode,
    finished: resumable.finished,
    retried: resumable.retried,
    ...hooksOf(options),
  });
  return { ...finishRun(runDir, manifest, outcome.interrupted, options.onSummarising), ...(outcome.lost && { lost: outcome.lost }) };
}
