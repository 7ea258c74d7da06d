import type { EpisodeRecord } from "../records/index.js";
import { formatUsd } from "./format-estimate.js";
import { type HtmlValue, html, type SafeHtml } from "./html-builder.js";
import type { ReportRow } from "./report-rows.js";

type Usage = NonNullable<EpisodeRecord["usage"]>;
type UsageByRole = NonNullable<EpisodeRecord["usage_by_role"]>;

interface UsageLine {
  /** The leaderboard row, in the table of sums; absent in a record's own table. */
  row?: string;
  role: string;
  usage: Usage;
}

const count = (value: number) => value.toLocaleString("en-US");

/** One table for a record's roles and for the leaderboard's sums, so both read the same. */
function usageTable(lines: readonly UsageLine[]): SafeHtml {
  const withRow = lines.some((line) => line.row !== undefined);
  const withCost = lines.some((line) => line.usage.cost_usd !== undefined);
  return html`<div class="table-wrap"><table class="usage-by-role"><thead><tr>${withRow ? html`<th>agent</th>` : ""}<th>role</th><th class="num">calls</th><th class="num">tokens in</th><th class="num">tokens out</th>${withCost ? html`<th class="num">cost</th>` : ""}</tr></thead>
    <tbody>${lines.map(
      ({ row, role, usage }) =>
        html`<tr>${withRow ? html`<td>${row}</td>` : ""}<td>${role}${usage.simulated ? html` <small title="a scripted role: estimated tokens, no model was called">(simulated)</small>` : ""}</td><td class="num">${count(usage.calls)}${usage.cached_calls > 0 ? html` <small>(${count(usage.cached_calls)} cached)</small>` : ""}</td><td class="num">${count(usage.input_tokens)}</td><td class="num">${count(usage.output_tokens)}</td>${withCost ? html`<td class="num">${usage.cost_usd !== undefined ? formatUsd(usage.cost_usd) : "–"}</td>` : ""}</tr>`,
    )}</tbody></table></div>`;
}

/** A record's model usage split by role (planner, quarantined, crosscheck, …); nothing when the record has no split. */
export function usageByRoleHtml(byRole: UsageByRole | undefined): HtmlValue {
  const roles = Object.entries(byRole ?? {});
  if (roles.length === 0) return "";
  return html`<details class="usage-by-role"><summary>model usage by role (${roles.map(([role]) => role).join(", ")})</summary>${usageTable(roles.map(([role, usage]) => ({ role, usage })))}</details>`;
}

function add(total: Usage | undefined, usage: Usage): Usage {
  if (total === undefined) return { ...usage };
  const sum: Usage = {
    calls: total.calls + usage.calls,
    cached_calls: total.cached_calls + usage.cached_calls,
    input_tokens: total.input_tokens + usage.input_tokens,
    output_tokens: total.output_tokens + usage.output_tokens,
  };
  // The rule of models' addUsage (a cost is kept once either side has one), which report/ may not import.
  if (total.cost_usd !== undefined || usage.cost_usd !== undefined) sum.cost_usd = (total.cost_usd ?? 0) + (usage.cost_usd ?? 0);
  // A role is one client, so its records agree: simulated stays marked in the sum.
  if (total.simulated && usage.simulated) sum.simulated = true;
  return sum;
}

/**
 * The leaderboard's usage split by role: per row, the sum of its records' `usage_by_role`, roles
 * in the order they first appear. Nothing when no record has a split, so such reports are as before.
 */
export function rowsUsageByRoleHtml(rows: readonly ReportRow[]): HtmlValue {
  const lines: UsageLine[] = [];
  for (const row of rows) {
    const sums = new Map<string, Usage>();
    for (const record of row.records)
      for (const [role, usage] of Object.entries(record.usage_by_role ?? {})) sums.set(role, add(sums.get(role), usage));
    for (const [role, usage] of sums) lines.push({ row: row.label, role, usage });
  }
  if (lines.length === 0) return "";
  return html`<h3>Model usage by role</h3>${usageTable(lines)}`;
}
