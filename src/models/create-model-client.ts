import type { LanguageModel, ModelMessage as ModelMessageForSdk, OutputInterface } from "ai";
import type { LimitFunction } from "p-limit";
import { countOf } from "../core/index.js";
import { baseUrlIdentity } from "./base-url.js";
import { cacheKey, canonicalRequest } from "./cache-key.js";
import { classifyFailure, type Failure } from "./classify-failure.js";
import { COMPATIBLE_PROVIDER_NAME } from "./compatible-provider-name.js";
import { describeResolvedEndpoint, type ModelDescription } from "./describe-model-spec.js";
import { endpointLimiter } from "./endpoint-limits.js";
import { parseStructuredReply } from "./extract-json-object.js";
import { wantsFreshCalls } from "./fresh-model-calls.js";
import type { CacheMode, ModelCache } from "./model-cache.js";
import { ModelCallError, type ModelClient, type ModelMessage, type ModelRequest, type ModelResponse } from "./model-client.js";
import { redactSecrets } from "./redact-secrets.js";
import { isStrictCompatible, type JsonSchemaObject, jsonInstructions, requestJsonSchema } from "./request-json-schema.js";
import { type ResolvedEndpoint, type ResolveOptions, resolveEndpoint } from "./resolve-endpoint.js";
import { type RetryOptions, type RetryPolicy, retryPolicy, withRetries } from "./retry-policy.js";
import { loadSdkRuntime } from "./sdk-runtime-loader.js";
import { estimateCost, oneCallUsage, type TokenCounts } from "./usage.js";

interface ModelCacheOptions {
  mode: CacheMode;
  /** Required unless `mode` is `off`. One store can be shared by every client of a run. */
  store?: ModelCache;
}

export interface ModelClientOptions extends ResolveOptions {
  cache?: ModelCacheOptions;
  /** Backoff tuning and test seams (injected sleep and jitter). */
  retry?: RetryOptions;
  /** Where API keys are read from at call time; defaults to `process.env`. */
  env?: NodeJS.ProcessEnv;
  /**
   * Test seam: use this AI SDK model (e.g. `MockLanguageModelV3` from `ai/test`) instead of
   * building one from the spec. Everything else (cache, retries, extraction, usage) is unchanged.
   */
  languageModel?: LanguageModel;
}

/** A `ModelClient` that can also say, without secrets, what it is connected to. */
export interface ConfiguredModelClient extends ModelClient {
  describe(): ModelDescription;
}

/**
 * Builds the client for a `provider:model` spec. Resolution errors (bad spec, unknown endpoint,
 * bad base URL) throw here; missing API keys do not: keys are read on the first HTTP call, so a
 * `replay-only` run needs none.
 */
export function createModelClient(spec: string, options: ModelClientOptions = {}): ConfiguredModelClient {
  const endpoint = resolveEndpoint(spec, options);
  const cacheMode = options.cache?.mode ?? "off";
  const store = options.cache?.store;
  if (cacheMode !== "off" && store === undefined)
    throw new Error(`model cache mode "${cacheMode}" needs a cache store (ModelCache.open(path))`);
  return new SdkModelClient(
    endpoint,
    cacheMode,
    store,
    retryPolicy(endpoint.maxRetries, options.retry),
    options.env ?? process.env,
    options.languageModel,
  );
}

class SdkModelClient implements ConfiguredModelClient {
  readonly spec: string;
  private model: LanguageModel | undefined;
  private readonly limit: LimitFunction;

  constructor(
    private readonly endpoint: ResolvedEndpoint,
    private readonly cacheMode: CacheMode,
    private readonly store: ModelCache | undefined,
    private readonly policy: RetryPolicy,
    private readonly env: NodeJS.ProcessEnv,
    injectedModel: LanguageModel | undefined,
  ) {
    this.spec = endpoint.spec;
    this.model = injectedModel;
    this.limit = endpointLimiter(`${endpoint.provider}|${baseUrlIdentity(endpoint.baseUrl)}`, endpoint.maxConcurrency);
  }

  describe(): ModelDescription {
    return describeResolvedEndpoint(this.endpoint);
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const started = performance.now();
    const temperature = request.temperature ?? 0;
    const schemaJson = request.schema !== undefined ? requestJsonSchema(request.schema) : undefined;
    const canonical = canonicalRequest(this.endpoint, {
      ...(request.system !== undefined ? { system: request.system } : {}),
      messages: request.messages,
      temperature,
      ...(request.maxOutputTokens !== undefined ? { maxOutputTokens: request.maxOutputTokens } : {}),
      ...(schemaJson !== undefined ? { schema: schemaJson } : {}),
      ...(request.schemaName !== undefined ? { schemaName: request.schemaName } : {}),
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
    });
    const key = this.cacheMode === "off" ? undefined : cacheKey(canonical);
    const fresh = this.cacheMode !== "replay-only" && wantsFreshCalls();

    let replace = fresh;
    if (key !== undefined && this.store !== undefined && !fresh) {
      const hit = this.store.get(key);
      if (hit !== undefined) {
        const replayed = this.response(request, hit.text, hit.usage, true, started);
        // A recorded reply that fails validation would fail the same way on every try: it is asked
        // again (and, in read-write, replaced), so a retry reaches the model. `replay-only` replays
        // it as recorded: a published run replays exactly, errors included.
        if (replayed.parse_error === undefined || this.cacheMode === "replay-only") return replayed;
        replace = true;
      } else if (this.cacheMode === "replay-only") {
        throw new ModelCallError(
          "cache_miss",
          `${this.spec}: no recorded reply for this request (key ${key.slice(0, 12)}) in ${this.store.path}; replay-only mode makes no model calls`,
          0,
        );
      }
    }

    const reply = await withRetries(
      this.policy,
      () => this.limit(() => this.attempt(request, temperature, schemaJson)),
      (error) => (error instanceof ClassifiedFailure ? error.failure : classifyFailure(error, false)),
      (failure, attempts) => this.failureMessage(failure, attempts),
      request.signal,
    );

    if (key !== undefined && this.store !== undefined && this.cacheMode === "read-write") {
      this.store.put(
        key,
        canonical,
        {
          text: reply.text,
          usage: reply.usage,
          latency_ms: performance.now() - started,
          created_at: new Date().toISOString(),
        },
        { replace },
      );
    }
    return this.response(request, reply.text, reply.usage, false, started);
  }

  /** One HTTP attempt, under the endpoint's concurrency slot and its own timeout. */
  private async attempt(
    request: ModelRequest,
    temperature: number,
    schemaJson: JsonSchemaObject | undefined,
  ): Promise<{ text: string; usage: TokenCounts }> {
    const sdk = await loadSdkRuntime();
    const model = this.languageModel(sdk.createLanguageModel);
    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort(new Error(`timed out after ${this.endpoint.timeoutMs} ms`));
    }, this.endpoint.timeoutMs);
    const signal = request.signal !== undefined ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
    const structured = schemaJson !== undefined && this.endpoint.structuredOutputs;
    const system = schemaJson !== undefined && !structured ? joinSystem(request.system, jsonInstructions(schemaJson)) : request.system;
    try {
      const result = await sdk.generateText({
        model,
        ...(system !== undefined ? { system } : {}),
        messages: request.messages.map(sdkMessage),
        temperature,
        ...(request.maxOutputTokens !== undefined ? { maxOutputTokens: request.maxOutputTokens } : {}),
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
        maxRetries: 0,
        abortSignal: signal,
        ...(structured
          ? { output: rawJsonOutput(schemaJson, request.schemaName), providerOptions: this.structuredProviderOptions(schemaJson) }
          : {}),
      });
      return { text: result.text, usage: { input_tokens: result.usage.inputTokens ?? 0, output_tokens: result.usage.outputTokens ?? 0 } };
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      // Classified here because only this attempt knows whether its own timer fired.
      throw new ClassifiedFailure(classifyFailure(error, timedOut));
    } finally {
      clearTimeout(timer);
    }
  }

  private languageModel(create: (endpoint: ResolvedEndpoint, apiKey: string | undefined) => LanguageModel): LanguageModel {
    if (this.model !== undefined) return this.model;
    const envName = this.endpoint.apiKeyEnv;
    const apiKey = envName !== undefined ? this.env[envName] : undefined;
    if (envName !== undefined && (apiKey === undefined || apiKey === "")) {
      throw new ModelCallError("auth", `${this.spec}: environment variable ${envName} is not set (it must hold the API key)`, 0);
    }
    this.model = create(this.endpoint, apiKey);
    return this.model;
  }

  /** OpenAI-style strict mode only for schemas that fit it; see request-json-schema.ts. */
  private structuredProviderOptions(schemaJson: JsonSchemaObject): Record<string, Record<string, boolean>> {
    const strictJsonSchema = isStrictCompatible(schemaJson);
    if (this.endpoint.provider === "openai") return { openai: { strictJsonSchema } };
    if (this.endpoint.provider === "openai-compatible") return { [COMPATIBLE_PROVIDER_NAME]: { strictJsonSchema } };
    return {};
  }

  private failureMessage(failure: Failure, attempts: number): string {
    const status = failure.status !== undefined ? ` (HTTP ${failure.status})` : "";
    const detail = redactSecrets(failure.message, this.secrets()).slice(0, 500);
    return `${this.spec}: ${failure.kind}${status} after ${countOf(attempts, "attempt")}: ${detail}`;
  }

  private secrets(): (string | undefined)[] {
    return this.endpoint.apiKeyEnv !== undefined ? [this.env[this.endpoint.apiKeyEnv]] : [];
  }

  private response(request: ModelRequest, text: string, tokens: TokenCounts, cached: boolean, started: number): ModelResponse {
    const extracted = request.schema !== undefined ? parseStructuredReply(text, request.schema) : {};
    const problem = extracted.object !== undefined ? request.check?.(extracted.object) : undefined;
    const parsed = problem === undefined ? extracted : { parse_error: problem };
    const price = this.endpoint.price;
    return {
      text,
      ...(parsed.object !== undefined ? { object: parsed.object } : {}),
      ...(parsed.parse_error !== undefined ? { parse_error: parsed.parse_error } : {}),
      usage: oneCallUsage(tokens, cached, price !== undefined ? estimateCost(tokens, price) : undefined),
      cached,
      model: this.spec,
      latency_ms: Math.round(performance.now() - started),
    };
  }
}

/** An attempt's failure, already classified; carries no request data or secrets. */
class ClassifiedFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

function joinSystem(system: string | undefined, extra: string): string {
  return system === undefined || system === "" ? extra : `${system}\n\n${extra}`;
}

/**
 * Asks the provider for JSON of this schema (response_format / Anthropic output format or json
 * tool) but hands back the raw text: parsing and validation are ours, so that a bad reply is a
 * `parse_error`, never an exception from inside the SDK.
 */
function rawJsonOutput(schema: JsonSchemaObject, name: string | undefined): OutputInterface<string, string, never> {
  return {
    name: "object",
    responseFormat: Promise.resolve({ type: "json", schema: schema as never, ...(name !== undefined ? { name } : {}) }),
    parseCompleteOutput: async ({ text }) => text,
    parsePartialOutput: async ({ text }) => ({ partial: text }),
    createElementStreamTransform: () => undefined,
  };
}

/**
 * Our message as the AI SDK takes it: the same parts, images as base64 with their media type.
 * Only user messages carry images; an assistant turn is sent as its text.
 */
function sdkMessage(message: ModelMessage): ModelMessageForSdk {
  if (typeof message.content === "string") return { role: message.role, content: message.content };
  if (message.role === "assistant")
    return { role: "assistant", content: message.content.map((part) => (part.type === "text" ? part.text : "")).join("") };
  return {
    role: "user",
    content: message.content.map((part) =>
      part.type === "text" ? { type: "text", text: part.text } : { type: "image", image: part.image, mediaType: part.mediaType },
    ),
  };
}
