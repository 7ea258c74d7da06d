/** How per-proxy rewards are combined into one (paper: mean over three proxies). */
export const AGGREGATES = ["mean", "min", "max"] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** Weight of the novelty bonus in the search reward (paper Table 4). */
export const DEFAULT_NOVELTY_WEIGHT = 0.5;
/** Keep threshold on the 0–5 reward scale: the paper's R* = 4.0 (the reference code used 3.0). */
export const DEFAULT_KEEP_THRESHOLD = 4.0;
/** How hard threshold-aware search pushes below the keep threshold: each point short costs this much. */
const THRESHOLD_PENALTY = 2;

export function aggregateRewards(values: readonly number[], mode: Aggregate): number {
  if (values.length === 0) throw new RangeError("aggregateRewards: no rollout to aggregate");
  if (mode === "min") return Math.min(...values);
  if (mode === "max") return Math.max(...values);
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export interface SearchRewardInput {
  /** Aggregated raw reward (utility × severity), 0–5. */
  reward: number;
  /** novelty weight × novelty. */
  bonus: number;
  keepThreshold: number;
  thresholdAware: boolean;
}

export interface SearchReward {
  value: number;
  /** THRESHOLD_PENALTY × how far the reward is below the keep threshold (0 when plain or at/above it). */
  penalty: number;
}

/**
 * The value backed up through the tree.
 * - plain: reward + bonus (e.g. 2.0 + 0.3 = 2.3);
 * - threshold-aware: max(0, reward − 2·max(0, keep − reward) + bonus). Rewards at or above the keep
 *   threshold are unchanged; below it each missing point costs two more, so the search stops
 *   spending visits on branches that are merely "somewhat" leaky. At keep 3.0: reward 2.0 with
 *   bonus 0.3 gives 2.0 − 2.0 + 0.3 = 0.3 (the reference's test). At our default keep 4.0 the same
 *   node gives max(0, 2.0 − 4.0 + 0.3) = 0, a reward of 3.0 gives 1.3, and 4.0 gives 4.3.
 */
export function searchReward(input: SearchRewardInput): SearchReward {
  if (!input.thresholdAware) return { value: input.reward + input.bonus, penalty: 0 };
  const penalty = THRESHOLD_PENALTY * Math.max(0, input.keepThreshold - input.reward);
  return { value: Math.max(0, input.reward - penalty + input.bonus), penalty };
}
