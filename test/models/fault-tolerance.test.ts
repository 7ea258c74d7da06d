import { afterEach, describe, expect, it } from "vitest";
import { createModelClient, ModelCallError, type ModelClientOptions } from "../../src/models/index.js";
import { MockAnthropicServer } from "../support/mock-anthropic-server.js";
import { type MockFault, type MockModelServer, MockOpenAIServer } from "../support/mock-openai-server.js";

const servers: MockModelServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});
async function openai(options: Parameters<typeof MockOpenAIServer.start>[0] = {}): Promise<MockOpenAIServer> {
  const server = await MockOpenAIServer.start(options);
  servers.push(server);
  return server;
}

/** A client whose backoff sleeps are recorded instead of waited. */
function recordingClient(server: MockModelServer, options: ModelClientOptions = {}) {
  const sleeps: number[] = [];
  const client = createModelClient("openai-compatible:m", {
    baseUrl: server.url,
    timeoutMs: 2_000,
    maxRetries: 3,
    retry: { baseMs: 100, maxMs: 1_000, random: () => 0.5, sleep: async (ms) => void sleeps.push(ms) },
    ...options,
  });
  return { client, sleeps };
}

const ask = { messages: [{ role: "user" as const, content: "hi" }] };

const RETRIED: [string, MockFault][] = [
  ["429", { fault: "rate_limit" }],
  ["500", { fault: "server_error" }],
  ["503", { fault: "server_error", status: 503 }],
  ["a connection reset", { fault: "reset" }],
  ["malformed JSON", { fault: "malformed_json" }],
  ["a body of the wrong shape", { fault: "wrong_shape" }],
  ["a truncated body", { fault: "truncated" }],
];

describe("retries", () => {
  it.each(RETRIED)("retries after %s and then succeeds", async (_label, fault) => {
    const server = await openai({ replies: [fault, "recovered"] });
    const { client, sleeps } = recordingClient(server);
    expect((await client.generate(ask)).text).toBe("recovered");
    expect(server.callCount).toBe(2);
    expect(sleeps).toEqual([75]);
  });

  it("retries a hang past the timeout and then succeeds", async () => {
    const server = await openai({ replies: [{ fault: "hang" }, "after the hang"] });
    // Long enough that the healthy second attempt never hits it, even on a loaded machine.
    const { client, sleeps } = recordingClient(server, { timeoutMs: 600 });
    expect((await client.generate(ask)).text).toBe("after the hang");
    expect(server.callCount).toBe(2);
    expect(sleeps).toHaveLength(1);
  });

  it.each([
    [{ fault: "rate_limit" }, "rate_limit", 429],
    [{ fault: "server_error" }, "server", 500],
    [{ fault: "reset" }, "network", undefined],
    [{ fault: "malformed_json" }, "server", 200],
    [{ fault: "hang" }, "timeout", undefined],
  ] as [MockFault, string, number | undefined][])(
    "gives up after maxRetries with the last failure's kind (%j)",
    async (fault, kind, status) => {
      const server = await openai();
      server.respondWith(() => fault);
      const { client, sleeps } = recordingClient(server, { maxRetries: 2, timeoutMs: fault.fault === "hang" ? 150 : 10_000 });
      const error = await client.generate(ask).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelCallError);
      expect(error).toMatchObject({ kind, attempts: 3, status });
      expect((error as Error).message).toMatch(new RegExp(`^openai-compatible:m: ${kind}.* after 3 attempts`));
      expect(server.callCount).toBe(3);
      expect(sleeps).toEqual([75, 150]);
    },
  );

  it.each([
    [400, "bad_request"],
    [401, "auth"],
    [403, "auth"],
    [404, "bad_request"],
  ])("does not retry HTTP %i", async (status, kind) => {
    const server = await openai({ replies: [{ fault: "error", status, message: "nope" }, "never reached"] });
    const { client, sleeps } = recordingClient(server);
    await expect(client.generate(ask)).rejects.toMatchObject({ kind, attempts: 1, status });
    expect(server.callCount).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("a maxRetries of 0 makes exactly one attempt", async () => {
    const server = await openai({ replies: [{ fault: "server_error" }, "unused"] });
    const { client } = recordingClient(server, { maxRetries: 0 });
    await expect(client.generate(ask)).rejects.toMatchObject({ kind: "server", attempts: 1 });
    expect(server.callCount).toBe(1);
  });

  it("retries Anthropic's 529 overloaded and truncated streams of its own format", async () => {
    const server = await MockAnthropicServer.start({ replies: [{ fault: "server_error", status: 529 }, { fault: "truncated" }, "ok"] });
    servers.push(server);
    const sleeps: number[] = [];
    const client = createModelClient("anthropic:claude-sonnet-4-5", {
      baseUrl: server.url,
      env: { ANTHROPIC_API_KEY: "k-anthropic" },
      retry: { sleep: async (ms) => void sleeps.push(ms) },
    });
    expect((await client.generate(ask)).text).toBe("ok");
    expect(server.callCount).toBe(3);
    expect(sleeps).toHaveLength(2);
  });
});

describe("Retry-After", () => {
  it("waits what the server asks, in seconds or as retry-after-ms", async () => {
    const server = await openai({ replies: [{ fault: "rate_limit", retryAfter: 7 }, { fault: "rate_limit", retryAfterMs: 1234 }, "ok"] });
    const { client, sleeps } = recordingClient(server, { retry: { sleep: async (ms) => void sleeps.push(ms), maxRetryAfterMs: 60_000 } });
    expect((await client.generate(ask)).text).toBe("ok");
    expect(sleeps).toEqual([7000, 1234]);
  });

  it("understands an HTTP date", async () => {
    const server = await openai({ replies: [{ fault: "rate_limit", retryAfter: new Date(Date.now() + 20_000).toUTCString() }, "ok"] });
    const { client, sleeps } = recordingClient(server);
    await client.generate(ask);
    expect(sleeps).toHaveLength(1);
    // HTTP dates have one-second resolution; the request itself takes well under a second.
    expect(sleeps[0]).toBeGreaterThan(17_000);
    expect(sleeps[0]).toBeLessThanOrEqual(20_000);
  });

  it("caps an excessive Retry-After", async () => {
    const server = await openai({ replies: [{ fault: "rate_limit", retryAfter: 86_400 }, "ok"] });
    const sleeps: number[] = [];
    const client = createModelClient("openai-compatible:m", {
      baseUrl: server.url,
      retry: { maxRetryAfterMs: 5_000, sleep: async (ms) => void sleeps.push(ms) },
    });
    await client.generate(ask);
    expect(sleeps).toEqual([5_000]);
  });
});

describe("timeouts and cancellation", () => {
  it("times out a hung call per attempt", async () => {
    const server = await openai({ replies: [{ fault: "hang" }] });
    const { client } = recordingClient(server, { timeoutMs: 100, maxRetries: 0 });
    await expect(client.generate(ask)).rejects.toMatchObject({ kind: "timeout", attempts: 1 });
  });

  it("the caller's abort ends the call without retrying and with the caller's reason", async () => {
    const server = await openai({ replies: [{ fault: "hang" }, "unused"] });
    const { client, sleeps } = recordingClient(server, { timeoutMs: 5_000 });
    const controller = new AbortController();
    const pending = client.generate({ ...ask, signal: controller.signal });
    await waitFor(() => server.callCount === 1);
    controller.abort(new Error("user pressed Ctrl-C"));
    await expect(pending).rejects.toThrow("user pressed Ctrl-C");
    expect(sleeps).toEqual([]);
    expect(server.callCount).toBe(1);
  });
});

describe("concurrency limit per endpoint", () => {
  it("is shared by every client of the endpoint", async () => {
    const server = await openai({ latencyMs: 20 });
    server.respondWith(() => "ok");
    const a = createModelClient("openai-compatible:agent-model", { baseUrl: server.url, concurrency: 2 });
    const b = createModelClient("openai-compatible:judge-model", { baseUrl: server.url, concurrency: 2 });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).generate({ messages: [{ role: "user", content: `call ${i}` }] })),
    );
    expect(server.callCount).toBe(12);
    expect(server.maxInFlight).toBe(2);
  });

  it("does not hold a slot while backing off", async () => {
    const server = await openai();
    server.reply({ fault: "server_error" });
    server.respondWith(() => "ok");
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = createModelClient("openai-compatible:m", { baseUrl: server.url, concurrency: 1, retry: { sleep: () => gate } });
    const failing = client.generate({ messages: [{ role: "user", content: "first" }] });
    await waitFor(() => server.callCount === 1);
    // While the first call sleeps before its retry, another call gets the only slot.
    expect((await client.generate({ messages: [{ role: "user", content: "second" }] })).text).toBe("ok");
    release();
    expect((await failing).text).toBe("ok");
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error("condition not reached");
}
