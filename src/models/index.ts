// Public API of the model layer: `provider:model` specs over the AI SDK, the config file,
// record/replay cache, retries and usage. Imports nothing internal but core.
export { cacheKey, canonicalRequest } from "./cache-key.js";
export { createModelClient, type ModelClientOptions } from "./create-model-client.js";
export { describeModelSpec } from "./describe-model-spec.js";
export { extractJsonObjects } from "./extract-json-object.js";
export { freshModelCalls } from "./fresh-model-calls.js";
export { CACHE_MODES, type CacheMode, ModelCache } from "./model-cache.js";
export {
  IMAGE_MEDIA_TYPES,
  type ImageMediaType,
  imageMessage,
  ModelCallError,
  type ModelClient,
  type ModelContentPart,
  type ModelErrorKind,
  type ModelMessage,
  type ModelRequest,
  type ModelResponse,
} from "./model-client.js";
export { discoverModelConfig, loadModelConfig, MODEL_CONFIG_FILE, type ModelConfig, parseModelConfig } from "./model-config.js";
export { ModelConfigError } from "./model-config-error.js";
export { defaultCachePath, type ModelFlags, type ModelOptionsRecord, ModelSetup, modelFlagsFrom } from "./model-setup.js";
export { ModelSpecError, parseModelSpec } from "./model-spec.js";
export { preflightModels } from "./preflight-models.js";
export { requestJsonSchema } from "./request-json-schema.js";
export { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, resolveEndpoint } from "./resolve-endpoint.js";
export { addUsage, estimateCost, NO_USAGE, oneCallUsage, realUsage, type Usage, UsageSchema } from "./usage.js";
