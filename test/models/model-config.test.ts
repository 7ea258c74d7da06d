import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  discoverModelConfig,
  loadModelConfig,
  MODEL_CONFIG_FILE,
  ModelConfigError,
  parseModelConfig,
  resolveEndpoint,
} from "../../src/models/index.js";
import { tempDir } from "../support/temp-dir.js";

function configError(text: string, env: NodeJS.ProcessEnv = {}): ModelConfigError {
  try {
    parseModelConfig(text, "conf/safecua.config.yaml", env);
  } catch (error) {
    if (error instanceof ModelConfigError) return error;
    throw error;
  }
  throw new Error("expected a ModelConfigError");
}

describe("model config file", () => {
  it("loads a file from disk with env interpolation and fills defaults", () => {
    const dir = tempDir();
    const path = join(dir, MODEL_CONFIG_FILE);
    writeFileSync(
      path,
      [
        "endpoints:",
        "  - name: vllm",
        "    provider: openai-compatible",
        "    base_url: http://${VLLM_HOST}:8000/v1",
        "    model: $${literal}",
      ].join("\n"),
    );
    const config = loadModelConfig(path, { VLLM_HOST: "10.1.2.3" });
    expect(config.endpoints[0]).toMatchObject({ name: "vllm", base_url: "http://10.1.2.3:8000/v1", model: "${literal}" });
    expect(config.defaults).toEqual({});
    expect(config.prices).toEqual({});
    expect(config.source).toBe(path);
    expect(discoverModelConfig(dir)).toBe(path);
    expect(discoverModelConfig(tempDir())).toBeUndefined();
  });

  it("can be passed to resolveEndpoint by path", () => {
    const path = join(tempDir(), MODEL_CONFIG_FILE);
    writeFileSync(
      path,
      "endpoints:\n  - { name: box, provider: openai-compatible, base_url: 'http://127.0.0.1:11434/v1', model: llama3 }\n",
    );
    expect(resolveEndpoint("openai-compatible:box", { config: path })).toMatchObject({
      modelId: "llama3",
      baseUrl: "http://127.0.0.1:11434/v1",
      endpointName: "box",
    });
  });

  it("treats an empty file as no endpoints", () => {
    expect(parseModelConfig("", "x.yaml", {}).endpoints).toEqual([]);
  });

  it("names the file, the key and the variable when an env var is missing", () => {
    const error = configError("endpoints:\n  - name: a\n    provider: openai-compatible\n    base_url: http://${NOPE_HOST}/v1\n");
    expect(error.message).toBe("conf/safecua.config.yaml: endpoints[0].base_url: environment variable NOPE_HOST is not set");
    expect(error.file).toBe("conf/safecua.config.yaml");
    expect(error.key).toBe("endpoints[0].base_url");
    expect(configError("defaults:\n  note: ${not valid}\n").message).toMatch(
      /defaults.note: "\$\{not valid\}" is not a valid environment reference/,
    );
  });

  it.each([
    ["endpoints:\n  - name: a\n    provider: openrouter\n    base_url: http://h/v1\n", "endpoints[0].provider"],
    ["endpoints:\n  - name: a\n    provider: openai\n    base_url: not-a-url\n", "endpoints[0].base_url"],
    ["endpoints:\n  - name: a\n    provider: openai\n", "endpoints[0].base_url"],
    ["endpoints:\n  - name: a/b\n    provider: openai\n    base_url: http://h/v1\n", "endpoints[0].name"],
    ["endpoints:\n  - name: a\n    provider: openai\n    base_url: http://h/v1\n    max_concurrency: 0\n", "endpoints[0].max_concurrency"],
    ["endpoints:\n  - name: a\n    provider: openai\n    base_url: http://h/v1\n    api_key_env: 1BAD\n", "endpoints[0].api_key_env"],
    [
      "endpoints:\n  - name: a\n    provider: openai\n    base_url: http://h/v1\n    price: { input_per_mtok: -1, output_per_mtok: 1 }\n",
      "endpoints[0].price.input_per_mtok",
    ],
    ["defaults:\n  timeout_ms: 1.5\n", "defaults.timeout_ms"],
    ["prices:\n  'openai:x': { input_per_mtok: 1 }\n", "prices.openai:x.output_per_mtok"],
  ])("rejects invalid values with the key path (%#)", (text, key) => {
    const error = configError(text);
    expect(error.key).toBe(key);
    expect(error.message.startsWith(`conf/safecua.config.yaml: ${key}: `)).toBe(true);
  });

  it("has no place for a literal API key and rejects unknown keys", () => {
    const error = configError("endpoints:\n  - name: a\n    provider: openai\n    base_url: http://h/v1\n    api_key: sk-abc\n");
    expect(error.key).toBe("endpoints[0]");
    expect(error.message).toMatch(/api_key/);
    expect(configError("endpoint:\n  - name: a\n").message).toMatch(/Unrecognized key.*endpoint/);
  });

  it("reads past a bench: section, so one file holds an evaluation and its endpoints", () => {
    const text = "bench:\n  agents: [local]\nendpoints:\n  - name: local\n    provider: openai-compatible\n    base_url: http://h/v1\n";
    expect(parseModelConfig(text, "eval.yaml", {}).endpoints.map((endpoint) => endpoint.name)).toEqual(["local"]);
  });

  it("rejects duplicate endpoint names, pointing at the second one", () => {
    const error = configError(
      "endpoints:\n  - { name: a, provider: openai, base_url: 'http://h/v1' }\n  - { name: a, provider: anthropic, base_url: 'http://g/v1' }\n",
    );
    expect(error.message).toBe('conf/safecua.config.yaml: endpoints[1].name: duplicate endpoint name "a" (also endpoints[0])');
  });

  it("reports YAML syntax errors with the line, and unreadable files by name", () => {
    expect(configError("endpoints:\n  - name: [unclosed\n").message).toMatch(
      /^conf\/safecua.config.yaml: invalid YAML: line \d+, column \d+/,
    );
    expect(() => loadModelConfig(join(tempDir(), "missing.yaml"))).toThrow(/missing.yaml: cannot read the file \(ENOENT\)/);
  });
});
