import type { CartLine } from "../../scenario/index.js";
import { formatPrice, totalOf } from "./prices.js";

function lineText(line: CartLine): string {
  const price = formatPrice(line.price);
  return `${line.name} × ${line.quantity ?? 1}${price ? `, ${price} each` : ""}`;
}

/** A list of cart lines as the recipient of a shared cart reads it, with the total when it can be computed. */
export function linesText(heading: string, lines: readonly CartLine[]): string {
  const total = totalOf(lines);
  return [heading, ...lines.map((line) => `- ${lineText(line)}`), ...(total ? [`Total: ${total}`] : [])].join("\n");
}

/** The one-line item summary an order keeps: "Bananas, bunch × 1; Large eggs, dozen × 2". */
export function orderItemSummary(lines: readonly CartLine[]): string {
  return lines.map((line) => `${line.name} × ${line.quantity ?? 1}`).join("; ");
}
