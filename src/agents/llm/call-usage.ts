import type { ModelResponse } from "../../models/index.js";

/** Usage of model calls in the shape of an episode record's `usage` field, so sums are field-wise adds. */
export interface CallUsage {
  calls: number;
  cached_calls: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd?: number;
}

/** The usage of one answered call. A cached reply counts as a call that cost nothing. */
export function callUsage(response: ModelResponse): CallUsage {
  const usage: CallUsage = {
    calls: 1,
    cached_calls: response.cached ? 1 : 0,
    input_tokens: response.usage.input_tokens,
    output_tokens: response.usage.output_tokens,
  };
  if (response.cost_usd !== undefined) usage.cost_usd = response.cached ? 0 : response.cost_usd;
  return usage;
}
