import type { ModelResponse, ModelUsage } from "./model-client.js";
import type { Price } from "./model-config.js";

/** USD for one call at a per-million-token price. */
export function estimateCost(usage: ModelUsage, price: Price): number {
  return (usage.input_tokens * price.input_per_mtok + usage.output_tokens * price.output_per_mtok) / 1_000_000;
}

/** Running totals over many calls (a record, a run). */
export interface UsageTotals {
  calls: number;
  cached_calls: number;
  input_tokens: number;
  output_tokens: number;
  /** Sum over calls that had a price; cached calls add 0. */
  cost_usd: number;
  /** Calls without a price, so a reader knows `cost_usd` is partial. */
  unpriced_calls: number;
}

export function emptyUsageTotals(): UsageTotals {
  return { calls: 0, cached_calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0, unpriced_calls: 0 };
}

/** Returns new totals with one response added (no mutation, so totals can be shared safely). */
export function addUsage(totals: UsageTotals, response: Pick<ModelResponse, "usage" | "cached" | "cost_usd">): UsageTotals {
  return {
    calls: totals.calls + 1,
    cached_calls: totals.cached_calls + (response.cached ? 1 : 0),
    input_tokens: totals.input_tokens + response.usage.input_tokens,
    output_tokens: totals.output_tokens + response.usage.output_tokens,
    cost_usd: totals.cost_usd + (response.cost_usd ?? 0),
    unpriced_calls: totals.unpriced_calls + (response.cost_usd === undefined && !response.cached ? 1 : 0),
  };
}
