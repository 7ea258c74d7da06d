// Public API of the model layer: `provider:model` specs over the AI SDK, the config file,
// record/replay cache, retries and usage. No imports from other safecua modules.

export { CACHE_KEY_VERSION, type CanonicalRequest, cacheKey, canonicalRequest } from "./cache-key.js";
export { type ConfiguredModelClient, createModelClient, type ModelCacheOptions, type ModelClientOptions } from "./create-model-client.js";
export { describeModelSpec, type ModelDescription } from "./describe-model-spec.js";
export { extractJsonObjects, parseStructuredReply, type StructuredParse } from "./extract-json-object.js";
export { CACHE_MODES, type CachedReply, type CacheMode, ModelCache, type ModelCacheStats } from "./model-cache.js";
export {
  IMAGE_MEDIA_TYPES,
  type ImageMediaType,
  type ImagePart,
  imageMessage,
  ModelCallError,
  type ModelClient,
  type ModelContentPart,
  type ModelErrorKind,
  type ModelMessage,
  type ModelRequest,
  type ModelResponse,
  type TextPart,
} from "./model-client.js";
export {
  discoverModelConfig,
  type EndpointConfig,
  endpointSchema,
  loadModelConfig,
  MODEL_CONFIG_FILE,
  type ModelConfig,
  type ModelDefaults,
  modelConfigSchema,
  modelDefaultsSchema,
  type Price,
  parseModelConfig,
  priceSchema,
} from "./model-config.js";
export { ModelConfigError } from "./model-config-error.js";
export { defaultCachePath, type ModelFlags, type ModelOptionsRecord, ModelSetup, modelFlagsFrom } from "./model-setup.js";
export { isProviderName, ModelSpecError, type ParsedModelSpec, PROVIDERS, type ProviderName, parseModelSpec } from "./model-spec.js";
export { requestJsonSchema } from "./request-json-schema.js";
export {
  DEFAULT_API_KEY_ENV,
  DEFAULT_BASE_URLS,
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type ResolvedEndpoint,
  type ResolveOptions,
  resolveEndpoint,
} from "./resolve-endpoint.js";
export { parseRetryAfter } from "./retry-after.js";
export { type RetryOptions, type RetryPolicy, retryDelay, retryPolicy } from "./retry-policy.js";
export { addUsage, estimateCost, NO_USAGE, oneCallUsage, type TokenCounts, type Usage, UsageSchema } from "./usage.js";
