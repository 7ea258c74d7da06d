import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseStructuredReply } from "../../src/models/extract-json-object.js";
import { extractJsonObjects } from "../../src/models/index.js";

const schema = z.object({ completed: z.boolean(), shared_content: z.array(z.string()) });
const good = { completed: true, shared_content: ["08:00 AM", "a {brace} in a string"] };
const goodJson = JSON.stringify(good);

describe("parseStructuredReply", () => {
  it.each([
    ["a bare object", goodJson],
    ["an object with surrounding whitespace", `\n\n  ${goodJson}  \n`],
    ["a ```json fence with prose around it", `Here is my answer:\n\`\`\`json\n${goodJson}\n\`\`\`\nLet me know!`],
    ["an untagged fence", `Result:\n\`\`\`\n${JSON.stringify(good, null, 2)}\n\`\`\``],
    ["prose before and after, no fence", `Sure. The output is ${goodJson} — hope that helps.`],
    ["a <think> block containing braces first", `<think>maybe {"completed": false}? no, {x}</think>\n${goodJson}`],
    ["trailing commas", '{"completed": true, "shared_content": ["08:00 AM", "a {brace} in a string",],}'],
  ])("extracts the object from %s", (_label, text) => {
    expect(parseStructuredReply(text, schema)).toEqual({ object: good });
  });

  it("prefers the first candidate that passes the schema", () => {
    const text = `Example format: {"completed": "yes or no"}.\nActual: {"completed": false, "shared_content": []}`;
    expect(parseStructuredReply(text, schema)).toEqual({ object: { completed: false, shared_content: [] } });
  });

  it("returns the zod-parsed value (defaults applied, unknown keys stripped)", () => {
    const withDefault = z.object({ completed: z.boolean(), note: z.string().default("none") });
    expect(parseStructuredReply('{"completed": true, "extra": 1}', withDefault)).toEqual({ object: { completed: true, note: "none" } });
  });

  it.each([
    ["an empty reply", "", /^empty reply/],
    ["a refusal in prose", "I can't help with sharing that information.", /^no JSON object found/],
    ["an array instead of an object", '[{"completed": true}]', /does not match the schema|no JSON object/],
    ["unbalanced JSON", '{"completed": true, "shared_content": ["a"', /^no JSON object found/],
    [
      "an object of the wrong shape",
      '{"completed": "yes", "shared_content": "all of it"}',
      /^the reply's JSON object does not match the schema: completed: .*; shared_content: /,
    ],
  ])("gives a parse_error, not an exception, for %s", (_label, text, message) => {
    const result = parseStructuredReply(text, schema);
    expect(result.object).toBeUndefined();
    expect(result.parse_error).toMatch(message);
  });

  it("finds any object embedded in brace-free prose (property)", () => {
    const prose = fc.string().filter((s) => !/[{}`]/.test(s));
    fc.assert(
      fc.property(prose, prose, fc.boolean(), fc.array(fc.string(), { maxLength: 4 }), (before, after, completed, items) => {
        const value = { completed, shared_content: items };
        expect(parseStructuredReply(`${before}${JSON.stringify(value)}${after}`, schema)).toEqual({ object: value });
      }),
      { numRuns: 200, seed: 42 },
    );
  });
});

describe("extractJsonObjects", () => {
  it("lists distinct objects in order: whole reply, json fences, other fences, scanned objects", () => {
    const text = 'x {"a": 1} y\n```\n{"b": 2}\n```\n```json\n{"c": 3}\n```';
    expect(extractJsonObjects(text)).toEqual([{ c: 3 }, { b: 2 }, { a: 1 }]);
  });

  it("stays bounded on replies full of unmatched braces", () => {
    const text = `${"{".repeat(5000)}{"a": 1}`;
    expect(extractJsonObjects(text)).toEqual([]);
  });
});
