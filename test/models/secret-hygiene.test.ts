import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createModelClient, describeModelSpec, loadModelConfig, ModelCache } from "../../src/models/index.js";
import { MockAnthropicServer } from "../support/mock-anthropic-server.js";
import { type MockModelServer, MockOpenAIServer } from "../support/mock-openai-server.js";
import { tempDir } from "../support/temp-dir.js";

const SENTINEL = "sk-SENTINEL-leakcheck-9d2f6a";
const servers: MockModelServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) await server.stop();
});

describe("API keys never leave the HTTP header", () => {
  it("are absent from cache files, errors, descriptions, manifests and logs", async () => {
    const logged: string[] = [];
    const capture = (...args: unknown[]): void =>
      void logged.push(args.map((a) => (typeof a === "string" ? a : inspect(a, { depth: 8 }))).join(" "));
    for (const method of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, method).mockImplementation(capture);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      capture(String(chunk));
      return true;
    });

    const openai = await MockOpenAIServer.start();
    const anthropic = await MockAnthropicServer.start();
    servers.push(openai, anthropic);
    const dir = tempDir();
    const configPath = join(dir, "safecua.config.yaml");
    writeFileSync(
      configPath,
      `endpoints:\n  - name: keyed\n    provider: openai-compatible\n    base_url: ${openai.url}\n    api_key_env: KEYED_API_KEY\n    model: m\n`,
    );
    const env = { OPENAI_API_KEY: SENTINEL, ANTHROPIC_API_KEY: SENTINEL, KEYED_API_KEY: SENTINEL };
    const config = loadModelConfig(configPath, env);
    const store = ModelCache.open(join(dir, "cache", "models.sqlite"));
    const options = {
      env,
      cache: { mode: "read-write" as const, store },
      timeoutMs: 10_000,
      maxRetries: 1,
      retry: { sleep: async () => {} },
    };
    const schema = z.object({ ok: z.boolean() });

    const clients = [
      createModelClient("openai:gpt-4.1-mini", { ...options, baseUrl: openai.url }),
      createModelClient("openai-compatible:keyed", { ...options, config }),
      createModelClient("anthropic:claude-sonnet-4-5", { ...options, baseUrl: anthropic.url }),
      createModelClient("openai:gpt-4.1-mini", { ...options, baseUrl: openai.url, timeoutMs: 150 }),
    ];
    const echo = `Incorrect API key provided: ${SENTINEL}`;
    openai.reply(
      '{"ok": true}',
      { fault: "error", status: 401, message: echo },
      '{"ok": true}',
      { fault: "error", status: 500, message: echo },
      { fault: "error", status: 500, message: echo },
    );
    openai.reply({ fault: "hang" }, { fault: "hang" });
    anthropic.reply('{"ok": true}', { fault: "error", status: 403, message: echo });

    const outcomes: unknown[] = [];
    const run = async (index: number, content: string): Promise<void> => {
      const client = clients[index];
      if (client === undefined) throw new Error("no client");
      outcomes.push(await client.generate({ messages: [{ role: "user", content }], schema }).catch((error: unknown) => error));
    };
    await run(0, "success");
    await run(0, "401 echoing the key");
    await run(1, "success through a named endpoint");
    await run(1, "500 twice, echoing the key");
    await run(3, "hang twice");
    await run(2, "anthropic success");
    await run(2, "403 echoing the key");

    // The key really was used, so the checks below are meaningful.
    expect(openai.requests[0]?.headers.authorization).toBe(`Bearer ${SENTINEL}`);
    expect(anthropic.requests[0]?.headers["x-api-key"]).toBe(SENTINEL);
    const errors = outcomes.filter((o): o is Error => o instanceof Error);
    expect(errors.map((e) => (e as { kind?: string }).kind)).toEqual(["auth", "server", "timeout", "auth"]);
    expect(errors[0]?.message).toContain("Incorrect API key provided: [redacted]");

    const texts = [
      ...outcomes.map((o) => inspect(o, { depth: 10, showHidden: true })),
      ...errors.flatMap((e) => [e.message, e.stack ?? "", String(e), JSON.stringify(e)]),
      JSON.stringify(clients.map((c) => c.describe())),
      JSON.stringify(describeModelSpec("openai-compatible:keyed", { config })),
      JSON.stringify(config),
      JSON.stringify(store.stats()),
      ...logged,
    ];
    for (const text of texts) expect(text).not.toContain(SENTINEL);

    store.close();
    const cacheDir = join(dir, "cache");
    const files = readdirSync(cacheDir);
    expect(files).toContain("models.sqlite");
    for (const file of files) expect(readFileSync(join(cacheDir, file)).includes(SENTINEL), file).toBe(false);
    // And the cache holds what it should, so the scan above looked at real content.
    expect(readFileSync(join(cacheDir, "models.sqlite")).includes('{"ok": true}')).toBe(true);
  });
});
