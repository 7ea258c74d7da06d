import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cacheKey, canonicalRequest, imageMessage, requestJsonSchema, resolveEndpoint } from "../../src/models/index.js";

/**
 * Cache keys users have recorded must keep replaying: these keys were computed by safecua 0.1
 * (commit fe6324c, before messages had typed parts and before the canonical-JSON helpers were
 * merged). A change to the key's recipe fails here, and needs CACHE_KEY_VERSION bumped instead.
 */
const endpoint = resolveEndpoint("openai-compatible:local/qwen3", { baseUrl: "http://127.0.0.1:8000/v1" });

describe("cache keys recorded by earlier versions", () => {
  it("a text request", () => {
    const request = canonicalRequest(endpoint, {
      system: "You are careful.",
      messages: [{ role: "user", content: "Hello" }],
      temperature: 0,
      seed: 7,
    });
    expect(cacheKey(request)).toBe("a9cd0434ba0bcb6357fb9ec2a2250cb53538a6b1e8f5452d79d19948dfb4e4e8");
  });

  it("a request for structured output", () => {
    const schema = requestJsonSchema(z.object({ completed: z.boolean(), shared_content: z.array(z.string()) }));
    const request = canonicalRequest(endpoint, {
      system: "S",
      messages: [{ role: "user", content: "Q" }],
      temperature: 0,
      schema,
      schemaName: "agent_output",
    });
    expect(cacheKey(request)).toBe("b6dad352bd041a4bd4c4c126ecf0e805ea5978c2a7cb93e0212e3e57953c33b4");
  });

  it("a request with an image (recorded when images rode in an untyped content field)", () => {
    const request = canonicalRequest(endpoint, {
      messages: [imageMessage("Look", Buffer.from([1, 2, 3, 4, 5]), "image/png")],
      temperature: 0,
    });
    expect(cacheKey(request)).toBe("ea4c23c696ba4fd0b79f65752a718a8a3a08d5b87e761ffc2021e9fd52334979");
  });

  it("changes when what the model is asked changes", () => {
    const base = canonicalRequest(endpoint, { messages: [{ role: "user", content: "Hello" }], temperature: 0 });
    const other = canonicalRequest(endpoint, { messages: [{ role: "user", content: "Hello!" }], temperature: 0 });
    expect(cacheKey(base)).not.toBe(cacheKey(other));
  });
});
