// Public API of the statistics module. Pure functions, no I/O, no imports from other safecua modules.
export { SeededRandom, seededRandom, deriveStreamState } from "./seeded-random.js";
export { BinomialInverseCdf } from "./binomial-inverse-cdf.js";
export { linearQuantile } from "./linear-quantile.js";
export { resampleMeans, MAX_DISTINCT_FOR_COUNTS, type ResampleMethod } from "./resample-means.js";
export {
  bootstrapMeanCI,
  DEFAULT_LEVEL,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  type BootstrapMeanOptions,
  type MeanWithCI,
} from "./bootstrap-mean-ci.js";
export {
  summarizeOutcomes,
  UNKNOWN_FAILURE_MODE,
  type BehaviourBreakdown,
  type Estimate,
  type MetricSummary,
  type Outcome,
  type SummarizeOptions,
} from "./summarize-outcomes.js";
export { erfc, normalCdf, normalQuantile } from "./normal-distribution.js";
export {
  cohenH,
  minimumDetectableDifference,
  minimumDetectableH,
  sampleSizePerGroup,
  twoProportionPower,
  type DetectableShift,
  type MinimumDetectableDifference,
} from "./power.js";
export { wilsonInterval } from "./wilson-interval.js";
export { mcnemarExactTest } from "./mcnemar-exact-test.js";
export {
  pairedComparison,
  type BinaryResult,
  type PairedComparison,
  type PairedComparisonOptions,
} from "./paired-comparison.js";
export {
  binaryAgreement,
  judgeMatcherAgreement,
  type BinaryAgreement,
  type BinaryValue,
  type JudgeMatcherAgreement,
  type JudgeMatcherPair,
} from "./agreement.js";
