// Public API of the scoring module: the deterministic matcher in its two modes, the LLM judge and
// the hybrid merge of the two into a `Score`.
export { hybridScore } from "./judge/hybrid-score.js";
export { judgeOutput } from "./judge/judge-output.js";
export { JUDGE_SYSTEM_PROMPT } from "./judge/judge-prompt.js";
export { type JudgeVerdict, JudgeVerdictRequestSchema } from "./judge/judge-verdict.js";
export { MATCHER_MODES, type MatcherMode, MatcherModeSchema } from "./matcher-mode.js";
export { scoreOutput } from "./score-output.js";
export { type GroundTruthItems, type MatchRule, type Score, ScoreSchema, type SharedOutput } from "./score-types.js";
export { sequenceRatio } from "./sequence-ratio.js";
