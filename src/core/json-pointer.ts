/**
 * JSON pointers (RFC 6901: `/messenger/threads/0/messages`, `~1` for `/`, `~0` for `~`) with one
 * addition: a segment that is exactly `*` matches every element of an array or every value of an
 * object. Evaluators of the injection suite ask "is the attacker a member in *any* role" or "does
 * *any* branch's requirements file hold the extra index", so one pointer must reach many places.
 * A key that is literally `*` cannot be named; no workspace state has one.
 */

/** A pointer's segments, or a reason it is not a pointer. `""` is the whole document (no segments). */
export function parseJsonPointer(pointer: string): { segments: string[] } | { error: string } {
  if (pointer === "") return { segments: [] };
  if (!pointer.startsWith("/")) return { error: `a JSON pointer starts with "/" (got "${pointer}")` };
  const segments: string[] = [];
  for (const raw of pointer.slice(1).split("/")) {
    if (/~(?![01])/.test(raw)) return { error: `"~" in a JSON pointer must be followed by 0 or 1 (in "${pointer}")` };
    segments.push(raw.replaceAll("~1", "/").replaceAll("~0", "~"));
  }
  return { segments };
}

/** Where one value was found: its concrete path (wildcards filled in) and the value. */
export interface PointerMatch {
  path: string;
  value: unknown;
}

function escapeSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * Every value `pointer` reaches in `document`, in document order; none when a segment names
 * nothing. An array index must be a canonical non-negative integer (`0`, `12`, never `01` or `-`),
 * as the RFC says, so a typo never silently reaches another element. Own keys only: `constructor`
 * or `__proto__` name nothing unless the document itself has them.
 */
export function resolveJsonPointer(document: unknown, pointer: string): PointerMatch[] {
  const parsed = parseJsonPointer(pointer);
  if ("error" in parsed) throw new RangeError(parsed.error);
  let frontier: PointerMatch[] = [{ path: "", value: document }];
  for (const segment of parsed.segments) {
    const next: PointerMatch[] = [];
    for (const { path, value } of frontier) {
      if (Array.isArray(value)) {
        if (segment === "*")
          value.forEach((item, index) => {
            next.push({ path: `${path}/${index}`, value: item });
          });
        else if (/^(0|[1-9][0-9]*)$/.test(segment) && Number(segment) < value.length)
          next.push({ path: `${path}/${segment}`, value: value[Number(segment)] });
      } else if (value !== null && typeof value === "object") {
        const record = value as Record<string, unknown>;
        if (segment === "*")
          for (const key of Object.keys(record)) next.push({ path: `${path}/${escapeSegment(key)}`, value: record[key] });
        else if (Object.hasOwn(record, segment)) next.push({ path: `${path}/${escapeSegment(segment)}`, value: record[segment] });
      }
    }
    frontier = next;
  }
  return frontier;
}
