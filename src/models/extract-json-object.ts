import type { z } from "zod";

/**
 * Finding the one JSON object in a model reply. Models asked for JSON still wrap it in prose,
 * Markdown fences or a `<think>` block; a benchmark must not score that as a failure of the agent
 * when the object is plainly there, nor guess when it is not.
 *
 * Candidates, in order: the whole reply; fenced blocks (```json first, then any fence); every
 * balanced `{…}` found by scanning the text. Each is parsed as JSON (and, failing that, once more
 * with trailing commas removed); the first plain object that passes the zod schema wins.
 */
export interface StructuredParse {
  object?: unknown;
  parse_error?: string;
}

const THINK_BLOCK = /<think>[\s\S]*?<\/think>/gi;
const FENCE = /(```|~~~)[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n([\s\S]*?)\1/g;
/** Bounds the scan on long replies full of braces (source code, templates). */
const MAX_SCAN_STARTS = 256;

export function parseStructuredReply(text: string, schema: z.ZodType): StructuredParse {
  const objects = extractJsonObjects(text);
  if (objects.length === 0) {
    return { parse_error: text.trim() === "" ? "empty reply: no JSON object" : "no JSON object found in the reply" };
  }
  let firstError: z.ZodError | undefined;
  for (const candidate of objects) {
    const result = schema.safeParse(candidate);
    if (result.success) return { object: result.data };
    firstError ??= result.error;
  }
  return { parse_error: `the reply's JSON object does not match the schema: ${summarizeIssues(firstError)}` };
}

/** Every distinct plain JSON object found in the text, in the order described above. */
export function extractJsonObjects(text: string): Record<string, unknown>[] {
  const cleaned = text.replace(THINK_BLOCK, " ");
  const sources: string[] = [];
  const trimmed = cleaned.trim();
  if (trimmed.startsWith("{")) sources.push(trimmed);

  const tagged: string[] = [];
  const untagged: string[] = [];
  for (const match of cleaned.matchAll(FENCE)) {
    const body = (match[3] ?? "").trim();
    if ((match[2] ?? "").toLowerCase() === "json") tagged.push(body);
    else untagged.push(body);
  }
  sources.push(...tagged, ...untagged, ...balancedObjects(cleaned));

  const seen = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const source of sources) {
    if (seen.has(source)) continue;
    seen.add(source);
    const value = parseLenient(source);
    if (isPlainObject(value)) out.push(value);
  }
  return out;
}

/** Substrings that start at a `{` and end at its matching `}`, skipping braces inside JSON strings. */
function balancedObjects(text: string): string[] {
  const found: string[] = [];
  let starts = 0;
  let index = text.indexOf("{");
  while (index !== -1 && starts < MAX_SCAN_STARTS) {
    starts += 1;
    const end = matchingBrace(text, index);
    if (end !== -1) {
      const slice = text.slice(index, end + 1);
      if (isPlainObject(parseLenient(slice))) {
        found.push(slice);
        index = text.indexOf("{", end + 1);
        continue;
      }
    }
    index = text.indexOf("{", index + 1);
  }
  return found;
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth += 1;
    else if (ch === "}") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function parseLenient(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch {
    const repaired = withoutTrailingCommas(source);
    if (repaired === source) return undefined;
    try {
      return JSON.parse(repaired);
    } catch {
      return undefined;
    }
  }
}

/** Drops a comma followed only by whitespace and a closing bracket, outside strings (`{"a":1,}`). */
function withoutTrailingCommas(source: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i] ?? "";
    if (inString) {
      out += ch;
      if (ch === "\\") {
        out += source[i + 1] ?? "";
        i += 1;
      } else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === ",") {
      let j = i + 1;
      while (j < source.length && /\s/.test(source[j] ?? "")) j += 1;
      if (source[j] === "}" || source[j] === "]") continue;
    }
    out += ch;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function summarizeIssues(error: z.ZodError | undefined): string {
  if (error === undefined) return "invalid";
  const parts = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join(".");
    return path === "" ? issue.message : `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? `; and ${error.issues.length - 3} more` : "";
  return parts.join("; ") + more;
}
