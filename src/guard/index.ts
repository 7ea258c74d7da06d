// Public surface of the guard (SA-CUA): capture a page, judge its rows against a rule set, build
// the default-deny mask and paint it, keep rule sets per site and URL template, and the guarded
// agent, which checks each pointer target against the masked screen. Other modules import only
// from here.

export * from "./agent/index.js";
export { capturePage, captureScreen, liveCapture } from "./capture/index.js";
export { type CapturedNode, type CapturedPage, type CapturedPageInput, CapturedPageSchema } from "./captured-page.js";
export type { Rect } from "./geometry/rect.js";
export { GUARD_ABLATION_NAMES, type GuardAblation, isGuardAblation } from "./guard-ablation.js";
export { type GuardOptions, type GuardResult, type GuardRow, guardPage } from "./guard-page.js";
export { buildMaskWithRetries, type CaptureSource, type MaskedScreen, takenCapture } from "./mask/build-mask-with-retries.js";
export { isMasked } from "./mask/is-masked.js";
export { MaskBuildError, MaskUnavailableError } from "./mask/mask-build-error.js";
export { paintMask } from "./mask/paint-mask.js";
export * from "./propose/index.js";
export { lintRuleSet } from "./rules/lint-rule-set.js";
export { parseRuleSet, RuleSetError } from "./rules/parse-rule-set.js";
export type { PathRule, Rule, RuleSet } from "./rules/rule.js";
export { lintRuleFile } from "./store/lint-rule-file.js";
export { matchKey, type RuleSetEntry, RuleStore } from "./store/rule-store.js";
export { RuleStoreFolder } from "./store/rule-store-folder.js";
export { urlTemplate } from "./store/url-template.js";
export { workspaceRuleSet, workspaceRuleStore } from "./store/workspace-rules.js";
export type { Verdict } from "./verdicts/verdict.js";
