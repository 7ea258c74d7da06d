import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as models from "../../src/models/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";

const MODELS_DIR = join(PROJECT_ROOT, "src", "models");
const PACKAGES = new Set([
  "ai",
  "@ai-sdk/openai",
  "@ai-sdk/anthropic",
  "@ai-sdk/openai-compatible",
  "better-sqlite3",
  "p-limit",
  "yaml",
  "zod",
]);

describe("src/models module boundary", () => {
  const files = readdirSync(MODELS_DIR).filter((f) => f.endsWith(".ts"));

  it("imports only its own files, node built-ins and its declared packages", () => {
    for (const file of files) {
      const source = readFileSync(join(MODELS_DIR, file), "utf8");
      for (const match of source.matchAll(/from\s+"([^"]+)"/g)) {
        const specifier = match[1] as string;
        const allowed = /^\.\/[a-z0-9-]+\.js$/.test(specifier) || specifier.startsWith("node:") || PACKAGES.has(specifier);
        expect(allowed, `${file} imports ${specifier}`).toBe(true);
      }
    }
  });

  it("names files in kebab-case and exports the public entry points", () => {
    for (const file of files) expect(file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.ts$/);
    for (const name of [
      "createModelClient",
      "loadModelConfig",
      "parseModelConfig",
      "describeModelSpec",
      "parseModelSpec",
      "resolveEndpoint",
      "parseStructuredReply",
      "cacheKey",
      "addUsage",
      "estimateCost",
    ]) {
      expect(typeof (models as Record<string, unknown>)[name], name).toBe("function");
    }
    expect(typeof models.ModelCache.open).toBe("function");
    expect(new models.ModelCallError("timeout", "m", 2)).toBeInstanceOf(Error);
  });
});
