import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { InputError } from "../core/index.js";
import { type ConfiguredModelClient, createModelClient } from "./create-model-client.js";
import type { ModelDescription } from "./describe-model-spec.js";
import { CACHE_MODES, type CacheMode, ModelCache } from "./model-cache.js";
import { discoverModelConfig } from "./model-config.js";

/** How the flags were given, as a run manifest records them (so a resume rebuilds the same clients). */
export interface ModelOptionsRecord {
  base_url?: string;
  config?: string;
  timeout_ms?: number;
  max_retries?: number;
}

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
    if (!CACHE_MODES.includes(flags.cache))
      throw new InputError(`expected one of ${CACHE_MODES.join(", ")}`, { file: `--cache ${flags.cache}` });
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
    // A bad spec or config file throws an InputError here, before any episode runs.
    client = createModelClient(spec, {
      ...(this.flags.baseUrl !== undefined && { baseUrl: this.flags.baseUrl }),
      ...(this.configPath !== undefined && { config: this.configPath }),
      ...(this.flags.timeoutMs !== undefined && { timeoutMs: this.flags.timeoutMs }),
      ...(this.flags.maxRetries !== undefined && { maxRetries: this.flags.maxRetries }),
      cache: { mode: this.flags.cache, ...(store && { store }) },
    });
    this.clients.set(spec, client);
    return client;
  }

  /** A run manifest's account of the models: flags and resolved endpoints, never keys. */
  manifestFields(): { model_options?: ModelOptionsRecord; models?: Record<string, ModelDescription> } {
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

/** Where the shared model-call cache lives by default: beside the run folders. */
export function defaultCachePath(outDir: string): string {
  return `${outDir.replace(/\/+$/, "")}/cache.sqlite`;
}
