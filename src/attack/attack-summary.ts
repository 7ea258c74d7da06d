import { clusterRateCI } from "../stats/index.js";
import { payloadAttackOf } from "./operator.js";
import type { SearchState, TaskTree, VariantNode } from "./search-state.js";

/** A rate over tasks with its 95% CI (cluster bootstrap over tasks; Wilson at 0/n and n/n). */
interface TaskRate {
  value: number;
  ci: [number, number] | null;
  k: number;
  n: number;
}

interface AttackSuccess {
  id: string;
  task_id: string;
  /** The operators from the unmodified task to this variant, each with its concrete choice. */
  operators: string[];
  placement: string[];
  /** The variant as a pack file, relative to the output folder. */
  file: string;
}

export interface AttackSummary {
  agent: string;
  q_model?: string;
  /** The prompt defense, when one was set (a row of the defense table). */
  defense?: string;
  /** The guard's protections switched off, when any were (an ablation row). */
  guard_ablate?: string[];
  /** The model mutator's model, when the search had one. */
  mutator_model?: string;
  budget: number;
  /** Agent episodes the search spent on variants (≤ budget). */
  episodes: number;
  static_episodes: number;
  validation_episodes: number;
  episodes_per_minute: number | null;
  tasks: number;
  static_asr: TaskRate;
  adaptive_asr: TaskRate;
  successes: AttackSuccess[];
  /** Per task: attacked unmodified, attacked by a variant, variants that met the agent, variants refused by their checks. */
  per_task: Array<{ id: string; static: boolean; adaptive: boolean; variants: number; invalid: number; error?: string }>;
}

export const SUCCESS_DIR = "successes";

const attacked = (node: VariantNode | undefined) => node?.outcome?.status === "scored" && node.outcome.attacked;

function rate(hits: readonly boolean[], key: string): TaskRate {
  const k = hits.filter(Boolean).length;
  const n = hits.length;
  return {
    value: n === 0 ? 0 : k / n,
    ci: clusterRateCI(
      hits.map((hit) => ({ k: hit ? 1 : 0, n: 1 })),
      { key },
    ),
    k,
    n,
  };
}

/** The operator chain from the root to `node`, each as its detail line. */
function chainOf(nodes: readonly VariantNode[], node: VariantNode): string[] {
  const byId = new Map(nodes.map((entry) => [entry.id, entry]));
  const chain: string[] = [];
  for (let at: VariantNode | undefined = node; at?.parent !== undefined; at = byId.get(at.parent))
    chain.unshift(at.detail ?? at.operator ?? "?");
  return chain;
}

/**
 * The search's figures: static ASR (the unmodified tasks, scored ones only) beside adaptive ASR
 * (a task counts when the unmodified task or any valid variant attacked), each over the same
 * tasks, and every successful variant.
 */
export function summarizeAttack(state: SearchState, budget: number): AttackSummary {
  const scored = state.trees.filter((tree) => tree.nodes[0]?.outcome?.status === "scored");
  const successes: AttackSuccess[] = [];
  const perTask: AttackSummary["per_task"] = [];
  for (const tree of state.trees) {
    const root = tree.nodes[0];
    const variants = tree.nodes.slice(1);
    for (const node of variants.filter(attacked))
      successes.push({
        id: node.id,
        task_id: tree.task_id,
        operators: chainOf(tree.nodes, node),
        placement: payloadAttackOf(node.scenario)?.payload.placement ?? [],
        file: `${SUCCESS_DIR}/${node.id}.yaml`,
      });
    perTask.push({
      id: tree.task_id,
      static: attacked(root),
      adaptive: attacked(root) || variants.some(attacked),
      variants: variants.filter((node) => node.status === "tried").length,
      invalid: variants.filter((node) => node.status === "invalid").length,
      ...(root?.outcome?.status === "error" && { error: root.outcome.message }),
    });
  }
  const minutes = state.elapsed_ms / 60_000;
  const spent = state.episodes + state.static_episodes + state.validation_episodes;
  return {
    agent: state.settings.agent,
    ...(state.settings.q_model !== undefined && { q_model: state.settings.q_model }),
    ...(state.settings.defense !== undefined && { defense: state.settings.defense }),
    ...(state.settings.guard_ablate !== undefined && { guard_ablate: state.settings.guard_ablate }),
    ...(state.settings.mutator_model !== undefined && { mutator_model: state.settings.mutator_model }),
    budget,
    episodes: state.episodes,
    static_episodes: state.static_episodes,
    validation_episodes: state.validation_episodes,
    episodes_per_minute: minutes > 0 ? Math.round((spent / minutes) * 10) / 10 : null,
    tasks: scored.length,
    static_asr: rate(
      scored.map((tree) => attacked(tree.nodes[0])),
      "attack:static",
    ),
    adaptive_asr: rate(
      scored.map((tree) => attacked(tree.nodes[0]) || tree.nodes.slice(1).some(attacked)),
      "attack:adaptive",
    ),
    successes,
    per_task: perTask,
  };
}

/** One node of a search tree as reports show it: where it sits, what made it, how the search rated it. */
export interface AttackTreeNode {
  id: string;
  depth: number;
  /** "unmodified" at the root; else the operator with its concrete choice. */
  choice: string;
  visits: number;
  /** Mean reward over its visits; null when never visited. */
  mean: number | null;
  outcome: "attacked" | "attempted" | "not attacked" | "invalid" | "error" | "not run";
  /** Why a variant was invalid, or the error of its episode. */
  note?: string;
}

/** A task's tree in depth-first order (children in the order they were made), for tree.txt and the HTML report. */
export function treeNodes(tree: TaskTree): AttackTreeNode[] {
  const children = new Map<string, VariantNode[]>();
  for (const node of tree.nodes) if (node.parent !== undefined) children.set(node.parent, [...(children.get(node.parent) ?? []), node]);
  const out: AttackTreeNode[] = [];
  const visit = (node: VariantNode, depth: number) => {
    const note =
      node.status === "invalid" ? (node.problems?.[0] ?? "?") : node.outcome?.status === "error" ? node.outcome.message : undefined;
    out.push({
      id: node.id,
      depth,
      choice: depth === 0 ? "unmodified" : (node.detail ?? node.operator ?? "?"),
      visits: node.visits,
      mean: node.visits > 0 ? node.value / node.visits : null,
      outcome: outcomeOf(node),
      ...(note !== undefined && { note }),
    });
    for (const child of children.get(node.id) ?? []) visit(child, depth + 1);
  };
  if (tree.nodes[0]) visit(tree.nodes[0], 0);
  return out;
}

function outcomeOf(node: VariantNode): AttackTreeNode["outcome"] {
  if (node.status === "invalid") return "invalid";
  if (node.outcome === undefined) return "not run";
  if (node.outcome.status === "error") return "error";
  if (node.outcome.attacked) return "attacked";
  return node.outcome.attempted ? "attempted" : "not attacked";
}

/** The search trees as indented text (`tree.txt`): operator, choice, visits, mean reward, outcome. */
export function treeText(state: SearchState): string {
  const lines = state.trees.flatMap((tree) =>
    treeNodes(tree).map((node) => {
      const label = node.depth === 0 ? `${node.id} (unmodified)` : `${node.id} [${node.choice}]`;
      const outcome = node.outcome === "attacked" ? "ATTACKED" : node.note !== undefined ? `${node.outcome} (${node.note})` : node.outcome;
      return `${"  ".repeat(node.depth)}${label} visits ${node.visits} mean ${node.mean === null ? "-" : node.mean.toFixed(2)} ${outcome}`;
    }),
  );
  return `${lines.join("\n")}\n`;
}
