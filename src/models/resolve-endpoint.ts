import { normalizeBaseUrl } from "./base-url.js";
import { type EndpointConfig, loadModelConfig, MODEL_CONFIG_FILE, type ModelConfig, type Price } from "./model-config.js";
import { ModelSpecError, type ProviderName, parseModelSpec } from "./model-spec.js";

const DEFAULT_BASE_URLS: Record<Exclude<ProviderName, "openai-compatible">, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
};
const DEFAULT_API_KEY_ENV: Partial<Record<ProviderName, string>> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
};
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_RETRIES = 4;
const DEFAULT_MAX_CONCURRENCY = 8;

/** Everything the client needs to call one model, with no secret in it (only the env var *name*). */
export interface ResolvedEndpoint {
  /** The spec as the user wrote it. */
  spec: string;
  provider: ProviderName;
  modelId: string;
  /** Set when the spec named an endpoint of the config file. */
  endpointName?: string;
  /** Normalised: no credentials, query or trailing slash. */
  baseUrl: string;
  /** Environment variable read at call time (never at construction, so `replay-only` needs no key). */
  apiKeyEnv?: string;
  structuredOutputs: boolean;
  timeoutMs: number;
  maxRetries: number;
  maxConcurrency: number;
  price?: Price;
}

export interface ResolveOptions {
  baseUrl?: string;
  /** A loaded config, or the path of one (loaded with `process.env`). */
  config?: ModelConfig | string;
  apiKeyEnv?: string;
  timeoutMs?: number;
  maxRetries?: number;
  concurrency?: number;
  structuredOutputs?: boolean;
  price?: Price;
}

/**
 * Resolves a spec against the options (CLI flags) and the config file. Precedence: option >
 * endpoint > config defaults > built-in default. For every provider, `rest` is first looked up
 * as `NAME` or `NAME/MODEL` among the configured endpoints; otherwise it is the model id.
 */
export function resolveEndpoint(spec: string, options: ResolveOptions = {}): ResolvedEndpoint {
  const { provider, rest } = parseModelSpec(spec);
  const config = typeof options.config === "string" ? loadModelConfig(options.config) : options.config;
  const source = config?.source ?? "the model config";
  const found = findEndpoint(rest, config?.endpoints ?? []);

  let endpoint: EndpointConfig | undefined;
  let modelId = rest;
  if (found !== undefined) {
    endpoint = found.endpoint;
    if (endpoint.provider !== provider) {
      throw new ModelSpecError(
        `model spec "${spec}": endpoint "${endpoint.name}" in ${source} is a ${endpoint.provider} endpoint; write ${endpoint.provider}:${rest}`,
      );
    }
    const model = found.model ?? endpoint.model;
    if (model === undefined) {
      throw new ModelSpecError(
        `model spec "${spec}": endpoint "${endpoint.name}" in ${source} has no model; write ${provider}:${endpoint.name}/MODEL or set endpoints[].model`,
      );
    }
    modelId = model;
  }

  const rawBaseUrl = options.baseUrl ?? endpoint?.base_url ?? (provider === "openai-compatible" ? undefined : DEFAULT_BASE_URLS[provider]);
  if (rawBaseUrl === undefined) {
    const known = (config?.endpoints ?? []).filter((e) => e.provider === provider).map((e) => e.name);
    const hint = known.length > 0 ? ` (configured openai-compatible endpoints: ${known.join(", ")})` : "";
    throw new ModelSpecError(
      `model spec "${spec}": openai-compatible needs --base-url URL or an endpoint named "${rest.split("/")[0]}" in ${config?.source ?? MODEL_CONFIG_FILE}${hint}`,
    );
  }
  const where =
    options.baseUrl !== undefined
      ? `--base-url for "${spec}"`
      : endpoint !== undefined
        ? `${source}: endpoint "${endpoint.name}"`
        : `"${spec}"`;
  const baseUrl = normalizeBaseUrl(rawBaseUrl, where);

  const defaults = config?.defaults ?? {};
  const price = options.price ?? endpoint?.price ?? config?.prices[`${provider}:${modelId}`] ?? config?.prices[spec];
  const apiKeyEnv = options.apiKeyEnv ?? endpoint?.api_key_env ?? DEFAULT_API_KEY_ENV[provider];
  return {
    spec,
    provider,
    modelId,
    ...(endpoint !== undefined ? { endpointName: endpoint.name } : {}),
    baseUrl,
    ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}),
    structuredOutputs:
      provider === "openai-compatible"
        ? (options.structuredOutputs ?? endpoint?.structured_outputs ?? false)
        : (options.structuredOutputs ?? endpoint?.structured_outputs ?? true),
    timeoutMs: options.timeoutMs ?? endpoint?.timeout_ms ?? defaults.timeout_ms ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? endpoint?.max_retries ?? defaults.max_retries ?? DEFAULT_MAX_RETRIES,
    maxConcurrency: options.concurrency ?? endpoint?.max_concurrency ?? defaults.max_concurrency ?? DEFAULT_MAX_CONCURRENCY,
    ...(price !== undefined ? { price } : {}),
  };
}

function findEndpoint(rest: string, endpoints: readonly EndpointConfig[]): { endpoint: EndpointConfig; model?: string } | undefined {
  const whole = endpoints.find((e) => e.name === rest);
  if (whole !== undefined) return { endpoint: whole };
  const slash = rest.indexOf("/");
  if (slash <= 0) return undefined;
  const head = endpoints.find((e) => e.name === rest.slice(0, slash));
  const model = rest.slice(slash + 1);
  return head !== undefined && model !== "" ? { endpoint: head, model } : undefined;
}
