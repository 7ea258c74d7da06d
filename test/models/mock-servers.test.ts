import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { streamText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { MockAnthropicServer } from "../support/mock-anthropic-server.js";
import { type MockModelServer, MockOpenAIServer } from "../support/mock-openai-server.js";

// The mock servers are shared test infrastructure: these tests pin the behaviour other tests rely on.
const servers: MockModelServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});
async function track<T extends MockModelServer>(server: Promise<T>): Promise<T> {
  const started = await server;
  servers.push(started);
  return started;
}

async function post(url: string, body: unknown): Promise<{ status: number; json: any; headers: Headers }> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text), headers: response.headers };
}

describe("MockOpenAIServer", () => {
  it("answers from the queue, then from the handler, then with 418", async () => {
    const server = await track(MockOpenAIServer.start({ replies: ["queued"] }));
    const url = `${server.url}/chat/completions`;
    const body = { model: "m", messages: [{ role: "user", content: "one two three" }] };
    const first = await post(url, body);
    expect(first.json.choices[0].message.content).toBe("queued");
    expect(first.json.usage).toEqual({ prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 });
    server.respondWith((request) => `echo ${request.body.messages[0].content}`);
    expect((await post(url, body)).json.choices[0].message.content).toBe("echo one two three");
    server.respondWith(undefined);
    const missing = await post(url, body);
    expect(missing.status).toBe(418);
    expect(missing.json.error.message).toMatch(/no scripted reply/);
    expect(server.callCount).toBe(3);
    expect(server.requests.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(server.lastRequest?.body).toEqual(body);
  });

  it("records requests to unknown paths and answers 404", async () => {
    const server = await track(MockOpenAIServer.start({ replies: ["unused"] }));
    const response = await post(`${server.url}/responses`, { model: "m" });
    expect(response.status).toBe(404);
    expect(server.requests[0]?.path).toBe("/v1/responses");
  });

  it("sends 429 with Retry-After headers and provider-style error bodies", async () => {
    const server = await track(
      MockOpenAIServer.start({
        replies: [
          { fault: "rate_limit", retryAfter: 3, retryAfterMs: 2500 },
          { fault: "error", status: 400, message: "bad" },
        ],
      }),
    );
    const limited = await post(`${server.url}/chat/completions`, {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(limited.headers.get("retry-after-ms")).toBe("2500");
    const bad = await post(`${server.url}/chat/completions`, {});
    expect(bad.json).toEqual({ error: { message: "bad", type: "invalid_request_error", code: null } });
  });

  it("streams SSE that the AI SDK reads, with usage", async () => {
    const server = await track(MockOpenAIServer.start({ replies: [{ content: "streamed reply text", usage: { input: 5, output: 3 } }] }));
    const model = createOpenAICompatible({ name: "t", baseURL: server.url, includeUsage: true }).chatModel("m");
    const result = streamText({ model, prompt: "hi" });
    expect(await result.text).toBe("streamed reply text");
    expect((await result.usage).outputTokens).toBe(3);
    expect(server.requests[0]?.stream).toBe(true);
  });

  it("cuts a stream off mid-way for the truncated fault", async () => {
    const server = await track(MockOpenAIServer.start({ replies: [{ fault: "truncated" }] }));
    const model = createOpenAICompatible({ name: "t", baseURL: server.url }).chatModel("m");
    const result = streamText({ model, prompt: "hi", maxRetries: 0, onError: () => {} });
    await expect(result.text).rejects.toThrow();
  });

  it("counts requests in flight", async () => {
    const server = await track(MockOpenAIServer.start());
    // Each reply waits until all three requests have arrived, so they overlap however slow the
    // machine is (a fixed latency let one finish before the last arrived under load).
    server.respondWith(async () => {
      while (server.maxInFlight < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      return "ok";
    });
    await Promise.all([1, 2, 3].map(() => post(`${server.url}/chat/completions`, {})));
    expect(server.maxInFlight).toBe(3);
    expect(server.inFlight).toBe(0);
    server.reset();
    expect(server.callCount).toBe(0);
    expect(server.maxInFlight).toBe(0);
  });

  it("stop() closes hung connections", async () => {
    const server = await MockOpenAIServer.start({ replies: [{ fault: "hang" }] });
    const pending = post(`${server.url}/chat/completions`, {}).catch((error: unknown) => error);
    for (let i = 0; i < 200 && server.callCount === 0; i += 1) await new Promise((r) => setTimeout(r, 5));
    await server.stop();
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe("MockAnthropicServer", () => {
  it("answers /v1/messages in the Messages format, with Anthropic error bodies", async () => {
    const server = await track(MockAnthropicServer.start({ replies: ["hello there", { fault: "rate_limit", retryAfter: 1 }] }));
    const ok = await post(`${server.url}/messages`, { model: "claude-x", messages: [{ role: "user", content: "hi" }] });
    expect(ok.json).toMatchObject({
      type: "message",
      role: "assistant",
      model: "claude-x",
      content: [{ type: "text", text: "hello there" }],
      stop_reason: "end_turn",
      usage: { input_tokens: 1, output_tokens: 2 },
    });
    const limited = await post(`${server.url}/messages`, {});
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ type: "error", error: { type: "rate_limit_error", message: "mock rate limit" } });
  });

  it("answers a forced json tool with tool_use, unless told otherwise", async () => {
    const server = await track(
      MockAnthropicServer.start({ replies: ['{"a": 1}', { content: '{"a": 2}', asJsonTool: false }, "not json"] }),
    );
    const body = { model: "c", messages: [], tools: [{ name: "json", input_schema: {} }], tool_choice: { type: "any" } };
    expect((await post(`${server.url}/messages`, body)).json.content).toEqual([
      { type: "tool_use", id: "toolu_mock-1", name: "json", input: { a: 1 } },
    ]);
    expect((await post(`${server.url}/messages`, body)).json.content[0].type).toBe("text");
    expect((await post(`${server.url}/messages`, body)).json.content).toEqual([{ type: "text", text: "not json" }]);
  });

  it("streams SSE events that the AI SDK reads", async () => {
    const server = await track(
      MockAnthropicServer.start({ replies: [{ content: "streamed from claude", usage: { input: 4, output: 3 } }] }),
    );
    const result = streamText({ model: createAnthropic({ baseURL: server.url, apiKey: "k" })("claude-sonnet-4-5"), prompt: "hi" });
    expect(await result.text).toBe("streamed from claude");
    expect((await result.usage).inputTokens).toBe(4);
  });
});
