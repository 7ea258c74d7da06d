// Public API of the statistics module. Pure functions, no I/O, no imports from other safecua modules.
export { type BinaryAgreement, binaryAgreement, judgeMatcherAgreement } from "./agreement.js";
export { bootstrapMeanCI } from "./bootstrap-mean-ci.js";
export { clusterMeanCI, clusterRateCI } from "./cluster-rate-ci.js";
export {
  type InjectionFamilySummary,
  type InjectionOutcome,
  type InjectionPooledSummary,
  summarizeInjection,
  summarizeInjectionPooled,
} from "./injection-summary.js";
export { linearQuantile } from "./linear-quantile.js";
export { type MaskIntegrityOutcome, type MaskIntegritySummary, summarizeMaskIntegrity } from "./mask-integrity-summary.js";
export { mcnemarExactTest } from "./mcnemar-exact-test.js";
export { estimateOf, METRICS, type MetricDescriptor } from "./metric-descriptor.js";
export { type PairedComparison, pairedComparison } from "./paired-comparison.js";
export { pairedMinimumDetectableDifference } from "./paired-power.js";
export { cohenH, minimumDetectableDifference, sampleSizePerGroup, twoProportionPower } from "./power.js";
export { seededRandom } from "./seeded-random.js";
export { stratifiedSample, stratumCounts } from "./stratified-sample.js";
export {
  type BehaviourBreakdown,
  type Estimate,
  type MetricSummary,
  type Outcome,
  summarizeOutcomes,
  UNKNOWN_FAILURE_MODE,
} from "./summarize-outcomes.js";
export { wilsonInterval } from "./wilson-interval.js";
