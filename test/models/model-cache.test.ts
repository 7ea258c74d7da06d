import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type CacheMode,
  cacheKey,
  canonicalRequest,
  createModelClient,
  ModelCache,
  ModelCallError,
  type ModelRequest,
  resolveEndpoint,
} from "../../src/models/index.js";
import { requestJsonSchema } from "../../src/models/request-json-schema.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { tempDir } from "../support/temp-dir.js";

const schema = z.object({ completed: z.boolean(), shared_content: z.array(z.string()) });
const ENV = { OPENAI_API_KEY: "sk-cache-test" };

let server: MockOpenAIServer | undefined;
const stores: ModelCache[] = [];
afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const store of stores.splice(0)) store.close();
});

function openStore(path = join(tempDir(), "cache", "models.sqlite")): ModelCache {
  const store = ModelCache.open(path);
  stores.push(store);
  return store;
}

function client(mode: CacheMode, store: ModelCache, env: NodeJS.ProcessEnv = ENV) {
  if (server === undefined) throw new Error("start the server first");
  return createModelClient("openai:gpt-4.1-mini", {
    baseUrl: server.url,
    env,
    cache: { mode, store },
    price: { input_per_mtok: 1, output_per_mtok: 1 },
  });
}

const requests: ModelRequest[] = [
  { system: "s", messages: [{ role: "user", content: "task one" }], schema },
  { system: "s", messages: [{ role: "user", content: "task two" }], schema },
  { system: "s", messages: [{ role: "user", content: "task three" }], schema },
  { messages: [{ role: "user", content: "free text" }] },
];

describe("record/replay cache", () => {
  it("replay-only reproduces every recorded reply with zero HTTP calls and no API key", async () => {
    server = await MockOpenAIServer.start({
      replies: [
        { content: '{"completed": true, "shared_content": ["a"]}', usage: { input: 100, output: 10 } },
        { content: 'prose, then ```json\n{"completed": false, "shared_content": []}\n```', usage: { input: 101, output: 11 } },
        { content: "I refuse.", usage: { input: 102, output: 12 } },
        { content: "hello", usage: { input: 103, output: 13 } },
      ],
    });
    const path = join(tempDir(), "models.sqlite");
    const recorder = openStore(path);
    const recorded = [];
    for (const request of requests) recorded.push(await client("read-write", recorder).generate(request));
    expect(server.callCount).toBe(4);
    expect(recorder.stats()).toMatchObject({ entries: 4, writes: 4, misses: 4, hits: 0 });
    expect(recorded.map((r) => r.cached)).toEqual([false, false, false, false]);
    recorder.close();

    const replayStore = openStore(path);
    const replayer = client("replay-only", replayStore, {});
    const replayed = [];
    for (const request of requests) replayed.push(await replayer.generate(request));
    expect(server.callCount).toBe(4);
    for (const [index, reply] of replayed.entries()) {
      const original = recorded[index];
      expect(reply.text).toBe(original?.text);
      expect(reply.object).toEqual(original?.object);
      expect(reply.parse_error).toBe(original?.parse_error);
      // The original call's tokens, as a cached call that cost nothing.
      expect(reply.usage).toEqual({
        calls: 1,
        cached_calls: 1,
        input_tokens: original?.usage.input_tokens,
        output_tokens: original?.usage.output_tokens,
        cost_usd: 0,
      });
      expect(reply.cached).toBe(true);
    }
    expect(replayed[2]?.parse_error).toBe("no JSON object found in the reply");
    expect(replayStore.stats()).toMatchObject({ entries: 4, hits: 4, misses: 0, writes: 0 });
  });

  it("replay-only fails a miss with cache_miss and makes no HTTP call", async () => {
    server = await MockOpenAIServer.start({ replies: ["never sent"] });
    const store = openStore();
    const error = await client("replay-only", store)
      .generate({ messages: [{ role: "user", content: "unseen" }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ kind: "cache_miss", attempts: 0 });
    expect((error as Error).message).toContain(store.path);
    expect(server.callCount).toBe(0);
  });

  it("read uses hits but does not record misses", async () => {
    server = await MockOpenAIServer.start({ replies: ["recorded", "live 1", "live 2"] });
    const store = openStore();
    await client("read-write", store).generate(requests[3] as ModelRequest);
    const reader = client("read", store);
    expect(await reader.generate(requests[3] as ModelRequest)).toMatchObject({ text: "recorded", cached: true });
    expect(await reader.generate(requests[0] as ModelRequest)).toMatchObject({ text: "live 1", cached: false });
    expect(await reader.generate(requests[0] as ModelRequest)).toMatchObject({ text: "live 2", cached: false });
    expect(store.stats().entries).toBe(1);
  });

  it("off ignores the store even when it has the answer", async () => {
    server = await MockOpenAIServer.start({ replies: ["recorded", "fresh"] });
    const store = openStore();
    await client("read-write", store).generate(requests[3] as ModelRequest);
    expect(await client("off", store).generate(requests[3] as ModelRequest)).toMatchObject({ text: "fresh", cached: false });
    expect(server.callCount).toBe(2);
  });

  it("asks again for a recorded reply that failed validation, and replaces it; replay-only replays it", async () => {
    server = await MockOpenAIServer.start({ replies: ["I refuse.", '{"completed": true, "shared_content": []}'] });
    const store = openStore();
    const first = await client("read-write", store).generate(requests[0] as ModelRequest);
    expect(first).toMatchObject({ cached: false, parse_error: "no JSON object found in the reply" });
    // The next try (a later process, the same request) reaches the model instead of the recorded failure.
    const again = await client("read-write", store).generate(requests[0] as ModelRequest);
    expect(again).toMatchObject({ cached: false, object: { completed: true, shared_content: [] } });
    expect(server.callCount).toBe(2);
    // The valid reply replaced the invalid one: it is what replays now.
    expect(await client("replay-only", store).generate(requests[0] as ModelRequest)).toMatchObject({
      cached: true,
      object: { completed: true },
    });
    expect(store.stats().entries).toBe(1);
  });

  it("treats an object the caller's check refuses like one that failed the schema, and replay-only keeps it as recorded", async () => {
    const refused = '{"completed": false, "shared_content": ["x"]}';
    server = await MockOpenAIServer.start({ replies: [refused, refused] });
    const store = openStore();
    const check = (object: unknown) => ((object as { completed: boolean }).completed ? undefined : "not completed");
    const request = { ...(requests[1] as ModelRequest), check };
    expect(await client("read-write", store).generate(request)).toMatchObject({ parse_error: "not completed" });
    expect(await client("read-write", store).generate(request)).not.toHaveProperty("object");
    expect(server.callCount).toBe(2);
    // Replay-only replays exactly, errors included; without the check the same recording is accepted.
    expect(await client("replay-only", store).generate(request)).toMatchObject({ cached: true, parse_error: "not completed" });
    expect(await client("read-write", store).generate(requests[1] as ModelRequest)).toMatchObject({
      cached: true,
      object: { completed: false },
    });
    expect(server.callCount).toBe(2);
  });

  it("does not record failed calls", async () => {
    server = await MockOpenAIServer.start({ replies: [{ fault: "error", status: 400 }] });
    const store = openStore();
    await expect(client("read-write", store).generate(requests[3] as ModelRequest)).rejects.toMatchObject({ kind: "bad_request" });
    expect(store.stats().entries).toBe(0);
  });

  it("a cache mode other than off needs a store", () => {
    expect(() => createModelClient("openai:gpt-4.1-mini", { cache: { mode: "read-write" } })).toThrow(/needs a cache store/);
  });

  it("persists across reopen and keeps the first recording on a duplicate put", () => {
    const path = join(tempDir(), "c.sqlite");
    const store = openStore(path);
    const request = canonicalRequest(resolveEndpoint("openai:gpt-4.1-mini"), {
      messages: [{ role: "user", content: "x" }],
      temperature: 0,
    });
    const key = cacheKey(request);
    store.put(key, request, {
      text: "first",
      usage: { input_tokens: 1, output_tokens: 2 },
      latency_ms: 5,
      created_at: "2026-01-01T00:00:00Z",
    });
    store.put(key, request, {
      text: "second",
      usage: { input_tokens: 9, output_tokens: 9 },
      latency_ms: 5,
      created_at: "2026-01-02T00:00:00Z",
    });
    store.close();
    const reopened = openStore(path);
    expect(reopened.get(key)).toMatchObject({ text: "first", usage: { input_tokens: 1, output_tokens: 2 } });
    expect(reopened.get("0".repeat(64))).toBeUndefined();
    expect(reopened.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1, writes: 0 });
  });
});

describe("cache key", () => {
  const base = {
    system: "s",
    messages: [{ role: "user" as const, content: "m" }],
    temperature: 0,
    maxOutputTokens: 100,
    schema: requestJsonSchema(schema),
    schemaName: "out",
    seed: 1,
  };
  const endpoint = resolveEndpoint("openai:gpt-4.1-mini", { baseUrl: "https://api.example/v1" });
  const key = cacheKey(canonicalRequest(endpoint, base));

  it("ignores keys, key variables, timeouts, retries, concurrency, price and URL scheme", () => {
    const other = resolveEndpoint("openai:gpt-4.1-mini", {
      baseUrl: "http://api.example/v1/",
      apiKeyEnv: "OTHER_KEY",
      timeoutMs: 1,
      maxRetries: 0,
      concurrency: 99,
      price: { input_per_mtok: 5, output_per_mtok: 5 },
    });
    expect(cacheKey(canonicalRequest(other, base))).toBe(key);
  });

  it("does not depend on object key order", () => {
    const reordered = {
      seed: 1,
      schemaName: "out",
      schema: Object.fromEntries(Object.entries(base.schema).reverse()),
      maxOutputTokens: 100,
      temperature: 0,
      messages: base.messages,
      system: "s",
    };
    expect(cacheKey(canonicalRequest(endpoint, reordered))).toBe(key);
  });

  it.each([
    ["system", { ...base, system: "t" }],
    ["messages", { ...base, messages: [{ role: "user" as const, content: "n" }] }],
    ["role", { ...base, messages: [{ role: "assistant" as const, content: "m" }] }],
    ["temperature", { ...base, temperature: 0.5 }],
    ["max tokens", { ...base, maxOutputTokens: 101 }],
    ["schema", { ...base, schema: requestJsonSchema(z.object({ completed: z.boolean() })) }],
    ["schema name", { ...base, schemaName: "other" }],
    ["seed", { ...base, seed: 2 }],
  ])("changes with the %s", (_label, changed) => {
    expect(cacheKey(canonicalRequest(endpoint, changed))).not.toBe(key);
  });

  it("changes with the model, the endpoint host/path and structured output", () => {
    expect(cacheKey(canonicalRequest(resolveEndpoint("openai:gpt-4.1", { baseUrl: "https://api.example/v1" }), base))).not.toBe(key);
    expect(cacheKey(canonicalRequest(resolveEndpoint("openai:gpt-4.1-mini", { baseUrl: "https://api.example/v2" }), base))).not.toBe(key);
    expect(
      cacheKey(
        canonicalRequest(resolveEndpoint("openai:gpt-4.1-mini", { baseUrl: "https://api.example/v1", structuredOutputs: false }), base),
      ),
    ).not.toBe(key);
  });
});
