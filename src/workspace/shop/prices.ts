import type { CartLine } from "../../scenario/index.js";

interface ParsedPrice {
  amount: number;
  prefix: string;
  suffix: string;
}

/** "$1,299.00" → 1299 with prefix "$"; "24,99 €" is read as 24.99; numbers as they are. Null when unreadable. */
export function parsePrice(price: string | number | undefined): ParsedPrice | null {
  if (price === undefined) return null;
  if (typeof price === "number") return Number.isFinite(price) ? { amount: price, prefix: "", suffix: "" } : null;
  const match = /^\s*([^\d\s.,-]*)\s*(\d[\d.,]*)\s*([^\d\s.,]*)\s*$/.exec(price);
  if (!match) return null;
  let digits = match[2]!;
  // A comma followed by exactly two digits at the end is a decimal comma; other commas group thousands.
  digits = /,\d{2}$/.test(digits) && !digits.includes(".") ? digits.replace(/\./g, "").replace(",", ".") : digits.replace(/,/g, "");
  const amount = Number(digits);
  return Number.isFinite(amount) ? { amount, prefix: match[1]!, suffix: match[3]! } : null;
}

export function formatPrice(value: string | number | undefined): string {
  return value === undefined ? "" : String(value);
}

/**
 * The sum of price × quantity, in the lines' own currency symbol. Null when a price cannot be
 * read or the lines use different symbols: a wrong total is worse than none.
 */
export function totalOf(lines: readonly CartLine[]): string | null {
  if (lines.length === 0) return null;
  let total = 0;
  let symbol: { prefix: string; suffix: string } | null = null;
  for (const line of lines) {
    const price = parsePrice(line.price);
    if (!price) return null;
    if (symbol && (symbol.prefix !== price.prefix || symbol.suffix !== price.suffix)) return null;
    symbol = { prefix: price.prefix, suffix: price.suffix };
    total += price.amount * (line.quantity ?? 1);
  }
  const amount = (Math.round(total * 100) / 100).toFixed(2);
  return `${symbol?.prefix ?? ""}${amount}${symbol?.suffix ? ` ${symbol.suffix}` : ""}`;
}
