// Rule proposal for pages nobody wrote rules for (docs/design/rule-proposal.md): the text-free
// skeleton, the four-call pipeline with its remove-only audit, and the per-template cache in the
// rule store.
export { ProposalFailedError } from "./proposal-failed-error.js";
export type { ProposalStep } from "./proposal-schemas.js";
export type { ProposalFailure } from "./propose-rules.js";
export { memoryRuleSetTarget, type PageRuleSet, ProposedRuleCache, type RuleSetTarget } from "./proposed-rule-cache.js";
