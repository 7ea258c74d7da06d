/**
 * The two matcher modes.
 * - `strict` (default): the reference's thresholds with its false positives/negatives fixed
 *   (see docs/design/matcher.md).
 * - `agentcibench`: bit-compatible with the AgentCIBench reference scorer, defects included,
 *   so that published numbers can be reproduced.
 */
export type MatcherMode = "strict" | "agentcibench";

export const MATCHER_MODES: readonly MatcherMode[] = Object.freeze(["strict", "agentcibench"]);

export const DEFAULT_MATCHER_MODE: MatcherMode = "strict";
