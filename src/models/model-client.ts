import type { z } from "zod";
import type { Usage } from "./usage.js";

/**
 * The contract between everything that calls a model (agents, the judge, the generator) and the
 * model layer. Callers never see the AI SDK, HTTP, the cache or retries; they see this.
 */
export interface ModelMessage {
  role: "user" | "assistant";
  /** Plain text, or text and images in order (the parts the AI SDK takes). */
  content: string | ModelContentPart[];
}

interface TextPart {
  type: "text";
  text: string;
}

export const IMAGE_MEDIA_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

interface ImagePart {
  type: "image";
  /**
   * Base64 of the image bytes. A string rather than a Buffer so that the request hashes into the
   * cache key as it is sent, and the keys recorded before parts were typed still match.
   */
  image: string;
  mediaType: ImageMediaType;
}

export type ModelContentPart = TextPart | ImagePart;

/** A user message of text and one image. */
export function imageMessage(text: string, image: Buffer, mediaType: ImageMediaType): ModelMessage {
  return {
    role: "user",
    content: [
      { type: "text", text },
      { type: "image", image: image.toString("base64"), mediaType },
    ],
  };
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
  /**
   * The caller's own check of the schema-valid object (what the schema cannot say: a rule that
   * does not parse, an audit that added a rule): the problem, or undefined when the object is
   * accepted. A refused object is a reply that failed validation like one that failed the schema:
   * `object` absent, `parse_error` the problem. Not part of the cache key.
   */
  check?: (object: unknown) => string | undefined;
  seed?: number;
  signal?: AbortSignal;
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
  /** This one call: `calls` 1, its tokens, and its estimated cost when a price table is configured (0 when cached). */
  usage: Usage;
  /** True when the reply came from the record/replay cache (no HTTP call, no cost). */
  cached: boolean;
  /** The `provider:model` spec that answered. */
  model: string;
  latency_ms: number;
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
