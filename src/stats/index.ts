// Public API of the statistics module. Pure functions, no I/O, no imports from other safecua modules.

export {
  type BinaryAgreement,
  type BinaryValue,
  binaryAgreement,
  type JudgeMatcherAgreement,
  type JudgeMatcherPair,
  judgeMatcherAgreement,
} from "./agreement.js";
export { BinomialInverseCdf } from "./binomial-inverse-cdf.js";
export {
  type BootstrapMeanOptions,
  bootstrapMeanCI,
  DEFAULT_LEVEL,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  type MeanWithCI,
} from "./bootstrap-mean-ci.js";
export { linearQuantile } from "./linear-quantile.js";
export { mcnemarExactTest } from "./mcnemar-exact-test.js";
export { erfc, normalCdf, normalQuantile } from "./normal-distribution.js";
export {
  type BinaryResult,
  type PairedComparison,
  type PairedComparisonOptions,
  pairedComparison,
} from "./paired-comparison.js";
export {
  cohenH,
  type DetectableShift,
  type MinimumDetectableDifference,
  minimumDetectableDifference,
  minimumDetectableH,
  sampleSizePerGroup,
  twoProportionPower,
} from "./power.js";
export { MAX_DISTINCT_FOR_COUNTS, type ResampleMethod, resampleMeans } from "./resample-means.js";
export { deriveStreamState, SeededRandom, seededRandom } from "./seeded-random.js";
export {
  type BehaviourBreakdown,
  type Estimate,
  type MetricSummary,
  type Outcome,
  type SummarizeOptions,
  summarizeOutcomes,
  UNKNOWN_FAILURE_MODE,
} from "./summarize-outcomes.js";
export { wilsonInterval } from "./wilson-interval.js";
