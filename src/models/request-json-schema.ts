import { z } from "zod";

export type JsonSchemaObject = Record<string, unknown>;

/**
 * The JSON Schema sent to providers and hashed into cache keys. `io: "input"` because the model
 * must produce what the zod schema *accepts*; object nodes get `additionalProperties: false`
 * where zod left it open (as the AI SDK does), and unrepresentable parts (transforms) become `{}`
 * rather than throwing, since validation happens on our side with the zod schema anyway.
 */
export function requestJsonSchema(schema: z.ZodType): JsonSchemaObject {
  const known = converted.get(schema);
  if (known !== undefined) return known;
  const json = closeObjects(z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "any" })) as JsonSchemaObject;
  converted.set(schema, json);
  return json;
}

// Agents send the same schema object on every call; converting it once keeps the conversion off
// the per-call path. Zod schemas are immutable, so the cached result cannot go stale. Callers
// must treat the returned object as read-only.
const converted = new WeakMap<z.ZodType, JsonSchemaObject>();

function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = closeObjects(value);
  if (out.type === "object" && out.properties !== undefined && !("additionalProperties" in out)) out.additionalProperties = false;
  return out;
}

// Keywords OpenAI's strict mode is known to accept. Anything else (minLength, format, default, …)
// risks a 400 for the whole run, so such schemas go non-strict and are validated locally instead.
const STRICT_KEYWORDS = new Set([
  "$schema",
  "$ref",
  "$defs",
  "definitions",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description",
  "title",
]);

/**
 * True when the schema fits OpenAI strict structured output: every object lists all its properties
 * as required, forbids extra ones, and only well-supported keywords are used. Conservative on purpose.
 */
export function isStrictCompatible(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(isStrictCompatible);
  if (node === null || typeof node !== "object") return true;
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!STRICT_KEYWORDS.has(key)) return false;
  if (record.type === "object") {
    if (record.additionalProperties !== false) return false;
    const keys = Object.keys((record.properties as Record<string, unknown> | undefined) ?? {});
    const required = new Set(Array.isArray(record.required) ? (record.required as unknown[]) : []);
    if (!keys.every((k) => required.has(k))) return false;
  }
  const children = [
    ...Object.values((record.properties as Record<string, unknown> | undefined) ?? {}),
    ...Object.values((record.$defs as Record<string, unknown> | undefined) ?? {}),
    ...Object.values((record.definitions as Record<string, unknown> | undefined) ?? {}),
    record.items,
    record.anyOf,
  ];
  return children.every((child) => child === undefined || isStrictCompatible(child));
}

/**
 * Appended to the system prompt when the endpoint has no structured output, so the model still
 * learns the exact shape it must answer in. The caller's own prompt stays first and unchanged.
 */
export function jsonInstructions(schema: JsonSchemaObject): string {
  const { $schema: _ignored, ...rest } = schema;
  return [
    "Answer with exactly one JSON object and nothing else (no Markdown fences, no prose).",
    `It must conform to this JSON Schema:\n${JSON.stringify(rest)}`,
  ].join("\n");
}
