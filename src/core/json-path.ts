/** `["scenarios", 3, "state"]` → `$.scenarios[3].state`: the JSON path every input error names. */
export function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  let out = "$";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}
