import { z } from "zod";

/**
 * The two matcher modes.
 * - `strict` (default): the reference's thresholds with its false positives/negatives fixed
 *   (see docs/design/matcher.md).
 * - `agentcibench`: bit-compatible with the AgentCIBench reference scorer, defects included,
 *   so that published numbers can be reproduced.
 */
export const MatcherModeSchema = z.enum(["strict", "agentcibench"]);
export type MatcherMode = z.infer<typeof MatcherModeSchema>;

export const MATCHER_MODES: readonly MatcherMode[] = Object.freeze([...MatcherModeSchema.options]);

export const DEFAULT_MATCHER_MODE: MatcherMode = "strict";
