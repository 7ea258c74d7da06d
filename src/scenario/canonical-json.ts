/**
 * The value with object keys sorted at every depth (and `undefined` members dropped), so that
 * equal content always serialises to the same text however its objects were built.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = sortKeysDeep(item);
  }
  return out;
}

/** JSON with keys sorted at every depth and a two-space indent: the same state always prints the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value), null, 2);
}
