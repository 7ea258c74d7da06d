// Public API of the model layer: `provider:model` specs over the AI SDK, the config file,
// record/replay cache, retries and usage. No imports from other safecua modules.
export {
  ModelCallError,
  type ModelClient,
  type ModelErrorKind,
  type ModelMessage,
  type ModelRequest,
  type ModelResponse,
  type ModelUsage,
} from "./model-client.js";
export { createModelClient, type ConfiguredModelClient, type ModelCacheOptions, type ModelClientOptions } from "./create-model-client.js";
export { parseModelSpec, isProviderName, ModelSpecError, PROVIDERS, type ParsedModelSpec, type ProviderName } from "./model-spec.js";
export {
  discoverModelConfig,
  endpointSchema,
  loadModelConfig,
  MODEL_CONFIG_FILE,
  modelConfigSchema,
  modelDefaultsSchema,
  parseModelConfig,
  priceSchema,
  type EndpointConfig,
  type ModelConfig,
  type ModelDefaults,
  type Price,
} from "./model-config.js";
export { ModelConfigError } from "./model-config-error.js";
export {
  resolveEndpoint,
  DEFAULT_API_KEY_ENV,
  DEFAULT_BASE_URLS,
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type ResolvedEndpoint,
  type ResolveOptions,
} from "./resolve-endpoint.js";
export { describeModelSpec, type ModelDescription } from "./describe-model-spec.js";
export { CACHE_MODES, ModelCache, type CacheMode, type CachedReply, type ModelCacheStats } from "./model-cache.js";
export { cacheKey, canonicalRequest, CACHE_KEY_VERSION, type CanonicalRequest } from "./cache-key.js";
export { extractJsonObjects, parseStructuredReply, type StructuredParse } from "./extract-json-object.js";
export { requestJsonSchema } from "./request-json-schema.js";
export { parseRetryAfter } from "./retry-after.js";
export { retryDelay, retryPolicy, type RetryOptions, type RetryPolicy } from "./retry-policy.js";
export { addUsage, emptyUsageTotals, estimateCost, type UsageTotals } from "./usage-cost.js";
