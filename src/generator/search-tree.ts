import type { Scenario } from "../scenario/index.js";
import type { Strategy } from "./strategies.js";

/** UCB1 exploration constant (paper Table 4 and the reference code). */
export const DEFAULT_EXPLORATION = 1.41;

/**
 * A node of the search tree: one complete scenario. Generic over the kind of step that makes a
 * child (`K`): the generator's mutation strategies, or the adaptive attacker's operators
 * (src/attack/), which share this UCB1 tree rather than keeping a second one.
 */
export interface SearchNode<K extends string = Strategy> {
  id: string;
  scenario: Scenario;
  /** The strategy that produced this node from its parent; absent for the root (the seed). */
  strategy?: K;
  parent?: SearchNode<K>;
  children: SearchNode<K>[];
  /** Strategies not yet applied here, in the order they will be drawn from (seeded shuffle). */
  untried: K[];
  visits: number;
  /** Sum of the search rewards backed up through this node. */
  value: number;
  depth: number;
}

export function createNode<K extends string = Strategy>(
  scenario: Scenario,
  untried: readonly K[],
  parent?: SearchNode<K>,
  strategy?: K,
): SearchNode<K> {
  const node: SearchNode<K> = {
    id: scenario.id,
    scenario,
    children: [],
    untried: [...untried],
    visits: 0,
    value: 0,
    depth: parent ? parent.depth + 1 : 0,
  };
  if (parent) {
    node.parent = parent;
    parent.children.push(node);
  }
  if (strategy) node.strategy = strategy;
  return node;
}

/**
 * UCB1 of a child: +∞ when unvisited (every child is tried once before any is revisited); the
 * mean value alone when the parent has no visits yet (ln 0 is undefined); otherwise
 * mean + c·√(ln N_parent / n).
 */
export function ucb1<K extends string>(node: SearchNode<K>, exploration = DEFAULT_EXPLORATION): number {
  if (node.visits === 0) return Number.POSITIVE_INFINITY;
  const mean = node.value / node.visits;
  const parentVisits = node.parent?.visits ?? 0;
  if (parentVisits === 0) return mean;
  return mean + exploration * Math.sqrt(Math.log(parentVisits) / node.visits);
}

/** The child with the highest UCB1; ties go to the earliest child, so selection is deterministic. */
export function bestChild<K extends string>(node: SearchNode<K>, exploration = DEFAULT_EXPLORATION): SearchNode<K> | undefined {
  let best: SearchNode<K> | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const child of node.children) {
    const score = ucb1(child, exploration);
    if (best === undefined || score > bestScore) {
      best = child;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Selection: from the root, descend to the best UCB1 child while the current node has children
 * and cannot itself be expanded (no untried strategy, or the expansion budget is spent).
 */
export function selectNode<K extends string>(
  root: SearchNode<K>,
  expansionsUsed: number,
  expansionLimit: number,
  exploration = DEFAULT_EXPLORATION,
): SearchNode<K> {
  let current = root;
  while (current.children.length > 0 && (expansionsUsed >= expansionLimit || current.untried.length === 0)) {
    current = bestChild(current, exploration) as SearchNode<K>;
  }
  return current;
}

/** True when selection should expand `node` rather than re-simulate it. */
export function canExpand<K extends string>(node: SearchNode<K>, expansionsUsed: number, expansionLimit: number): boolean {
  return node.untried.length > 0 && expansionsUsed < expansionLimit;
}

/** Backpropagation: one visit and the search reward for the node and every ancestor. */
export function backpropagate<K extends string>(node: SearchNode<K>, searchReward: number): void {
  for (let current: SearchNode<K> | undefined = node; current; current = current.parent) {
    current.visits += 1;
    current.value += searchReward;
  }
}

/** Ids from the root to `node`, for the log. */
export function pathOf<K extends string>(node: SearchNode<K>): string[] {
  const ids: string[] = [];
  for (let current: SearchNode<K> | undefined = node; current; current = current.parent) ids.unshift(current.id);
  return ids;
}
