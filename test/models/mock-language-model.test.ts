import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createModelClient, ModelCache } from "../../src/models/index.js";

const usage = {
  inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 4, text: 4, reasoning: undefined },
};

function mockModel(text: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async () => ({ content: [{ type: "text", text }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }),
  });
}

describe("createModelClient with an injected ai/test model", () => {
  it("runs the same pipeline: JSON response format, extraction, usage, cache", async () => {
    const model = mockModel('Answer: {"completed": true}');
    const store = ModelCache.open(":memory:");
    const client = createModelClient("openai:gpt-4.1-mini", { languageModel: model, env: {}, cache: { mode: "read-write", store } });
    const request = { system: "sys", messages: [{ role: "user" as const, content: "task" }], schema: z.object({ completed: z.boolean() }) };
    const first = await client.generate(request);
    expect(first).toMatchObject({ object: { completed: true }, usage: { input_tokens: 12, output_tokens: 4 }, cached: false });
    const call = model.doGenerateCalls[0];
    expect(call?.responseFormat).toMatchObject({ type: "json", schema: { type: "object" } });
    expect(call?.temperature).toBe(0);
    expect(call?.prompt[0]).toEqual({ role: "system", content: "sys" });
    const second = await client.generate(request);
    expect(second).toMatchObject({ object: { completed: true }, cached: true });
    expect(model.doGenerateCalls).toHaveLength(1);
    store.close();
  });
});
