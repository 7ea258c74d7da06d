// Public surface of the guard (SA-CUA). Other modules import only from here.

export { capacityNormalise, isCapacityBounded, matchCapacityGrammar } from "./capacity/capacity-match.js";
export { passesFragmentCheck, textBlockOf } from "./capacity/fragment-check.js";
export { CURRENCY_SIGNS, GRAMMAR_IDS, GRAMMARS, type GrammarId } from "./capacity/grammars.js";
export {
  ALIGNMENT_TOLERANCE_PX,
  type AlignmentResult,
  type CapturedScreen,
  CaptureError,
  type CaptureLimits,
  type CaptureOptions,
  capturePage,
  captureScreen,
  DEFAULT_CAPTURE_LIMITS,
  recheckAlignment,
} from "./capture/index.js";
export {
  type Box,
  BoxSchema,
  CAPTURE_LIMITS,
  type CapturedFrame,
  CapturedFrameSchema,
  type CapturedNode,
  type CapturedNodeInput,
  CapturedNodeSchema,
  type CapturedPage,
  type CapturedPageInput,
  CapturedPageSchema,
  type CaptureLimit,
  screenshotSize,
} from "./captured-page.js";
export { type Rect, snapInward, snapOutward } from "./geometry/rect.js";
export { subtractRects, unionArea, unionRects } from "./geometry/rect-set.js";
export { type GuardOptions, type GuardResult, type GuardRow, guardPage, validateCapture } from "./guard-page.js";
export { buildMaskWithRetries, type CaptureWithScreenshot, MASK_RETRIES, type MaskedScreen } from "./mask/build-mask-with-retries.js";
export { composeMask, type MaskPlan } from "./mask/compose-mask.js";
export { isMasked } from "./mask/is-masked.js";
export { MaskBuildError, type MaskBuildFailure, MaskUnavailableError } from "./mask/mask-build-error.js";
export { paintMask } from "./mask/paint-mask.js";
export { planMask } from "./mask/plan-mask.js";
export { buildPageTree, type PageTree } from "./page-tree.js";
export {
  isKnownRole,
  KNOWN_RAW_ROLES,
  NORMALISED_ROLES,
  type NormalisedRole,
  NormalisedRoleSchema,
  normaliseRole,
  roleMatches,
} from "./roles.js";
export type { ContentRoot } from "./rows/content-root.js";
export { buildPageModel, type NodeInfo, type PageModel } from "./rows/page-model.js";
export type { AncestorRecord, ForcedReason, Row } from "./rows/row.js";
export { type LintIssue, lintRuleSet, MIN_CLASS_FRAGMENT } from "./rules/lint-rule-set.js";
export { identifierMatches, matchPathRule } from "./rules/match-rule.js";
export { parseRuleSet, RuleSetError } from "./rules/parse-rule-set.js";
export {
  type Identifier,
  IdentifierSchema,
  isPageRule,
  isPathRule,
  isSelfRule,
  type PageRule,
  PageRuleSchema,
  type PathRule,
  PathRuleSchema,
  type Rule,
  type RuleSet,
  type SelfRule,
  SelfRuleSchema,
} from "./rules/rule.js";
export { normaliseHost } from "./store/normalise-host.js";
export {
  type LookupStep,
  type RuleLookup,
  type RuleSetEntry,
  type RuleSetMatch,
  RuleStore,
  RuleStoreFileSchema,
} from "./store/rule-store.js";
export { looserTemplate, type TemplateConfig, urlTemplate } from "./store/url-template.js";
export { checkPointerTarget, type GuardedView, type PointerCheck, type PointerRefusal } from "./toctou/index.js";
export { applyExceptions, type ExceptionInputs } from "./verdicts/apply-exceptions.js";
export { CONSENT_FINGERPRINTS, findConsentContainers } from "./verdicts/consent-fingerprints.js";
export { coverageCap, type DroppedRule } from "./verdicts/coverage-cap.js";
export { applyEchoDemotion, ECHO_MIN_LENGTH, echoNormalise, echoPieces } from "./verdicts/echo-demotion.js";
export { baseName, isOwnedFileName, isOwnedFileUrl, type OwnedFiles, ownedFilesFrom } from "./verdicts/file-ownership.js";
export { applyContainment, CONTAINMENT_TOLERANCE_PX, containmentHolds, DEGENERATE_AREA_PX } from "./verdicts/geometric-containment.js";
export { resolveVerdict } from "./verdicts/resolve-verdict.js";
export { pageRuleOf, type RuleContext, ruleGrant } from "./verdicts/rule-context.js";
export { matchSelfRule, sameIdentity } from "./verdicts/self-authored.js";
export type { TrustVerdict, Verdict, VerdictSource } from "./verdicts/verdict.js";
