import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createModelClient, type ModelClientOptions } from "../../src/models/index.js";
import { MockAnthropicServer } from "../support/mock-anthropic-server.js";
import { type MockModelServer, MockOpenAIServer } from "../support/mock-openai-server.js";

const schema = z.object({ completed: z.boolean(), shared_content: z.array(z.string()) });
const answer = { completed: true, shared_content: ["Dentist at 10:30"] };
const OPENAI_ENV = { OPENAI_API_KEY: "sk-test-openai" };
const ANTHROPIC_ENV = { ANTHROPIC_API_KEY: "sk-test-anthropic" };

const servers: MockModelServer[] = [];
async function openai(): Promise<MockOpenAIServer> {
  const server = await MockOpenAIServer.start();
  servers.push(server);
  return server;
}
async function anthropic(): Promise<MockAnthropicServer> {
  const server = await MockAnthropicServer.start();
  servers.push(server);
  return server;
}
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

const fast: ModelClientOptions["retry"] = { sleep: async () => {} };

describe("generate over HTTP", () => {
  it("openai: sends system, messages, temperature 0 and a json_schema response format", async () => {
    const server = await openai();
    server.reply(JSON.stringify(answer));
    const client = createModelClient("openai:gpt-4.1-mini", { baseUrl: server.url, env: OPENAI_ENV });
    const response = await client.generate({
      system: "You are careful.",
      messages: [{ role: "user", content: "Share my calendar" }],
      schema,
      schemaName: "agent_output",
      seed: 7,
      maxOutputTokens: 300,
    });
    expect(response).toMatchObject({ text: JSON.stringify(answer), object: answer, cached: false, model: "openai:gpt-4.1-mini" });
    expect(response.parse_error).toBeUndefined();
    const request = server.requests[0];
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe("Bearer sk-test-openai");
    expect(request?.body).toMatchObject({
      model: "gpt-4.1-mini",
      temperature: 0,
      seed: 7,
      max_tokens: 300,
      messages: [
        { role: "system", content: "You are careful." },
        { role: "user", content: "Share my calendar" },
      ],
      response_format: {
        type: "json_schema",
        json_schema: { name: "agent_output", strict: true, schema: { required: ["completed", "shared_content"] } },
      },
    });
  });

  it("openai: a schema that strict mode cannot take goes out non-strict", async () => {
    const server = await openai();
    server.reply('{"note": "x"}');
    const client = createModelClient("openai:gpt-4.1-mini", { baseUrl: server.url, env: OPENAI_ENV });
    const loose = z.object({ note: z.string().min(1), extra: z.string().optional() });
    expect((await client.generate({ messages: [{ role: "user", content: "x" }], schema: loose })).object).toEqual({ note: "x" });
    expect(server.requests[0]?.body.response_format.json_schema.strict).toBe(false);
  });

  it("openai-compatible without structured output: no response_format, schema appended to the system prompt, JSON extracted from prose", async () => {
    const server = await openai();
    server.reply(`Sure! Here you go:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\`\nAnything else?`);
    const client = createModelClient("openai-compatible:qwen3", { baseUrl: server.url });
    const response = await client.generate({ system: "Agent prompt.", messages: [{ role: "user", content: "task" }], schema });
    expect(response.object).toEqual(answer);
    const body = server.requests[0]?.body;
    expect(body.response_format).toBeUndefined();
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    const system: string = body.messages[0].content;
    expect(system.startsWith("Agent prompt.\n\n")).toBe(true);
    expect(system).toContain('"shared_content":{"type":"array"');
  });

  it("openai-compatible with structured_outputs: json_schema response format", async () => {
    const server = await openai();
    server.reply(JSON.stringify(answer));
    const client = createModelClient("openai-compatible:qwen3", { baseUrl: server.url, structuredOutputs: true });
    expect((await client.generate({ messages: [{ role: "user", content: "task" }], schema })).object).toEqual(answer);
    expect(server.requests[0]?.body.response_format.type).toBe("json_schema");
    expect(server.requests[0]?.body.messages).toHaveLength(1);
  });

  it("a reply that cannot be parsed or validated is a parse_error, not an exception", async () => {
    const server = await openai();
    server.reply("I won't share that.", '{"completed": "maybe"}');
    const client = createModelClient("openai-compatible:m", { baseUrl: server.url });
    const refusal = await client.generate({ messages: [{ role: "user", content: "x" }], schema });
    expect(refusal).toMatchObject({ text: "I won't share that.", parse_error: "no JSON object found in the reply" });
    expect(refusal.object).toBeUndefined();
    const wrong = await client.generate({ messages: [{ role: "user", content: "x" }], schema });
    expect(wrong.parse_error).toMatch(/does not match the schema: completed: /);
    expect(wrong.object).toBeUndefined();
  });

  it("without a schema there is no object and no parse_error", async () => {
    const server = await openai();
    server.reply('{"looks": "like json"}');
    const response = await createModelClient("openai-compatible:m", { baseUrl: server.url }).generate({
      messages: [{ role: "user", content: "x" }],
    });
    expect(response.text).toBe('{"looks": "like json"}');
    expect("object" in response || "parse_error" in response).toBe(false);
  });

  it("keeps the conversation: assistant turns go out in order", async () => {
    const server = await openai();
    server.reply("third");
    await createModelClient("openai-compatible:m", { baseUrl: server.url }).generate({
      messages: [
        { role: "user", content: "first" },
        { role: "assistant", content: "second" },
        { role: "user", content: "again" },
      ],
      temperature: 0.7,
    });
    expect(server.requests[0]?.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(server.requests[0]?.body.temperature).toBe(0.7);
  });

  it("anthropic, recent model: native output format, x-api-key header", async () => {
    const server = await anthropic();
    server.reply(JSON.stringify(answer));
    const client = createModelClient("anthropic:claude-sonnet-4-5", { baseUrl: server.url, env: ANTHROPIC_ENV });
    const response = await client.generate({ system: "sys", messages: [{ role: "user", content: "x" }], schema });
    expect(response.object).toEqual(answer);
    const request = server.requests[0];
    expect(request?.path).toBe("/v1/messages");
    expect(request?.headers["x-api-key"]).toBe("sk-test-anthropic");
    expect(request?.body.output_config.format.type).toBe("json_schema");
    expect(request?.body.system).toEqual([{ type: "text", text: "sys" }]);
  });

  it("anthropic, older model: the json tool, whose input comes back as the reply text", async () => {
    const server = await anthropic();
    server.reply(JSON.stringify(answer));
    const client = createModelClient("anthropic:claude-3-haiku-20240307", { baseUrl: server.url, env: ANTHROPIC_ENV });
    const response = await client.generate({ messages: [{ role: "user", content: "x" }], schema });
    expect(response.object).toEqual(answer);
    expect(JSON.parse(response.text)).toEqual(answer);
    expect(server.requests[0]?.body.tools[0].name).toBe("json");
  });

  it("counts usage per call and prices it", async () => {
    const server = await openai();
    server.reply({ content: "a", usage: { input: 1000, output: 500 } }, { content: "b", usage: { input: 10, output: 0 } });
    const priced = createModelClient("openai:gpt-4.1-mini", {
      baseUrl: server.url,
      env: OPENAI_ENV,
      price: { input_per_mtok: 2, output_per_mtok: 8 },
    });
    const first = await priced.generate({ messages: [{ role: "user", content: "x" }] });
    expect(first.usage).toMatchObject({ calls: 1, cached_calls: 0, input_tokens: 1000, output_tokens: 500 });
    expect(first.usage.cost_usd).toBeCloseTo(0.006, 12);
    const unpriced = createModelClient("openai:gpt-4.1-mini", { baseUrl: server.url, env: OPENAI_ENV });
    const second = await unpriced.generate({ messages: [{ role: "user", content: "x" }] });
    expect(second.usage).toEqual({ calls: 1, cached_calls: 0, input_tokens: 10, output_tokens: 0 });
  });

  it("anthropic usage is read from its own field names", async () => {
    const server = await anthropic();
    server.reply({ content: "ok", usage: { input: 321, output: 12 } });
    const response = await createModelClient("anthropic:claude-sonnet-4-5", {
      baseUrl: server.url,
      env: ANTHROPIC_ENV,
      retry: fast,
    }).generate({
      messages: [{ role: "user", content: "x" }],
    });
    expect(response.usage).toEqual({ calls: 1, cached_calls: 0, input_tokens: 321, output_tokens: 12 });
  });

  it("reports a missing API key as an auth error before any HTTP call", async () => {
    const server = await openai();
    const client = createModelClient("openai:gpt-4.1-mini", { baseUrl: server.url, env: {} });
    await expect(client.generate({ messages: [{ role: "user", content: "x" }] })).rejects.toMatchObject({
      name: "ModelCallError",
      kind: "auth",
      attempts: 0,
      message: expect.stringMatching(/OPENAI_API_KEY is not set/),
    });
    expect(server.callCount).toBe(0);
  });

  it("describe() reports the resolved endpoint", async () => {
    const server = await openai();
    const client = createModelClient("openai-compatible:m", { baseUrl: server.url, concurrency: 3 });
    expect(client.describe()).toMatchObject({ provider: "openai-compatible", model: "m", base_url: server.url, max_concurrency: 3 });
  });
});
