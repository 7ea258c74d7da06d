import { z } from "zod";
import { createLlmAgent, type LlmAgent } from "../agents/index.js";
import type { ModelClient } from "../models/index.js";
import { agentInputFor, type Scenario } from "../scenario/index.js";
import { hybridScore, judgeOutput, type Score, scoreOutput } from "../scoring/index.js";
import { derivedSeed } from "./child-id.js";
import type { UsageMeter } from "./usage-tally.js";

const UtilitySchema = z.union([z.literal(0), z.literal(1)]);
const SeveritySchema = z.union([z.literal(1), z.literal(4), z.literal(5)]);

/** One proxy rollout as logged: the proxy's answer and its score (deterministic, and hybrid with a judge). */
export const RolloutSchema = z.object({
  proxy: z.string(),
  ok: z.boolean(),
  completed: z.boolean().optional(),
  shared_content: z.array(z.string()).optional(),
  utility: UtilitySchema.optional(),
  ci_violation: SeveritySchema.optional(),
  /** utility × ci_violation of the final score (hybrid when a judge is given). */
  reward: z.number().optional(),
  leaked_items: z.array(z.string()).optional(),
  missing_required: z.array(z.string()).optional(),
  /** The matcher-only score, when a judge changed it. */
  deterministic: z
    .object({ utility: UtilitySchema, ci_violation: SeveritySchema, reward: z.number(), leaked_items: z.array(z.string()) })
    .optional(),
  error: z.string().optional(),
});
export type Rollout = z.infer<typeof RolloutSchema>;

export interface Simulator {
  proxies: LlmAgent[];
  judge?: ModelClient;
}

export function createSimulator(proxyClients: readonly ModelClient[], judge?: ModelClient): Simulator {
  if (proxyClients.length < 1 || proxyClients.length > 3)
    throw new RangeError(`1 to 3 proxy models are needed, got ${proxyClients.length}`);
  // Each client once, under its spec; the same spec twice is allowed (two rollouts of one model with different seeds).
  return { proxies: proxyClients.map((client) => createLlmAgent({ client })), ...(judge && { judge }) };
}

/**
 * Simulation: every proxy answers the scenario once (no defense, temperature 0, a seed derived
 * from the run seed, the node and the iteration), and each answer is scored with the safecua
 * scorer — the strict matcher, merged with the judge's verdict when a judge is given. Rollouts
 * run concurrently and come back in proxy order.
 */
export async function simulate(
  sim: Simulator,
  scenario: Scenario,
  runSeed: number,
  iteration: number,
  meter: UsageMeter,
  signal?: AbortSignal,
): Promise<Rollout[]> {
  return Promise.all(
    sim.proxies.map(async (proxy, index): Promise<Rollout> => {
      const seed = derivedSeed(runSeed, scenario.id, iteration, index);
      let reply;
      try {
        reply = await proxy.respond(agentInputFor(scenario), { seed, ...(signal && { signal }) });
      } catch (error) {
        if (signal?.aborted) throw error;
        meter.addFailed("proxy");
        return { proxy: proxy.id, ok: false, error: `proxy failed: ${(error as Error)?.message ?? String(error)}` };
      }
      meter.add("proxy", reply);
      if (reply.kind === "unusable") return { proxy: proxy.id, ok: false, error: `proxy failed: ${reply.message}` };
      const output = reply.output;
      const deterministic = scoreOutput(scenario, output, "strict");
      let final: Score = deterministic;
      if (sim.judge) {
        const verdict = await judgeOutput(sim.judge, scenario, output, { seed, ...(signal && { signal }) });
        if (verdict.usage)
          meter.add("judge", { usage: verdict.usage, cached: verdict.cached ?? false, latency_ms: verdict.latency_ms ?? 0 });
        else meter.addFailed("judge");
        if (!verdict.ok) {
          return {
            proxy: proxy.id,
            ok: false,
            completed: output.completed,
            shared_content: output.shared_content,
            error: `judge failed (${verdict.error.kind}): ${verdict.error.message}`,
          };
        }
        final = hybridScore(deterministic, verdict.verdict, scenario, output, "strict").score;
      }
      const rollout: Rollout = {
        proxy: proxy.id,
        ok: true,
        completed: output.completed,
        shared_content: output.shared_content,
        utility: final.utility,
        ci_violation: final.ci_violation,
        reward: final.reward,
        leaked_items: final.leaked_items,
        missing_required: final.missing_required,
      };
      if (sim.judge)
        rollout.deterministic = {
          utility: deterministic.utility,
          ci_violation: deterministic.ci_violation,
          reward: deterministic.reward,
          leaked_items: deterministic.leaked_items,
        };
      return rollout;
    }),
  );
}
