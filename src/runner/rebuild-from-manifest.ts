import { dirname, join } from "node:path";
import type { Agent } from "../agents/index.js";
import { type CacheMode, defaultCachePath, type ModelFlags, ModelSetup } from "../models/index.js";
import { RUN_FILES, type RunManifest } from "../records/index.js";
import type { Scenario } from "../scenario/index.js";
import { selectScenarios } from "../scenario/index.js";
import { agentResolver, defenseFromManifest } from "./agent-specs.js";
import { DEFAULT_E2E_SETTINGS } from "./e2e-settings.js";
import type { EpisodeJudge } from "./episode-spec.js";
import { isBuiltinLabel, loadDataset } from "./load-dataset.js";
import { modelJudge } from "./model-judge.js";

/** What a resume needs besides the run folder, as the run's manifest describes it. */
export interface RebuiltRun {
  /** The run's dataset again: the manifest's paths (or its built-in pack), its subset re-applied. */
  loadScenarios: (manifest: RunManifest) => Promise<Scenario[]>;
  /** An arm's agent: its id on the run's track, under the defense the run used (checked against its hash). */
  resolveAgent: (id: string, defense: string) => Agent;
  /** The run's judge, when it had one. */
  judge?: EpisodeJudge;
}

/**
 * Rebuilds a run's scenarios, agents and judge from its manifest, the way `bench --resume` does:
 * the manifest alone decides what runs, so a resume from a library and one from the CLI run the
 * same episodes. `models` reaches the run's models (see `modelSetupFromManifest`); `log` receives
 * the dataset's load warnings.
 */
export function rebuildFromManifest(
  runDir: string,
  manifest: RunManifest,
  models: ModelSetup,
  log: (line: string) => void = () => {},
): RebuiltRun {
  const manifestPath = join(runDir, RUN_FILES.manifest);
  const resolve = agentResolver(
    manifest.track ?? "state-grounded",
    models,
    manifest.e2e?.observation ?? DEFAULT_E2E_SETTINGS.observation,
    manifest.e2e?.guard ?? {},
  );
  return {
    loadScenarios: async (saved) =>
      selectScenarios(
        (
          await loadDataset(
            // A built-in pack's paths are not kept (they move with the install): its label finds it.
            isBuiltinLabel(saved.dataset.label) ? undefined : saved.dataset.paths,
            log,
            saved.injection ? "injection" : "disclosure",
          )
        ).scenarios,
        saved.dataset.selection,
      ),
    resolveAgent: (id, defense) => resolve(id, defenseFromManifest(defense, manifest, manifestPath)),
    ...(manifest.judge && { judge: modelJudge(models.client(manifest.judge), manifest.judge) }),
  };
}

/**
 * The model setup a resumed run starts from: the manifest's model options and cache, each
 * overridden by a value in `overrides` (the CLI's flags given now). Every model the run used gets
 * its client at once, so a bad spec or config fails before any episode.
 */
export function modelSetupFromManifest(
  runDir: string,
  manifest: RunManifest,
  overrides: Partial<ModelFlags> = {},
  cacheBeside: string = dirname(runDir),
): ModelSetup {
  const saved = manifest.model_options ?? {};
  const flags: ModelFlags = { cache: overrides.cache ?? (manifest.cache?.mode as CacheMode | undefined) ?? "read-write" };
  const cachePath = overrides.cachePath ?? manifest.cache?.path;
  const baseUrl = overrides.baseUrl ?? saved.base_url;
  const config = overrides.config ?? saved.config;
  const timeoutMs = overrides.timeoutMs ?? saved.timeout_ms;
  const maxRetries = overrides.maxRetries ?? saved.max_retries;
  if (cachePath !== undefined) flags.cachePath = cachePath;
  if (baseUrl !== undefined) flags.baseUrl = baseUrl;
  if (config !== undefined) flags.config = config;
  if (timeoutMs !== undefined) flags.timeoutMs = timeoutMs;
  if (maxRetries !== undefined) flags.maxRetries = maxRetries;
  const models = new ModelSetup(flags, defaultCachePath(cacheBeside));
  try {
    for (const spec of Object.keys(manifest.models ?? {})) models.client(spec);
  } catch (error) {
    models.close();
    throw error;
  }
  return models;
}
