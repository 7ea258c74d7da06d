import { createHash } from "node:crypto";
import { canonicalJson } from "../core/index.js";
import { baseUrlIdentity } from "./base-url.js";
import type { ModelMessage } from "./model-client.js";
import type { JsonSchemaObject } from "./request-json-schema.js";
import type { ResolvedEndpoint } from "./resolve-endpoint.js";

/** Bump when the meaning of a cached entry changes, so old entries stop matching. */
const CACHE_KEY_VERSION = 1;

/**
 * What identifies a model call for record/replay. Built only from the request and the resolved
 * endpoint's identity: the key never sees API keys, headers, the env var holding the key, timeouts
 * or retry settings (which change how we wait, not what the model is asked).
 */
export interface CanonicalRequest {
  v: number;
  /** Resolved `provider:model`, so `openai-compatible:local` and `…:local/qwen3` share entries. */
  model: string;
  /** `host[:port]/path` of the base URL. */
  endpoint: string;
  /** Whether the schema went out as structured output (changes the HTTP request). */
  structured: boolean;
  system: string | null;
  messages: ModelMessage[];
  temperature: number;
  max_output_tokens: number | null;
  schema: JsonSchemaObject | null;
  schema_name: string | null;
  seed: number | null;
}

export interface CanonicalRequestInput {
  system?: string;
  messages: ModelMessage[];
  temperature: number;
  maxOutputTokens?: number;
  schema?: JsonSchemaObject;
  schemaName?: string;
  seed?: number;
}

export function canonicalRequest(endpoint: ResolvedEndpoint, request: CanonicalRequestInput): CanonicalRequest {
  return {
    v: CACHE_KEY_VERSION,
    model: `${endpoint.provider}:${endpoint.modelId}`,
    endpoint: baseUrlIdentity(endpoint.baseUrl),
    structured: request.schema !== undefined && endpoint.structuredOutputs,
    system: request.system ?? null,
    // Parts are copied as they are: an image part hashes as its base64 text, as it always has.
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    temperature: request.temperature,
    max_output_tokens: request.maxOutputTokens ?? null,
    schema: request.schema ?? null,
    schema_name: request.schema === undefined ? null : (request.schemaName ?? null),
    seed: request.seed ?? null,
  };
}

export function cacheKey(request: CanonicalRequest): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}
