import { z } from "zod";
import type { ModelClient } from "../models/index.js";
import { type Provenance, type Scenario, ScenarioSchema } from "../scenario/index.js";
import { seededRandom } from "../stats/index.js";
import { childId, derivedSeed } from "./child-id.js";
import type { GeneratorSettings } from "./generator-settings.js";
import type { IterationRow, TimingRow } from "./iteration-row.js";
import { mutate } from "./mutate.js";
import { novelty, type Signature, signatureOf } from "./novelty.js";
import { aggregateRewards, searchReward } from "./reward.js";
import { backpropagate, canExpand, createNode, pathOf, type SearchNode, selectNode } from "./search-tree.js";
import { type Simulator, simulate } from "./simulate.js";
import { STRATEGIES, type Strategy } from "./strategies.js";
import { UsageMeter } from "./usage-tally.js";

/** Everything needed to continue a seed's search: written after every iteration (checkpoints/<seed>.json). */
export const SeedCheckpointSchema = z.object({
  version: z.literal(1),
  seed_id: z.string(),
  /** Iterations finished; the next one is this + 1. */
  done: z.number().int().nonnegative(),
  expansions_used: z.number().int().nonnegative(),
  nodes: z.array(
    z.object({
      id: z.string(),
      parent: z.string().optional(),
      strategy: z.enum(STRATEGIES).optional(),
      scenario: ScenarioSchema,
      untried: z.array(z.enum(STRATEGIES)),
      visits: z.number().int().nonnegative(),
      value: z.number(),
    }),
  ),
  archive: z.array(z.object({ prompt: z.string(), must_not_share: z.array(z.string()) })),
  /** Ids of nodes kept, in keep order (a re-simulated node may be kept again; exact dedup removes the copy). */
  kept: z.array(z.string()),
});
export type SeedCheckpoint = z.infer<typeof SeedCheckpointSchema>;

export interface SeedSearchDeps {
  mutator: ModelClient;
  simulator: Simulator;
  settings: GeneratorSettings;
  /**
   * Aborted: no further iteration starts. The one in flight is not cut off (its model calls are
   * not given this signal), so it ends as a whole logged row and a Ctrl-C never turns into a crash
   * or a half iteration.
   */
  signal?: AbortSignal;
  /**
   * Aborted (a stop's grace period is over): the model calls of the iteration in flight are cut
   * off and the iteration is dropped unlogged, so a resume runs it again.
   */
  cut?: AbortSignal;
  /** Called after each iteration, before the next starts (append the log, write the checkpoint). */
  onIteration?: (row: IterationRow, timing: TimingRow, checkpoint: SeedCheckpoint) => void | Promise<void>;
}

/** The untried strategies of a new node: a Fisher–Yates shuffle from a stream keyed by the node id. */
export function untriedOrder(nodeId: string, seed: number): Strategy[] {
  const order: Strategy[] = [...STRATEGIES];
  const rng = seededRandom(seed, `untried:${nodeId}`);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = rng.nextInt(i + 1);
    [order[i], order[j]] = [order[j] as Strategy, order[i] as Strategy];
  }
  return order;
}

/** One seed's search: the tree, the novelty archive and the kept list, resumable from a checkpoint. */
export class SeedSearch {
  readonly root: SearchNode;
  private readonly nodes = new Map<string, SearchNode>();
  private archive: Signature[] = [];
  private keptIds: string[] = [];
  expansionsUsed = 0;
  done = 0;

  constructor(
    readonly seedScenario: Scenario,
    private readonly deps: SeedSearchDeps,
    checkpoint?: SeedCheckpoint,
  ) {
    const seed = deps.settings.seed;
    if (checkpoint) {
      for (const entry of checkpoint.nodes) {
        const parent = entry.parent !== undefined ? this.nodes.get(entry.parent) : undefined;
        if (entry.parent !== undefined && !parent)
          throw new Error(
            `checkpoint for ${checkpoint.seed_id}: node ${entry.id} names a parent ${entry.parent} that comes later or is missing`,
          );
        const node = createNode(entry.scenario, entry.untried, parent, entry.strategy);
        node.visits = entry.visits;
        node.value = entry.value;
        this.nodes.set(node.id, node);
      }
      const root = checkpoint.nodes[0] ? this.nodes.get(checkpoint.nodes[0].id) : undefined;
      if (!root || root.id !== seedScenario.id)
        throw new Error(`checkpoint for ${checkpoint.seed_id} does not start at the seed ${seedScenario.id}`);
      this.root = root;
      this.archive = checkpoint.archive.map((entry) => ({ prompt: entry.prompt, mustNotShare: new Set(entry.must_not_share) }));
      this.keptIds = [...checkpoint.kept];
      this.expansionsUsed = checkpoint.expansions_used;
      this.done = checkpoint.done;
    } else {
      this.root = createNode(seedScenario, untriedOrder(seedScenario.id, seed));
      this.nodes.set(this.root.id, this.root);
      // The archive starts with the seed, so a child that only reshuffles the seed earns no bonus.
      this.archive = [signatureOf(seedScenario)];
    }
  }

  get kept(): Scenario[] {
    return this.keptIds.map((id) => (this.nodes.get(id) as SearchNode).scenario);
  }

  checkpoint(): SeedCheckpoint {
    const nodes: SeedCheckpoint["nodes"] = [];
    const visit = (node: SearchNode) => {
      nodes.push({
        id: node.id,
        ...(node.parent && { parent: node.parent.id }),
        ...(node.strategy && { strategy: node.strategy }),
        scenario: node.scenario,
        untried: [...node.untried],
        visits: node.visits,
        value: node.value,
      });
      node.children.forEach(visit);
    };
    visit(this.root);
    return {
      version: 1,
      seed_id: this.root.id,
      done: this.done,
      expansions_used: this.expansionsUsed,
      nodes,
      archive: this.archive.map((entry) => ({ prompt: entry.prompt, must_not_share: [...entry.mustNotShare] })),
      kept: [...this.keptIds],
    };
  }

  /** Runs the remaining iterations (up to settings.iterations), stopping early when the signal aborts. */
  async run(): Promise<void> {
    while (this.done < this.deps.settings.iterations) {
      if (this.deps.signal?.aborted) return;
      try {
        await this.step();
      } catch (error) {
        // Only a cut call ends up here on purpose; the iteration was neither logged nor checkpointed.
        if (this.deps.cut?.aborted) return;
        throw error;
      }
    }
  }

  private childProvenance(parent: SearchNode, strategy: Strategy): Provenance {
    const seed = this.seedScenario;
    const { settings } = this.deps;
    return {
      source: "safecua-generate",
      ...(seed.provenance.license !== undefined && { license: seed.provenance.license }),
      seed_id: seed.id,
      family: strategy,
      extra: {
        parent_id: parent.id,
        seed_source: seed.provenance.source,
        generator: {
          prompt_version: settings.prompt_version,
          mutator: settings.mutator,
          proxies: settings.proxies,
          ...(settings.judge !== undefined && { judge: settings.judge }),
          aggregate: settings.aggregate,
          keep_threshold: settings.keep_threshold,
          threshold_aware: settings.threshold_aware,
          seed: settings.seed,
        },
      },
    };
  }

  /** One MCTS iteration: select, expand (or re-simulate), simulate, score, backpropagate, keep. */
  async step(): Promise<IterationRow> {
    const { settings } = this.deps;
    const iteration = this.done + 1;
    const started = performance.now();
    const meter = new UsageMeter();
    const selected = selectNode(this.root, this.expansionsUsed, settings.expansion_limit, settings.exploration);
    const row: IterationRow = {
      seed_id: this.root.id,
      iteration,
      action: "resimulate",
      node: selected.id,
      path: pathOf(selected),
      depth: selected.depth,
      discarded: false,
      discard_reasons: [],
      rollouts: [],
      proxy_rewards: [],
      keep_threshold: settings.keep_threshold,
      kept: false,
      errors: [],
      expansions_used: this.expansionsUsed,
      usage: { ...meter.tally, total: meter.total() },
    };
    let target: SearchNode | undefined = selected;

    if (canExpand(selected, this.expansionsUsed, settings.expansion_limit)) {
      const strategy = selected.untried.shift() as Strategy; // consumed even if the mutation is discarded
      let id = childId(this.root.id, selected.id, strategy, iteration, settings.seed);
      while (this.nodes.has(id)) id = `${id}x`;
      row.action = "expand";
      row.strategy = strategy;
      row.parent = selected.id;
      row.node = id;
      row.path = [...pathOf(selected), id];
      row.depth = selected.depth + 1;
      const result = await mutate({
        client: this.deps.mutator,
        parent: selected.scenario,
        strategy,
        id,
        provenance: this.childProvenance(selected, strategy),
        repairAttempts: settings.repair_attempts,
        temperature: settings.temperature,
        seed: derivedSeed(settings.seed, id),
        meter,
        ...(this.deps.cut && { signal: this.deps.cut }),
      });
      row.mutator_attempts = result.attempts;
      if (!result.ok) {
        row.discarded = true;
        row.discard_reasons = result.reasons;
        if (result.error) row.errors.push(`mutator: ${result.error}`);
        target = undefined;
      } else {
        if (result.repaired_from) row.repaired_from = result.repaired_from;
        const child = createNode(result.scenario, untriedOrder(id, settings.seed), selected, strategy);
        this.nodes.set(id, child);
        this.expansionsUsed += 1;
        row.expansions_used = this.expansionsUsed;
        target = child;
      }
    } else if (selected === this.root) {
      // Only reachable when every strategy at the root was discarded (or the budget is 0): the
      // seed itself is never a candidate, so there is nothing to simulate.
      row.action = "idle";
      row.discard_reasons = ["no node can be expanded and the seed itself is not a candidate"];
      target = undefined;
    }

    if (target) await this.evaluate(target, iteration, meter, row);
    // Past a stop's grace period a cut call may have been folded into the row as a failure: drop it.
    this.deps.cut?.throwIfAborted();
    row.usage = { ...structuredClone(meter.tally), total: meter.total() };
    this.done = iteration;
    const timing: TimingRow = {
      seed_id: this.root.id,
      iteration,
      wall_ms: Math.round(performance.now() - started),
      model_latency_ms: Math.round(meter.timing.latency_ms),
      cached_calls: meter.timing.cached_calls,
    };
    await this.deps.onIteration?.(row, timing, this.checkpoint());
    return row;
  }

  private async evaluate(target: SearchNode, iteration: number, meter: UsageMeter, row: IterationRow): Promise<void> {
    const { settings } = this.deps;
    const rollouts = await simulate(this.deps.simulator, target.scenario, settings.seed, iteration, meter, this.deps.cut);
    row.rollouts = rollouts;
    const failed = rollouts.filter((rollout) => !rollout.ok);
    if (failed.length > 0) {
      // As the reference: a failed rollout makes the iteration an error, with no backpropagation.
      row.errors.push(...failed.map((rollout) => `${rollout.proxy}: ${rollout.error}`));
      return;
    }
    const rewards = rollouts.map((rollout) => rollout.reward as number);
    row.proxy_rewards = rewards;
    row.reward = aggregateRewards(rewards, settings.aggregate);
    row.utility = aggregateRewards(
      rollouts.map((rollout) => rollout.utility as number),
      settings.aggregate,
    );
    row.ci_violation = aggregateRewards(
      rollouts.map((rollout) => rollout.ci_violation as number),
      settings.aggregate,
    );
    const signature = signatureOf(target.scenario);
    row.novelty = novelty(signature, this.archive);
    this.archive.push(signature);
    row.novelty_bonus = settings.novelty_weight * row.novelty;
    const search = searchReward({
      reward: row.reward,
      bonus: row.novelty_bonus,
      keepThreshold: settings.keep_threshold,
      thresholdAware: settings.threshold_aware,
    });
    row.threshold_penalty = search.penalty;
    row.search_reward = search.value;
    backpropagate(target, search.value);
    if (target !== this.root && row.reward >= settings.keep_threshold) {
      row.kept = true;
      this.keptIds.push(target.id);
    }
  }
}
