/**
 * Python's `str()` of a value parsed from JSON, as the reference applies it to ground-truth items
 * (`str(item).strip()`): `None`, `True`/`False`, Python float formatting, and the single-quoted
 * repr of lists and dicts.
 *
 * One thing cannot be reproduced: JSON.parse turns `1.0` into the number 1, so a float written with
 * a zero fraction comes out as "1" where Python would print "1.0". No released file has a numeric
 * ground-truth item, so this only matters for hand-written records.
 */
export function pythonStr(value: unknown): string {
  return typeof value === "string" ? value : pythonRepr(value);
}

export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pythonNumber(value);
  if (typeof value === "string") return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value).map(([key, element]) => `${pythonStringRepr(key)}: ${pythonRepr(element)}`);
    return `{${entries.join(", ")}}`;
  }
  return String(value);
}

/** Integers print in full; other floats use the shortest round-trip digits, in exponent form below 1e-4 as Python does. */
function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (Number.isInteger(value)) return BigInt(value).toString();
  if (Math.abs(value) < 1e-4) {
    const [mantissa = "", exponent = ""] = value.toExponential().split("e");
    const sign = exponent.startsWith("-") ? "-" : "+";
    const digits = exponent.replace(/^[+-]/, "").padStart(2, "0");
    return `${mantissa}e${sign}${digits}`;
  }
  return String(value);
}

/** `repr()` of a str: single quotes unless the text holds a single quote and no double quote. */
function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\\") out += "\\\\";
    else if (char === quote) out += `\\${quote}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += char;
  }
  return out + quote;
}
