import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requestJsonSchema } from "../../src/models/index.js";
import { isStrictCompatible, jsonInstructions } from "../../src/models/request-json-schema.js";

describe("requestJsonSchema", () => {
  it("describes what the schema accepts and closes plain objects", () => {
    const schema = requestJsonSchema(z.object({ a: z.string(), nested: z.object({ b: z.number() }) }));
    expect(schema).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["a", "nested"],
      properties: { nested: { type: "object", additionalProperties: false } },
    });
  });

  it("does not throw on transforms (validation stays on our side)", () => {
    expect(() => requestJsonSchema(z.object({ a: z.string().transform((s) => s.length) }))).not.toThrow();
  });
});

describe("isStrictCompatible", () => {
  it("accepts all-required closed objects with plain keywords", () => {
    expect(
      isStrictCompatible(requestJsonSchema(z.object({ a: z.boolean(), b: z.array(z.enum(["x", "y"])), c: z.string().nullable() }))),
    ).toBe(true);
  });

  it("refuses optional properties and keywords outside the safe set", () => {
    expect(isStrictCompatible(requestJsonSchema(z.object({ a: z.boolean().optional() })))).toBe(false);
    expect(isStrictCompatible(requestJsonSchema(z.object({ a: z.string().min(1) })))).toBe(false);
    expect(isStrictCompatible(requestJsonSchema(z.object({ a: z.object({ b: z.int().max(5) }) })))).toBe(false);
  });
});

describe("jsonInstructions", () => {
  it("embeds the schema without the $schema URL", () => {
    const text = jsonInstructions(requestJsonSchema(z.object({ completed: z.boolean() })));
    expect(text).toContain('"completed":{"type":"boolean"}');
    expect(text).not.toContain("$schema");
  });
});
