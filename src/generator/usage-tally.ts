import { z } from "zod";
import type { ModelResponse } from "../models/index.js";

/** Model calls of one role in one iteration. Deterministic fields only; timings are kept apart. */
export const CallTallySchema = z.object({
  calls: z.number().int().nonnegative(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
});
export type CallTally = z.infer<typeof CallTallySchema>;

/** Timings and cache hits: differ between a live run and its replay, so never in the deterministic log. */
export interface CallTiming {
  cached_calls: number;
  latency_ms: number;
}

export const ROLES = ["mutator", "proxy", "judge"] as const;
export type Role = (typeof ROLES)[number];

export class UsageMeter {
  readonly tally: Record<Role, CallTally> = { mutator: emptyTally(), proxy: emptyTally(), judge: emptyTally() };
  readonly timing: CallTiming = { cached_calls: 0, latency_ms: 0 };

  add(role: Role, response: Pick<ModelResponse, "usage" | "cached" | "latency_ms">): void {
    const entry = this.tally[role];
    entry.calls += 1;
    entry.input_tokens += response.usage.input_tokens;
    entry.output_tokens += response.usage.output_tokens;
    if (response.cached) this.timing.cached_calls += 1;
    this.timing.latency_ms += response.latency_ms;
  }

  /** A call that failed without a reply still counts as a call (no tokens known). */
  addFailed(role: Role): void {
    this.tally[role].calls += 1;
  }

  total(): CallTally {
    return sumTallies(ROLES.map((role) => this.tally[role]));
  }
}

export function emptyTally(): CallTally {
  return { calls: 0, input_tokens: 0, output_tokens: 0 };
}

export function sumTallies(tallies: readonly CallTally[]): CallTally {
  const sum = emptyTally();
  for (const tally of tallies) {
    sum.calls += tally.calls;
    sum.input_tokens += tally.input_tokens;
    sum.output_tokens += tally.output_tokens;
  }
  return sum;
}
