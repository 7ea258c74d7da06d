import { parseJsonPointer } from "../core/index.js";

/**
 * `state` with the string at `pointer` replaced by `rewrite(old)`: a copy, the input untouched.
 * Undefined when the pointer names no string (the caller's candidate list is stale).
 */
export function rewriteField(state: unknown, pointer: string, rewrite: (old: string) => string): unknown {
  const parsed = parseJsonPointer(pointer);
  if ("error" in parsed || parsed.segments.length === 0) return undefined;
  const copy = structuredClone(state) as Record<string, unknown>;
  let parent: Record<string, unknown> = copy;
  for (const segment of parsed.segments.slice(0, -1)) {
    const next = parent[segment];
    if (next === null || typeof next !== "object") return undefined;
    parent = next as Record<string, unknown>;
  }
  const last = parsed.segments.at(-1) as string;
  const old = parent[last];
  if (typeof old !== "string") return undefined;
  parent[last] = rewrite(old);
  return copy;
}

/** Every string at any depth of `value` with each occurrence of `from` replaced by `to` (a copy). */
export function replaceEverywhere<T>(value: T, from: string, to: string): T {
  if (typeof value === "string") return value.split(from).join(to) as T;
  if (Array.isArray(value)) return value.map((item) => replaceEverywhere(item, from, to)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceEverywhere(item, from, to)])) as T;
  return value;
}
