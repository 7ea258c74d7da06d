import type { AgentSummary } from "../records/index.js";
import { formatUsd } from "./format-estimate.js";
import { markdownTable } from "./markdown-table.js";

const USAGE_LEGEND =
  "simulated: a scripted role's estimate of the tokens a model in its place would read and write; no model was called, so it is not in the totals.";

const count = (value: number) => value.toLocaleString("en-US");

/**
 * The terminal's model usage: per agent row, each role's calls, tokens and cost, then the row's
 * real total. Undefined when no row called a model (reference agents only), so such runs print
 * nothing more than before.
 */
export function usageByRoleText(rows: ReadonlyArray<Pick<AgentSummary, "agent" | "defense" | "usage">>): string | undefined {
  const used = rows.filter((row) => row.usage !== undefined);
  if (used.length === 0) return undefined;
  const withCost = used.some((row) => Object.values(row.usage?.by_role ?? {}).some((usage) => usage.cost_usd !== undefined));
  const simulated = used.some((row) => Object.values(row.usage?.by_role ?? {}).some((usage) => usage.simulated));
  const lines: string[][] = [];
  for (const row of used) {
    const label = row.defense === "none" ? row.agent : `${row.agent}::${row.defense}`;
    const roles = Object.entries(row.usage?.by_role ?? {});
    const cells = (role: string, usage: NonNullable<AgentSummary["usage"]>["total"]) => [
      label,
      role,
      `${count(usage.calls)}${usage.cached_calls > 0 ? ` (${count(usage.cached_calls)} cached)` : ""}`,
      count(usage.input_tokens),
      count(usage.output_tokens),
      ...(withCost ? [usage.simulated ? "–" : usage.cost_usd !== undefined ? formatUsd(usage.cost_usd) : "–"] : []),
    ];
    for (const [role, usage] of roles) lines.push(cells(usage.simulated ? `${role} (simulated)` : role, usage));
    if (row.usage && (roles.length > 1 || simulated)) lines.push(cells("total (models called)", row.usage.total));
  }
  const table = markdownTable(["agent", "role", "calls", "tokens in", "tokens out", ...(withCost ? ["cost"] : [])], lines);
  return simulated ? `${table}\n\n${USAGE_LEGEND}` : table;
}
