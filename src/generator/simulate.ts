import { createLlmAgent, type LlmAgent } from "../agents/index.js";
import type { ModelClient } from "../models/index.js";
import { agentInputFor, type Scenario } from "../scenario/index.js";
import { hybridScore, judgeOutput, type Score, scoreOutput } from "../scoring/index.js";
import { derivedSeed } from "./child-id.js";
import type { UsageMeter } from "./usage-tally.js";

/** One proxy rollout as logged: the proxy's answer and its score (deterministic, and hybrid with a judge). */
export interface Rollout {
  proxy: string;
  ok: boolean;
  completed?: boolean;
  shared_content?: string[];
  utility?: 0 | 1;
  ci_violation?: 1 | 4 | 5;
  /** utility × ci_violation of the final score (hybrid when a judge is given). */
  reward?: number;
  leaked_items?: string[];
  missing_required?: string[];
  /** The matcher-only score, when a judge changed it. */
  deterministic?: { utility: 0 | 1; ci_violation: 1 | 4 | 5; reward: number; leaked_items: string[] };
  error?: string;
}

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
      let result;
      try {
        result = await proxy.respondWithUsage(agentInputFor(scenario), { seed, ...(signal && { signal }) });
      } catch (error) {
        if (signal?.aborted) throw error;
        const usage = (error as { usage?: { input_tokens: number; output_tokens: number } }).usage;
        if (usage) meter.add("proxy", { usage, cached: false, latency_ms: 0 });
        else meter.addFailed("proxy");
        return { proxy: proxy.id, ok: false, error: `proxy failed: ${(error as Error)?.message ?? String(error)}` };
      }
      meter.add("proxy", {
        usage: { input_tokens: result.usage.input_tokens, output_tokens: result.usage.output_tokens },
        cached: result.cached,
        latency_ms: result.latency_ms,
      });
      const output = result.output;
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
