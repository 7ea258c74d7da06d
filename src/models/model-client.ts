import type { z } from "zod";

/**
 * The contract between everything that calls a model (agents, the judge, the generator) and the
 * model layer. Callers never see the AI SDK, HTTP, the cache or retries; they see this.
 */
export interface ModelMessage {
  role: "user" | "assistant";
  content: string;
}

export interface ModelRequest {
  system?: string;
  messages: ModelMessage[];
  /** Defaults to 0: benchmark runs must be as repeatable as the provider allows. */
  temperature?: number;
  maxOutputTokens?: number;
  /**
   * Ask for one JSON object of this shape: structured output where the provider supports it,
   * otherwise plain text from which the model layer extracts the JSON (fenced block, prose around it).
   */
  schema?: z.ZodType;
  /** Name of the schema, sent to providers that want one (e.g. "agent_output"). */
  schemaName?: string;
  seed?: number;
  signal?: AbortSignal;
}

export interface ModelUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface ModelResponse {
  /** The raw text of the reply (for structured output, the JSON text). */
  text: string;
  /**
   * With `schema`: the parsed and validated object. Absent when the reply could not be parsed or
   * validated; then `parse_error` says why (the caller decides: an agent records a `parse` error).
   */
  object?: unknown;
  parse_error?: string;
  usage: ModelUsage;
  /** True when the reply came from the record/replay cache (no HTTP call, no cost). */
  cached: boolean;
  /** The `provider:model` spec that answered. */
  model: string;
  latency_ms: number;
  /** Estimated cost in USD when a price table is configured; 0 for cached calls. */
  cost_usd?: number;
}

export interface ModelClient {
  /** The `provider:model` spec, e.g. "openai:gpt-5-mini" or "openai-compatible:local/qwen3". */
  readonly spec: string;
  /** Throws a `ModelCallError` after retries are exhausted; never returns a half reply. */
  generate(request: ModelRequest): Promise<ModelResponse>;
}

/** Why a call finally failed, for the `error` record's kind. */
export type ModelErrorKind = "timeout" | "rate_limit" | "server" | "network" | "auth" | "bad_request" | "cache_miss" | "unknown";

export class ModelCallError extends Error {
  override readonly name = "ModelCallError";
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly attempts: number,
    readonly status?: number,
  ) {
    super(message);
  }
}
