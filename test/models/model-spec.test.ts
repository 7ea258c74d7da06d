import { describe, expect, it } from "vitest";
import {
  describeModelSpec,
  type ModelConfig,
  ModelSpecError,
  parseModelConfig,
  parseModelSpec,
  resolveEndpoint,
} from "../../src/models/index.js";

const CONFIG_TEXT = `
endpoints:
  - name: local
    provider: openai-compatible
    base_url: http://127.0.0.1:8000/v1/
    model: qwen3-8b
    max_concurrency: 3
    timeout_ms: 5000
    structured_outputs: true
    price: { input_per_mtok: 0.1, output_per_mtok: 0.2 }
  - name: bare
    provider: openai-compatible
    base_url: http://127.0.0.1:9000/v1
    api_key_env: BARE_KEY
  - name: proxy
    provider: anthropic
    base_url: https://proxy.example/anthropic/v1
    model: claude-sonnet-4-5
defaults:
  timeout_ms: 9000
  max_retries: 2
  max_concurrency: 5
prices:
  "openai:gpt-4.1-mini": { input_per_mtok: 0.4, output_per_mtok: 1.6 }
`;
const config: ModelConfig = parseModelConfig(CONFIG_TEXT, "safecua.config.yaml", {});

describe("parseModelSpec", () => {
  it("splits at the first colon and keeps the rest verbatim", () => {
    expect(parseModelSpec("openai:gpt-4.1-mini")).toEqual({ provider: "openai", rest: "gpt-4.1-mini" });
    expect(parseModelSpec("openai-compatible:local/Qwen/Qwen3-8B:q4")).toEqual({
      provider: "openai-compatible",
      rest: "local/Qwen/Qwen3-8B:q4",
    });
  });

  it.each([
    ["gpt-4", /expected PROVIDER:MODEL/],
    [":gpt-4", /expected PROVIDER:MODEL/],
    ["openrouter:x", /unknown provider "openrouter"/],
    ["openai:", /model part .* is empty/],
    ["openai: gpt-4", /surrounding spaces/],
  ])("rejects %j", (spec, message) => {
    expect(() => parseModelSpec(spec)).toThrow(ModelSpecError);
    expect(() => parseModelSpec(spec)).toThrow(message);
  });
});

describe("resolveEndpoint", () => {
  it("resolves hosted providers to their default base URL, key variable and structured output", () => {
    const openai = resolveEndpoint("openai:gpt-4.1-mini");
    expect(openai).toMatchObject({
      provider: "openai",
      modelId: "gpt-4.1-mini",
      baseUrl: "https://api.openai.com/v1",
      apiKeyEnv: "OPENAI_API_KEY",
      structuredOutputs: true,
    });
    const anthropic = resolveEndpoint("anthropic:claude-sonnet-4-5");
    expect(anthropic).toMatchObject({
      provider: "anthropic",
      modelId: "claude-sonnet-4-5",
      baseUrl: "https://api.anthropic.com/v1",
      apiKeyEnv: "ANTHROPIC_API_KEY",
    });
    expect(openai.endpointName).toBeUndefined();
  });

  it("takes --base-url for any provider and normalises it", () => {
    expect(resolveEndpoint("openai:gpt-4o", { baseUrl: "http://127.0.0.1:1234/v1/" }).baseUrl).toBe("http://127.0.0.1:1234/v1");
    const compat = resolveEndpoint("openai-compatible:Qwen/Qwen3-8B", { baseUrl: "http://localhost:8000/v1" });
    expect(compat).toMatchObject({ provider: "openai-compatible", modelId: "Qwen/Qwen3-8B", structuredOutputs: false });
    expect(compat.apiKeyEnv).toBeUndefined();
  });

  it("requires a base URL or a named endpoint for openai-compatible", () => {
    expect(() => resolveEndpoint("openai-compatible:qwen3")).toThrow(/needs --base-url URL or an endpoint named "qwen3"/);
    expect(() => resolveEndpoint("openai-compatible:nope/x", { config })).toThrow(
      /endpoint named "nope" in safecua.config.yaml \(configured openai-compatible endpoints: local, bare\)/,
    );
  });

  it("resolves NAME and NAME/MODEL against configured endpoints", () => {
    const local = resolveEndpoint("openai-compatible:local", { config });
    expect(local).toMatchObject({
      endpointName: "local",
      modelId: "qwen3-8b",
      baseUrl: "http://127.0.0.1:8000/v1",
      maxConcurrency: 3,
      timeoutMs: 5000,
      maxRetries: 2,
      structuredOutputs: true,
    });
    expect(local.price).toEqual({ input_per_mtok: 0.1, output_per_mtok: 0.2 });
    expect(resolveEndpoint("openai-compatible:local/llama-3.1-8b", { config }).modelId).toBe("llama-3.1-8b");
    expect(resolveEndpoint("openai-compatible:bare/m", { config })).toMatchObject({
      apiKeyEnv: "BARE_KEY",
      timeoutMs: 9000,
      maxConcurrency: 5,
    });
    expect(resolveEndpoint("anthropic:proxy", { config })).toMatchObject({
      modelId: "claude-sonnet-4-5",
      baseUrl: "https://proxy.example/anthropic/v1",
    });
  });

  it("explains an endpoint without a model and an endpoint used with the wrong provider", () => {
    expect(() => resolveEndpoint("openai-compatible:bare", { config })).toThrow(
      /endpoint "bare" in safecua.config.yaml has no model; write openai-compatible:bare\/MODEL/,
    );
    expect(() => resolveEndpoint("openai:local", { config })).toThrow(
      /"local" .* is a openai-compatible endpoint; write openai-compatible:local/,
    );
  });

  it("lets options override the endpoint, and the endpoint override the defaults", () => {
    const resolved = resolveEndpoint("openai-compatible:local", {
      config,
      baseUrl: "http://10.0.0.2:8000/v1",
      timeoutMs: 1,
      maxRetries: 0,
      concurrency: 16,
      structuredOutputs: false,
      price: { input_per_mtok: 1, output_per_mtok: 1 },
    });
    expect(resolved).toMatchObject({
      baseUrl: "http://10.0.0.2:8000/v1",
      timeoutMs: 1,
      maxRetries: 0,
      maxConcurrency: 16,
      structuredOutputs: false,
      price: { input_per_mtok: 1, output_per_mtok: 1 },
    });
  });

  it("looks hosted prices up by resolved provider:model", () => {
    expect(resolveEndpoint("openai:gpt-4.1-mini", { config }).price).toEqual({ input_per_mtok: 0.4, output_per_mtok: 1.6 });
    expect(resolveEndpoint("openai:gpt-4.1", { config }).price).toBeUndefined();
  });

  it("refuses base URLs with credentials or a query without echoing them", () => {
    let message = "";
    try {
      resolveEndpoint("openai-compatible:m", { baseUrl: "https://user:hunter2-secret@host.example/v1" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/must not contain credentials/);
    expect(message).not.toContain("hunter2-secret");
    expect(() => resolveEndpoint("openai-compatible:m", { baseUrl: "https://host.example/v1?key=abc" })).toThrow(/query string/);
    expect(() => resolveEndpoint("openai-compatible:m", { baseUrl: "ftp://host.example/v1" })).toThrow(/http or https/);
    expect(() => resolveEndpoint("openai-compatible:m", { baseUrl: "not a url" })).toThrow(/not a valid URL/);
  });
});

describe("describeModelSpec", () => {
  it("describes what answers, names the key variable, and holds no key", () => {
    const env = { BARE_KEY: "sk-SENTINEL-describe-123" };
    const description = describeModelSpec("openai-compatible:bare/m", { config });
    expect(description).toEqual({
      spec: "openai-compatible:bare/m",
      provider: "openai-compatible",
      model: "m",
      endpoint: "bare",
      base_url: "http://127.0.0.1:9000/v1",
      api_key_env: "BARE_KEY",
      structured_outputs: false,
      timeout_ms: 9000,
      max_retries: 2,
      max_concurrency: 5,
    });
    expect(JSON.stringify(description)).not.toContain(env.BARE_KEY);
  });
});
