/**
 * Reads the value at a slash path such as "todo/items/3" in a JSON tree; undefined when any step
 * is missing. Numeric steps index arrays; the store uses this to capture `before` and `after`.
 */
export function valueAtPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const step of path.split("/")) {
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(step)) return undefined;
      current = current[Number(step)];
    } else if (typeof current === "object") {
      current = Object.hasOwn(current, step) ? (current as Record<string, unknown>)[step] : undefined;
    } else {
      return undefined;
    }
  }
  return current;
}

/** A JSON deep copy: log entries and returned states never alias the live state. */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Deep equality of JSON values (key order ignored), for skipping changes that change nothing. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, index) => jsonEqual(value, b[index]));
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = Object.entries(b).filter(([, value]) => value !== undefined);
  if (left.length !== right.length) return false;
  const rightMap = new Map(right);
  return left.every(([key, value]) => rightMap.has(key) && jsonEqual(value, rightMap.get(key)));
}
