// Public API of the statistics module. Pure functions, no I/O, no imports from other safecua modules.
export { type BinaryAgreement, binaryAgreement, type JudgeMatcherAgreement, judgeMatcherAgreement } from "./agreement.js";
export { bootstrapMeanCI, DEFAULT_RESAMPLES, DEFAULT_SEED, type MeanWithCI } from "./bootstrap-mean-ci.js";
export { type ClusterRateOptions, clusterMeanCI, clusterRateCI, type UnitCount, type UnitSum } from "./cluster-rate-ci.js";
export {
  type InjectionFamilySummary,
  type InjectionOutcome,
  type InjectionPooledSummary,
  type InjectionSummaryOptions,
  summarizeInjection,
  summarizeInjectionPooled,
} from "./injection-summary.js";
export { linearQuantile } from "./linear-quantile.js";
export {
  type MaskIntegrityFailure,
  type MaskIntegrityOutcome,
  type MaskIntegritySummary,
  summarizeMaskIntegrity,
} from "./mask-integrity-summary.js";
export { mcnemarExactTest } from "./mcnemar-exact-test.js";
export { estimateOf, isEngagedOutcome, METRICS, type MetricDescriptor } from "./metric-descriptor.js";
export { type BinaryResult, type PairedComparison, pairedComparison } from "./paired-comparison.js";
export { pairedMinimumDetectableDifference } from "./paired-power.js";
export {
  cohenH,
  type MinimumDetectableDifference,
  minimumDetectableDifference,
  referenceMinimumDetectableH,
  sampleSizePerGroup,
  twoProportionPower,
} from "./power.js";
export { seededRandom } from "./seeded-random.js";
export { type StratifiedSampleOptions, stratifiedSample, stratumCounts } from "./stratified-sample.js";
export {
  type BehaviourBreakdown,
  type Estimate,
  type MeanEstimate,
  type MetricSummary,
  type Outcome,
  summarizeOutcomes,
  UNKNOWN_FAILURE_MODE,
} from "./summarize-outcomes.js";
export { wilsonInterval } from "./wilson-interval.js";
