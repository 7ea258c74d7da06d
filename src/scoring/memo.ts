/**
 * A string-keyed memo with a size cap. The scorer checks every ground-truth item against every
 * candidate, so the same candidate text is analysed many times per record; caching the analysis
 * removes that repetition. The cache is dropped when full, which bounds memory without LRU
 * bookkeeping (one record's strings fit many times over).
 */
export function memoizeString<T>(fn: (text: string) => T, capacity = 4096): (text: string) => T {
  let cache = new Map<string, T>();
  return (text) => {
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const value = fn(text);
    if (cache.size >= capacity) cache = new Map();
    cache.set(text, value);
    return value;
  };
}
