import { type Agent, type AgentOutput, AgentOutputSchema } from "../agents/index.js";
import { type AgentInput, agentInputFor, type Scenario } from "../scenario/index.js";
import type { MatcherMode, Score } from "../scoring/index.js";
import { addUsage, episodeBase, errorOf, oneCall, scoreEpisode } from "./episode-base.js";
import { type EpisodeRecord, statusOf } from "./episode-record.js";

/** Tokens and calls of one episode, summed over every model call it made. */
export interface EpisodeUsage {
  calls: number;
  cached_calls: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd?: number;
}

/** What a model-backed agent reports next to its answer (see `createLlmAgent`). */
export interface ReplyWithUsage {
  output: AgentOutput;
  usage: { input_tokens: number; output_tokens: number };
  cached: boolean;
  cost_usd?: number;
}

/** An agent that can also say what its answer cost. Agents without a model do not. */
export type UsageReportingAgent = Agent & { respondWithUsage?: (input: AgentInput, context: { seed: number }) => Promise<ReplyWithUsage> };

/** The LLM judge's part of the record, as `EpisodeRecord.judge` holds it. */
export type JudgeRecord = NonNullable<EpisodeRecord["judge"]>;

/**
 * Hybrid scoring: given the deterministic score, returns the merged score and the judge's
 * record. Throws when the judge fails, so the episode becomes an error rather than a clean pass.
 */
export interface EpisodeJudge {
  spec: string;
  judge(
    scenario: Scenario,
    output: AgentOutput,
    deterministic: Score,
    matcher: MatcherMode,
  ): Promise<{ score: Score; record: JudgeRecord; usage?: ReplyWithUsage["usage"] & { cached: boolean; cost_usd?: number } }>;
}

export interface EpisodeSpec {
  runId: string;
  scenario: Scenario;
  agent: Agent;
  defense: string;
  epoch: number;
  seed: number;
  matcher: MatcherMode;
  judge?: EpisodeJudge;
}

/**
 * Runs one state-grounded episode and always returns a record: an agent that throws or answers
 * out of contract, or a judge that fails, yields an `error` record (never a refusal, never a pass)
 * so the run goes on and a resume retries it.
 */
export async function runEpisode(spec: EpisodeSpec): Promise<EpisodeRecord> {
  const { scenario } = spec;
  const agent = spec.agent as UsageReportingAgent;
  const started = Date.now();
  const base = episodeBase(spec, started);
  const elapsed = () => Date.now() - started;
  let usage: EpisodeUsage | undefined;
  let raw: unknown;
  try {
    const input = agentInputFor(scenario);
    if (agent.respondWithUsage) {
      const reply = await agent.respondWithUsage(input, { seed: spec.seed });
      usage = addUsage(usage, oneCall(reply.usage, reply.cached, reply.cost_usd));
      raw = reply.output;
    } else {
      raw = await agent.respond(input, { seed: spec.seed });
    }
  } catch (error) {
    // A reply that could not be parsed still cost tokens; the error carries them.
    const spent = (error as { usage?: { input_tokens?: unknown; output_tokens?: unknown } })?.usage;
    if (spent && typeof spent.input_tokens === "number" && typeof spent.output_tokens === "number") {
      usage = addUsage(usage, oneCall({ input_tokens: spent.input_tokens, output_tokens: spent.output_tokens }, false));
    }
    return { ...base, status: "error", error: errorOf(error, "agent"), ...(usage && { usage }), duration_ms: elapsed() };
  }
  const parsed = AgentOutputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = `agent output does not match the contract at ${issue?.path.join(".") || "$"}: ${issue?.message}`;
    return { ...base, status: "error", error: { kind: "output", message }, ...(usage && { usage }), duration_ms: elapsed() };
  }
  const output = parsed.data;
  const scored = await scoreEpisode(spec, output);
  if ("error" in scored)
    return { ...base, status: "error", output, error: scored.error, judge: scored.judge, ...(usage && { usage }), duration_ms: elapsed() };
  if (scored.usage) usage = addUsage(usage, scored.usage);
  return {
    ...base,
    status: statusOf(output),
    output,
    score: scored.score,
    ...(scored.judge && { judge: scored.judge }),
    ...(usage && { usage }),
    duration_ms: elapsed(),
  };
}
