import type { Price } from "./model-config.js";
import type { ProviderName } from "./model-spec.js";
import { type ResolvedEndpoint, type ResolveOptions, resolveEndpoint } from "./resolve-endpoint.js";

/**
 * What a run manifest records about a model: enough to know what answered and how it was
 * called, and nothing secret. The key's *variable name* is included, never its value; the base
 * URL cannot carry credentials (they are refused when the spec is resolved).
 */
export interface ModelDescription {
  spec: string;
  provider: ProviderName;
  model: string;
  endpoint?: string;
  base_url: string;
  api_key_env?: string;
  structured_outputs: boolean;
  timeout_ms: number;
  max_retries: number;
  max_concurrency: number;
  price?: Price;
}

export function describeResolvedEndpoint(endpoint: ResolvedEndpoint): ModelDescription {
  return {
    spec: endpoint.spec,
    provider: endpoint.provider,
    model: endpoint.modelId,
    ...(endpoint.endpointName !== undefined ? { endpoint: endpoint.endpointName } : {}),
    base_url: endpoint.baseUrl,
    ...(endpoint.apiKeyEnv !== undefined ? { api_key_env: endpoint.apiKeyEnv } : {}),
    structured_outputs: endpoint.structuredOutputs,
    timeout_ms: endpoint.timeoutMs,
    max_retries: endpoint.maxRetries,
    max_concurrency: endpoint.maxConcurrency,
    ...(endpoint.price !== undefined ? { price: endpoint.price } : {}),
  };
}

/** Resolves a spec as `createModelClient` would and describes it for a manifest. */
export function describeModelSpec(spec: string, options: ResolveOptions = {}): ModelDescription {
  return describeResolvedEndpoint(resolveEndpoint(spec, options));
}
