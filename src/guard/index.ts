// Public surface of the guard (SA-CUA): capture a page, judge its rows against a rule set, build
// the default-deny mask and paint it, check a pointer target against the masked screen, and keep
// rule sets per site and URL template. Other modules import only from here.

export * from "./agent/index.js";
export { type CapturedScreen, CaptureError, capturePage, captureScreen, liveCapture, SecondRenderError } from "./capture/index.js";
export { type CapturedNode, type CapturedPage, type CapturedPageInput, CapturedPageSchema } from "./captured-page.js";
export type { Rect } from "./geometry/rect.js";
export { GUARD_ABLATION_NAMES, GUARD_ABLATIONS, type GuardAblation, isGuardAblation } from "./guard-ablation.js";
export { type GuardOptions, type GuardResult, type GuardRow, guardPage } from "./guard-page.js";
export {
  buildMaskWithRetries,
  type CaptureSource,
  type DifferentialSummary,
  type MaskedScreen,
  takenCapture,
} from "./mask/build-mask-with-retries.js";
export { isMasked } from "./mask/is-masked.js";
export { MaskBuildError, MaskUnavailableError } from "./mask/mask-build-error.js";
export { paintMask } from "./mask/paint-mask.js";
export * from "./propose/index.js";
export type { Row } from "./rows/row.js";
export { type LintIssue, lintRuleSet } from "./rules/lint-rule-set.js";
export { parseRuleSet, RuleSetError } from "./rules/parse-rule-set.js";
export type { PageRule, PathRule, Rule, RuleSet, SelfRule } from "./rules/rule.js";
export { lintRuleFile } from "./store/lint-rule-file.js";
export { type LookupStep, matchKey, type ProposalRecord, type RuleLookup, type RuleSetEntry, RuleStore } from "./store/rule-store.js";
export { RuleStoreFolder, scopeFileName } from "./store/rule-store-folder.js";
export { type TemplateConfig, urlTemplate } from "./store/url-template.js";
export { type WorkspaceRuleSet, workspaceRuleSet, workspaceRuleStore } from "./store/workspace-rules.js";
export { checkPointerTarget, type PointerCheck, type PointerRefusal } from "./toctou/index.js";
export type { TrustVerdict, Verdict } from "./verdicts/verdict.js";
