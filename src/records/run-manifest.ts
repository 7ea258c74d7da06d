import { z } from "zod";
import { MatcherModeSchema } from "../scoring/index.js";

/** How model clients are built (flags, config file path): what a resume or a queued worker needs to rebuild them. Never keys. */
export const ModelOptionsRecordSchema = z.object({
  base_url: z.string().optional(),
  config: z.string().optional(),
  timeout_ms: z.number().optional(),
  max_retries: z.number().optional(),
});

/**
 * The guarded agent's settings as a run keeps them (`e2e.guard`): its role models, rule proposal and
 * ablations. One schema for the manifest and the queue's jobs, so a worker rebuilds the agent the
 * local run would (a copy in the job once dropped `propose_model` and `no_propose` silently).
 */
export const GuardSettingsRecordSchema = z
  .object({
    q_model: z.string(),
    crosscheck_model: z.string(),
    classifier_model: z.string(),
    propose_model: z.string(),
    no_propose: z.boolean(),
    /** `--guard-ablate`: protections switched off (the agent ids carry them too, as labels). */
    ablate: z.array(z.string()),
  })
  .partial();

/** A run's configuration, enough to resume or reproduce it. Never holds secrets. */
export const RunManifestSchema = z.object({
  run_id: z.string(),
  created_at: z.string(),
  safecua_version: z.string(),
  node_version: z.string(),
  command: z.string(),
  /** `--name`: a label for the run (the viewer lists and filters by it). */
  name: z.string().optional(),
  /** `--tag`, repeatable: labels to group and filter runs by. */
  tags: z.array(z.string()).optional(),
  /**
   * The evaluation as it was resolved (config file, flags and defaults together), in the format
   * of a config file's `bench:` section (README "Eval files"), and the file it started from.
   */
  config: z.object({ file: z.string().optional(), bench: z.record(z.string(), z.unknown()) }).optional(),
  dataset: z.object({
    label: z.string(),
    paths: z.array(z.string()),
    /** The subset flags (--scenario, --failure-mode, --category, --app, --limit) that picked the run's scenarios. */
    selection: z
      .object({
        ids: z.array(z.string()).optional(),
        failure_modes: z.array(z.string()).optional(),
        categories: z.array(z.string()).optional(),
        apps: z.array(z.string()).optional(),
        limit: z.number().int().positive().optional(),
      })
      .optional(),
    scenario_count: z.number().int(),
    /** Of those, F5 (mask-integrity) tasks: measured once per run by the harness, never run as episodes. Absent: none. */
    mask_integrity_tasks: z.number().int().positive().optional(),
    /** sha256 of the canonical scenarios; a resume refuses a dataset that changed. */
    fingerprint: z.string(),
  }),
  agents: z.array(z.string()),
  defenses: z.array(z.string()),
  /** Every agent × defense pair that is run, in summary order. */
  arms: z.array(z.object({ agent: z.string(), defense: z.string() })),
  /** The judge's `provider:model` spec when hybrid scoring is on. */
  judge: z.string().optional(),
  /** The record/replay cache used for model calls (never holds secrets). */
  cache: z.object({ mode: z.string(), path: z.string().optional() }).optional(),
  /** How model clients were built (flags, config file path), so a resume rebuilds the same ones. Never keys. */
  model_options: ModelOptionsRecordSchema.optional(),
  /** What each model spec resolved to (provider, base URL, key variable name — never its value). */
  models: z.record(z.string(), z.unknown()).optional(),
  /** Every defense's wording, pinned by hash; file defenses keep their path so a resume can reload them. */
  defense_sources: z.array(z.object({ name: z.string(), sha256: z.string(), path: z.string().optional() })).optional(),
  /** Absent for the state-grounded track (runs made before tracks existed are state-grounded). */
  track: z.enum(["state-grounded", "e2e"]).optional(),
  /** End-to-end settings, so a resume runs the same budget and observation. */
  e2e: z
    .object({
      max_steps: z.number().int().positive(),
      observation: z.enum(["axtree", "screenshot", "mixed"]),
      /** The guarded agent's role models (quarantined, crosscheck, classifier) when set. */
      guard: GuardSettingsRecordSchema.optional(),
      /** The browser timeout's base in ms (`--browser-timeout`); absent: the default. */
      browser_timeout_ms: z.number().positive().optional(),
    })
    .optional(),
  /**
   * `safecua bench --suite injection`: what scored the attacks, pinned by hash — every file of the
   * pack (path as loaded, sha256 of its bytes) and the evaluator code. Absent for disclosure runs.
   */
  injection: z
    .object({
      pack_files: z.array(z.object({ path: z.string(), sha256: z.string() })),
      evaluator_sha256: z.string(),
    })
    .optional(),
  matcher: MatcherModeSchema,
  epochs: z.number().int().positive(),
  seed: z.number().int(),
  bootstrap_resamples: z.number().int().positive(),
});
export type RunManifest = z.infer<typeof RunManifestSchema>;
