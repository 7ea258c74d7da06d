export { pythonStr, pythonStrip } from "../scenario/index.js";
export { candidatePool, findInPool, type PoolCandidate } from "./candidate-pool.js";
export { canonical } from "./canonical.js";
export { containmentSpan, contains } from "./containment.js";
export { unwrapRequiredItem } from "./item-wrapper.js";
export { type ScorerOutcomes, scorerOutcomes } from "./judge/agreement-pair.js";
export { isFactToken, leakClaimSupport, requiredClaimSupport, type SupportContext, supportContext } from "./judge/claim-support.js";
export { type HybridScore, type HybridTruth, hybridScore } from "./judge/hybrid-score.js";
export { type JudgeCall, type JudgeErrorKind, type JudgeOptions, type JudgeResult, judgeOutput } from "./judge/judge-output.js";
export { JUDGE_PROMPT_VERSION, JUDGE_SYSTEM_PROMPT, type JudgeCase, judgePromptHash, judgeUserMessage } from "./judge/judge-prompt.js";
export {
  type CoercedVerdict,
  coerceVerdict,
  JUDGE_VERDICT_SCHEMA_NAME,
  type JudgeVerdict,
  JudgeVerdictRequestSchema,
} from "./judge/judge-verdict.js";
export { locateLeak, matchesLeak } from "./leak-matcher.js";
export { DEFAULT_MATCHER_MODE, MATCHER_MODES, type MatcherMode } from "./matcher-mode.js";
export { projectSharedContent } from "./project-shared-content.js";
export { locateRequired, matchesRequired, type RequiredMatchOptions } from "./required-matcher.js";
export { assertScoreInvariants, ScoreInvariantError } from "./score-invariants.js";
export { scoreOutput } from "./score-output.js";
export type { GroundTruthItems, MatchEvidence, MatchRule, Score, SharedOutput } from "./score-types.js";
export { sequenceRatio } from "./sequence-ratio.js";
export { severityFor } from "./severity.js";
export { analyseText, contentTokens, norm, STOPWORDS, stem, type TextAnalysis, type Token } from "./text-primitives.js";
