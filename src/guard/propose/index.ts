// Rule proposal for pages nobody wrote rules for (docs/design/rule-proposal.md): the text-free
// skeleton, the four-call pipeline with its remove-only audit, and the per-template cache in the
// rule store.
export { type RuleExtent, ruleExtents } from "./extent-feedback.js";
export { ProposalFailedError } from "./proposal-failed-error.js";
export { PROPOSAL_SCHEMA_NAMES, type ProposalStep, type SitePrior } from "./proposal-schemas.js";
export {
  type ProposalCall,
  type ProposalFailure,
  type ProposalOutcome,
  type ProposeOptions,
  type ProposerModels,
  proposeRules,
} from "./propose-rules.js";
export {
  memoryRuleSetTarget,
  type PageRuleSet,
  ProposedRuleCache,
  type ProposedRuleCacheOptions,
  type RuleSetTarget,
} from "./proposed-rule-cache.js";
export { buildSkeleton, pageTexts, type Skeleton } from "./skeleton.js";
