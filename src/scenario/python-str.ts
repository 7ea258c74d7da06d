/**
 * Python's `str()` of a JSON value. The reference coerces non-string shared_content items and
 * ground-truth items with `str(x)`, so the text the matcher sees for `null`, `true` or `{"a": 1}`
 * is Python's rendering ("None", "True", "{'a': 1}"), not JSON's.
 *
 * Limit: JSON.parse loses the int/float distinction, so an integral number is rendered as a
 * Python int ("1", never "1.0"). Non-integral numbers follow Python's float repr.
 */
export function pythonStr(value: unknown): string {
  return typeof value === "string" ? value : pythonRepr(value);
}

/** Python `repr()`: what `str()` of a container uses for its elements. */
function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return numberRepr(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${stringRepr(k)}: ${pythonRepr(v)}`).join(", ")}}`;
  }
  return String(value);
}

function numberRepr(n: number): string {
  if (Number.isNaN(n)) return "nan";
  if (!Number.isFinite(n)) return n > 0 ? "inf" : "-inf";
  if (Number.isInteger(n)) return BigInt(n).toString();
  // toExponential() with no argument yields the shortest round-trip digits, like Python's repr.
  const [mantissa = "", expText = "0"] = n.toExponential().split("e");
  const exp = Number(expText);
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace(/^-/, "").replace(".", "");
  // Python uses scientific notation below 1e-4 (and from 1e16, but every double that large is
  // integral, so it was rendered as an int above).
  if (exp < -4) {
    const frac = digits.slice(1);
    return `${sign}${digits[0]}${frac ? `.${frac}` : ""}e-${String(-exp).padStart(2, "0")}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
  const fracPart = digits.slice(exp + 1) || "0";
  return `${sign}${intPart}.${fracPart}`;
}

// Python's str.isprintable(): everything except categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs (bar the space).
const NON_PRINTABLE = /[\p{C}\p{Z}]/u;

function stringRepr(s: string): string {
  // Python prefers single quotes and switches to double quotes only when that avoids escaping.
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch !== " " && NON_PRINTABLE.test(ch)) out += hexEscape(ch.codePointAt(0) ?? 0);
    else out += ch;
  }
  return out + quote;
}

function hexEscape(cp: number): string {
  const hex = cp.toString(16);
  if (cp < 0x100) return `\\x${hex.padStart(2, "0")}`;
  if (cp < 0x10000) return `\\u${hex.padStart(4, "0")}`;
  return `\\U${hex.padStart(8, "0")}`;
}
