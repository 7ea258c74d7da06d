import { z } from "zod";
import type { Price } from "./model-config.js";

/**
 * What model calls cost: the one usage shape of safecua. A model response carries the usage of
 * its one call; agents return the usage of their steps; records and summaries hold sums. Sums are
 * field-wise adds, so a record's usage is the sum of its calls' whatever the order.
 */
export const UsageSchema = z.object({
  calls: z.number().int().nonnegative(),
  /** Calls answered from the record/replay cache (no HTTP, no cost). */
  cached_calls: z.number().int().nonnegative(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  /** Estimated USD, present once any call had a price table; cached calls add 0. */
  cost_usd: z.number().nonnegative().optional(),
  /**
   * Every call was answered by code (a scripted role: `scripted`, `gullible`, `compromised`): the
   * tokens are estimates of what a model would have read and written, no model was called and
   * nothing was spent. Such usage is reported beside real usage, never added to it.
   */
  simulated: z.literal(true).optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

/** The tokens a provider reported for one call (or the cache kept from the original call). */
export type TokenCounts = Pick<Usage, "input_tokens" | "output_tokens">;

export const NO_USAGE: Readonly<Usage> = Object.freeze({ calls: 0, cached_calls: 0, input_tokens: 0, output_tokens: 0 });

/**
 * Field-wise sum; a cost is kept once either side has one. Returns a new object. The sum is
 * simulated only when every call in it was (a side with no calls does not count), so a total
 * that mixed real and simulated calls is never mistaken for either; callers keep them apart.
 */
export function addUsage(total: Readonly<Usage>, delta: Readonly<Usage>): Usage {
  const sum: Usage = {
    calls: total.calls + delta.calls,
    cached_calls: total.cached_calls + delta.cached_calls,
    input_tokens: total.input_tokens + delta.input_tokens,
    output_tokens: total.output_tokens + delta.output_tokens,
  };
  if (total.cost_usd !== undefined || delta.cost_usd !== undefined) sum.cost_usd = (total.cost_usd ?? 0) + (delta.cost_usd ?? 0);
  const simulated = (usage: Readonly<Usage>) => usage.calls === 0 || usage.simulated === true;
  if (sum.calls > 0 && simulated(total) && simulated(delta)) sum.simulated = true;
  return sum;
}

/** The real part of usage split by role: the sum of the roles that called a model, simulated ones left out. */
export function realUsage(byRole: Readonly<Record<string, Usage>>): Usage {
  return Object.values(byRole)
    .filter((usage) => usage.simulated !== true)
    .reduce((total: Usage, usage) => addUsage(total, usage), { ...NO_USAGE });
}

/** The usage of one call: a cached reply is a call that cost nothing. */
export function oneCallUsage(tokens: TokenCounts, cached: boolean, cost?: number): Usage {
  const usage: Usage = { calls: 1, cached_calls: cached ? 1 : 0, input_tokens: tokens.input_tokens, output_tokens: tokens.output_tokens };
  if (cost !== undefined) usage.cost_usd = cached ? 0 : cost;
  return usage;
}

/** USD for one call at a per-million-token price. */
export function estimateCost(tokens: TokenCounts, price: Price): number {
  return (tokens.input_tokens * price.input_per_mtok + tokens.output_tokens * price.output_per_mtok) / 1_000_000;
}
