/**
 * The value with object keys sorted at every depth and `undefined` members dropped (in arrays they
 * become null, as JSON has them), so that equal content always serialises to the same text however
 * its objects were built.
 */
function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeysDeep(item)));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = sortKeysDeep(item);
  }
  return out;
}

/**
 * Canonical JSON: keys sorted at every depth. Compact by default (what hashes and cache keys
 * use); `indent` for text people and models read (state in prompts). Every hash of safecua goes
 * through the compact form, so a recorded cache key never changes with formatting.
 */
export function canonicalJson(value: unknown, options: { indent?: number } = {}): string {
  return JSON.stringify(sortKeysDeep(value), null, options.indent);
}
