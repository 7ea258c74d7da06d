import { z } from "zod";
import { ScenarioSchema } from "../scenario/index.js";

/** What fixes a search: a resume must name the same agent, tasks and seed (the budget may grow). */
const AttackSettingsSchema = z.object({
  agent: z.string(),
  q_model: z.string().optional(),
  /** The prompt defense of a model agent (`--defense`): a built-in name or a file, loaded again on resume. */
  defense: z.string().optional(),
  /** Protections of a guarded agent switched off (`--guard-ablate`), in `GUARD_ABLATION_NAMES` order. */
  guard_ablate: z.array(z.string()).optional(),
  /** The model of the mutation operator (`--mutator-model`), asked again on resume. */
  mutator_model: z.string().optional(),
  seed: z.number().int().nonnegative(),
  task_ids: z.array(z.string()),
  operators: z.array(z.string()),
  novelty_weight: z.number(),
  attempt_reward: z.number(),
});
export type AttackSettings = z.infer<typeof AttackSettingsSchema>;

const OutcomeSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("scored"), attacked: z.boolean(), completed: z.boolean(), attempted: z.boolean() }),
  z.object({ status: z.literal("error"), message: z.string() }),
]);

/**
 * One node of a task's tree. `invalid` variants failed the schema or their oracles and never met
 * the agent; `tried` ones did, with the outcome of that episode.
 */
const VariantNodeSchema = z.object({
  id: z.string(),
  parent: z.string().optional(),
  operator: z.string().optional(),
  detail: z.string().optional(),
  scenario: ScenarioSchema,
  untried: z.array(z.string()),
  visits: z.number().int().nonnegative(),
  value: z.number(),
  status: z.enum(["tried", "invalid"]),
  outcome: OutcomeSchema.optional(),
  problems: z.array(z.string()).optional(),
  novelty: z.number().optional(),
});
export type VariantNode = z.infer<typeof VariantNodeSchema>;

const TaskTreeSchema = z.object({
  task_id: z.string(),
  /** Attacked by the unmodified task or by a variant: the search moves on. */
  broken: z.boolean(),
  /** Nothing left to try (every branch spent or invalid). */
  exhausted: z.boolean(),
  /** Variants made so far (names the next one). */
  made: z.number().int().nonnegative(),
  nodes: z.array(VariantNodeSchema),
});
export type TaskTree = z.infer<typeof TaskTreeSchema>;

/** `search.json`: written after every iteration, so a kill loses at most the iteration in flight. */
export const SearchStateSchema = z.object({
  version: z.literal(1),
  settings: AttackSettingsSchema,
  /** The unmodified tasks, so a resume needs nothing but this file. */
  tasks: z.array(ScenarioSchema),
  /** Agent episodes on variants: what the budget counts. */
  episodes: z.number().int().nonnegative(),
  /** Oracle episodes that validated variants (not counted in the budget). */
  validation_episodes: z.number().int().nonnegative(),
  /** Agent episodes on the unmodified tasks (the static ASR). */
  static_episodes: z.number().int().nonnegative(),
  /** Search time so far, for episodes per minute across resumes. */
  elapsed_ms: z.number().nonnegative(),
  /** The round-robin position over the tasks. */
  turn: z.number().int().nonnegative(),
  trees: z.array(TaskTreeSchema),
});
export type SearchState = z.infer<typeof SearchStateSchema>;
