import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type Agent,
  createLlmAgent,
  type Defense,
  DefenseError,
  loadDefense,
  loadDefenseFile,
  REFERENCE_AGENTS,
  referenceAgent,
  resolveDefenses,
} from "../agents/index.js";
import {
  CACHE_MODES,
  type CacheMode,
  type ConfiguredModelClient,
  createModelClient,
  discoverModelConfig,
  ModelCache,
  ModelConfigError,
  ModelSpecError,
} from "../models/index.js";
import type { EpisodeJudge, RunManifest } from "../runner/index.js";
import { hybridScore, judgeOutput } from "../scoring/index.js";
import { UsageError } from "./exit-codes.js";

export interface ModelFlags {
  baseUrl?: string;
  config?: string;
  timeoutMs?: number;
  maxRetries?: number;
  cache: CacheMode;
  cachePath?: string;
}

/** The model flags a command parsed, without the ones left unset (optional fields may not hold `undefined`). */
export function modelFlagsFrom(options: Readonly<Partial<Record<keyof ModelFlags, unknown>>> & { cache: CacheMode }): ModelFlags {
  const flags: ModelFlags = { cache: options.cache };
  for (const key of ["baseUrl", "config", "cachePath"] as const) if (typeof options[key] === "string") flags[key] = options[key];
  for (const key of ["timeoutMs", "maxRetries"] as const) if (typeof options[key] === "number") flags[key] = options[key];
  return flags;
}

/**
 * Everything a run needs to call models: one cache file shared by every client, and clients built
 * once per spec. Building a client resolves its spec (bad specs fail here, before any episode);
 * keys are read at the first HTTP call, so `--cache replay-only` needs none.
 */
export class ModelSetup {
  private readonly clients = new Map<string, ConfiguredModelClient>();
  private cache?: ModelCache;
  readonly configPath?: string;

  constructor(
    readonly flags: ModelFlags,
    private readonly defaultCachePath: string,
  ) {
    this.configPath = flags.config ?? discoverModelConfig();
    if (!CACHE_MODES.includes(flags.cache)) throw new UsageError(`--cache ${flags.cache}: expected one of ${CACHE_MODES.join(", ")}`);
  }

  /** Opened on first use, so runs of reference agents alone create no cache file. */
  private store(): ModelCache | undefined {
    if (this.flags.cache === "off") return undefined;
    if (!this.cache) {
      const path = this.flags.cachePath ?? this.defaultCachePath;
      mkdirSync(dirname(path), { recursive: true });
      this.cache = ModelCache.open(path);
    }
    return this.cache;
  }

  client(spec: string): ConfiguredModelClient {
    let client = this.clients.get(spec);
    if (client) return client;
    const store = this.store();
    try {
      client = createModelClient(spec, {
        ...(this.flags.baseUrl !== undefined && { baseUrl: this.flags.baseUrl }),
        ...(this.configPath !== undefined && { config: this.configPath }),
        ...(this.flags.timeoutMs !== undefined && { timeoutMs: this.flags.timeoutMs }),
        ...(this.flags.maxRetries !== undefined && { maxRetries: this.flags.maxRetries }),
        cache: { mode: this.flags.cache, ...(store && { store }) },
      });
    } catch (error) {
      if (error instanceof ModelSpecError || error instanceof ModelConfigError) throw new UsageError(error.message);
      throw error;
    }
    this.clients.set(spec, client);
    return client;
  }

  /** The manifest's account of the models: flags and resolved endpoints, never keys. */
  manifestFields(): Pick<RunManifest, "model_options" | "models"> {
    if (this.clients.size === 0) return {};
    return {
      model_options: {
        ...(this.flags.baseUrl !== undefined && { base_url: this.flags.baseUrl }),
        ...(this.configPath !== undefined && { config: this.configPath }),
        ...(this.flags.timeoutMs !== undefined && { timeout_ms: this.flags.timeoutMs }),
        ...(this.flags.maxRetries !== undefined && { max_retries: this.flags.maxRetries }),
      },
      models: Object.fromEntries([...this.clients].map(([spec, client]) => [spec, client.describe()])),
    };
  }

  close(): void {
    this.cache?.close();
  }
}

/** A spec names a model when it has a provider prefix (`openai:…`); reference agents have none. */
export function isModelSpec(id: string): boolean {
  return id.includes(":");
}

/** Loads a defense by name or file, turning a bad one into bad usage (exit 2). */
export function defenseFor(nameOrPath: string): Defense {
  try {
    return loadDefense(nameOrPath);
  } catch (error) {
    if (error instanceof DefenseError) throw new UsageError(`--defense ${nameOrPath}: ${error.message}`);
    throw error;
  }
}

/** `--defense` values as given (repeats, commas, `all`), expanded in first-seen order. */
export function defensesFor(specs: readonly string[]): Defense[] {
  try {
    return resolveDefenses(specs);
  } catch (error) {
    if (error instanceof DefenseError) throw new UsageError(`--defense: ${error.message}`);
    throw error;
  }
}

export function defenseFromFile(path: string): Defense {
  try {
    return loadDefenseFile(path);
  } catch (error) {
    if (error instanceof DefenseError) throw new UsageError(`--defense-file: ${error.message}`);
    throw error;
  }
}

/** A reference agent, or an LLM agent over `setup`'s client for the spec, under `defense`. */
export function agentFor(id: string, defense: Defense, setup: ModelSetup): Agent {
  if (!isModelSpec(id)) {
    const agent = referenceAgent(id);
    if (!agent)
      throw new UsageError(
        `--agent ${id}: unknown agent (known: ${REFERENCE_AGENTS.map((known) => known.id).join(", ")}, or provider:model such as openai:gpt-4o-mini)`,
      );
    return agent;
  }
  return createLlmAgent({ client: setup.client(id), defense, id });
}

/** Hybrid scoring with an LLM judge: the judge's verdict merged into the matcher's score. */
export function judgeFor(spec: string, setup: ModelSetup): EpisodeJudge {
  const client = setup.client(spec);
  return {
    spec,
    async judge(scenario, output, deterministic, matcher) {
      const result = await judgeOutput(client, scenario, output);
      const usage = result.usage
        ? { ...result.usage, cached: result.cached ?? false, ...(result.cost_usd !== undefined && { cost_usd: result.cost_usd }) }
        : undefined;
      if (!result.ok) {
        throw Object.assign(new Error(result.error.message), { kind: result.error.kind });
      }
      const merged = hybridScore(deterministic, result.verdict, scenario, output, matcher);
      return {
        score: merged.score,
        record: {
          model: result.model,
          prompt_hash: result.prompt_hash,
          verdict: result.verdict,
          deterministic,
          ...(result.cached !== undefined && { cached: result.cached }),
        },
        ...(usage && { usage }),
      };
    },
  };
}

/** Where the shared model-call cache lives by default: beside the run folders. */
export function defaultCachePath(outDir: string): string {
  return join(outDir, "cache.sqlite");
}
