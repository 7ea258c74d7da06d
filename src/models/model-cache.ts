import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { z } from "zod";
import { canonicalJson } from "../core/index.js";
import type { CanonicalRequest } from "./cache-key.js";
import type { TokenCounts } from "./usage.js";

/**
 * `off`: never touch the cache. `read`: use hits, do not record. `read-write` (default): use hits
 * and record misses. `replay-only`: use hits and fail a miss with `ModelCallError("cache_miss")`
 * without any HTTP, so a published run can be re-run offline bit for bit.
 */
export const CACHE_MODES = ["off", "read", "read-write", "replay-only"] as const;
export type CacheMode = (typeof CACHE_MODES)[number];

export interface CachedReply {
  /** Raw reply text; the object is re-extracted on replay, which is deterministic. */
  text: string;
  /** The usage of the original call, kept so replayed runs report the same token counts. */
  usage: TokenCounts;
  latency_ms: number;
  created_at: string;
}

export interface ModelCacheStats {
  path: string;
  entries: number;
  /** Counters for this process only. */
  hits: number;
  misses: number;
  writes: number;
}

const rowSchema = z.object({
  text: z.string(),
  input_tokens: z.int().nonnegative(),
  output_tokens: z.int().nonnegative(),
  latency_ms: z.int().nonnegative(),
  created_at: z.string(),
});

const SCHEMA_VERSION = "1";

/**
 * Record/replay store for model calls: one SQLite file (WAL, so readers never block the writer),
 * one row per canonical request hash. The request itself is stored next to the reply for
 * inspection; it holds no secret by construction (see cache-key.ts).
 */
export class ModelCache {
  private hits = 0;
  private misses = 0;
  private writes = 0;
  private readonly getStatement: Database.Statement<[string], unknown>;
  private readonly putStatement: Database.Statement<unknown[], unknown>;
  private readonly replaceStatement: Database.Statement<unknown[], unknown>;

  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {
    this.getStatement = db.prepare("SELECT text, input_tokens, output_tokens, latency_ms, created_at FROM model_calls WHERE key = ?");
    // OR IGNORE: when two workers race on the same request, the first recording stays the one replayed.
    const columns = "(key, model, request, text, input_tokens, output_tokens, latency_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    this.putStatement = db.prepare(`INSERT OR IGNORE INTO model_calls ${columns}`);
    this.replaceStatement = db.prepare(`INSERT OR REPLACE INTO model_calls ${columns}`);
  }

  static open(path: string): ModelCache {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("busy_timeout = 5000");
    db.exec(`
      CREATE TABLE IF NOT EXISTS cache_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS model_calls (
        key TEXT PRIMARY KEY,
        model TEXT NOT NULL,
        request TEXT NOT NULL,
        text TEXT NOT NULL,
        input_tokens INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        latency_ms INTEGER NOT NULL,
        created_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
    db.prepare("INSERT OR IGNORE INTO cache_meta (name, value) VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
    const version = db.prepare("SELECT value FROM cache_meta WHERE name = 'schema_version'").pluck().get();
    if (version !== SCHEMA_VERSION) {
      db.close();
      throw new Error(`${path}: model cache schema version ${String(version)} is not supported (expected ${SCHEMA_VERSION})`);
    }
    return new ModelCache(path, db);
  }

  get(key: string): CachedReply | undefined {
    const row = this.getStatement.get(key);
    if (row === undefined) {
      this.misses += 1;
      return undefined;
    }
    const parsed = rowSchema.safeParse(row);
    if (!parsed.success) throw new Error(`${this.path}: corrupt cache row ${key}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    this.hits += 1;
    const { text, input_tokens, output_tokens, latency_ms, created_at } = parsed.data;
    return { text, usage: { input_tokens, output_tokens }, latency_ms, created_at };
  }

  /** Records a reply; a key already present is left as it is, unless `replace` (a deliberate fresh call). */
  put(key: string, request: CanonicalRequest, reply: CachedReply, options: { replace?: boolean } = {}): void {
    const result = (options.replace ? this.replaceStatement : this.putStatement).run(
      key,
      request.model,
      canonicalJson(request),
      reply.text,
      reply.usage.input_tokens,
      reply.usage.output_tokens,
      Math.round(reply.latency_ms),
      reply.created_at,
    );
    if (result.changes > 0) this.writes += 1;
  }

  stats(): ModelCacheStats {
    const entries = this.db.prepare("SELECT COUNT(*) FROM model_calls").pluck().get() as number;
    return { path: this.path, entries, hits: this.hits, misses: this.misses, writes: this.writes };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
