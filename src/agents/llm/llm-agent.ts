import type { ModelClient, ModelRequest } from "../../models/index.js";
import type { AgentInput, AgentOutput } from "../../scenario/index.js";
import type { AgentContext, AgentReply, StateAgent } from "../agent.js";
import { DEFENSES } from "../defenses/builtin-defenses.js";
import { applyDefense, type Defense } from "../defenses/defense.js";
import { AGENT_REPLY_SCHEMA_NAME, AgentReplySchema } from "./agent-reply-schema.js";
import { AGENT_SYSTEM_PROMPT } from "./agent-system-prompt.js";
import { agentUserMessage, type StateFormat } from "./agent-user-message.js";
import { describeIssue, replyPreview } from "./reply-problem.js";

export interface LlmAgentOptions {
  client: ModelClient;
  /** Prepended to the system prompt; defaults to `none` (the base prompt alone). */
  defense?: Defense;
  /** Defaults to the client's `provider:model` spec; the defense is recorded separately. */
  id?: string;
  /** How the state is shown (default `json`; see docs/design/llm-agent.md). */
  stateFormat?: StateFormat;
  /** Defaults to 0. */
  temperature?: number;
  maxOutputTokens?: number;
}

/** A reply with where it came from: the generator keeps latency apart from its deterministic log. */
export type LlmAgentReply = AgentReply & {
  /** The `provider:model` that answered. */
  model: string;
  latency_ms: number;
  cached: boolean;
};

export interface LlmAgent extends StateAgent {
  readonly client: ModelClient;
  readonly defense: Defense;
  readonly stateFormat: StateFormat;
  /** The exact request `respond` sends for this input (for inspection and tests). */
  buildRequest(input: AgentInput, context?: Partial<AgentContext>): ModelRequest;
  /**
   * One model call. A reply that is not the contract comes back as `unusable` with its raw text
   * and usage; a call that failed after its retries throws `ModelCallError` (with its kind:
   * timeout, rate_limit, …), because then nothing was answered.
   */
  respond(input: AgentInput, context: AgentContext): Promise<LlmAgentReply>;
}

const NONE = DEFENSES[0] as Defense;

/**
 * The state-grounded LLM agent: one model call per episode with our system prompt (defense
 * first), the task, the clock and the state; the reply is `{completed, shared_content,
 * action_trace}` through structured output. A well-formed "not completed, nothing shared"
 * is a refusal and keeps the model's reason as `refusal_text`.
 */
export function createLlmAgent(options: LlmAgentOptions): LlmAgent {
  const { client } = options;
  const defense = options.defense ?? NONE;
  const stateFormat = options.stateFormat ?? "json";
  const system = applyDefense(defense, AGENT_SYSTEM_PROMPT);

  const buildRequest = (input: AgentInput, context: Partial<AgentContext> = {}): ModelRequest => {
    const request: ModelRequest = {
      system,
      messages: [{ role: "user", content: agentUserMessage(input, stateFormat) }],
      temperature: options.temperature ?? 0,
      schema: AgentReplySchema,
      schemaName: AGENT_REPLY_SCHEMA_NAME,
    };
    if (options.maxOutputTokens !== undefined) request.maxOutputTokens = options.maxOutputTokens;
    // The episode seed makes epochs distinct requests (and distinct cache keys) and lets
    // providers that honour a seed repeat themselves.
    if (context.seed !== undefined) request.seed = context.seed;
    if (context.signal !== undefined) request.signal = context.signal;
    return request;
  };

  const respond = async (input: AgentInput, context: AgentContext): Promise<LlmAgentReply> => {
    const response = await client.generate(buildRequest(input, context));
    const source = { usage: response.usage, model: response.model, latency_ms: response.latency_ms, cached: response.cached };
    const parsed = AgentReplySchema.safeParse(response.object);
    if (response.object === undefined || !parsed.success) {
      const why = response.parse_error ?? (parsed.success ? "no JSON object in the reply" : describeIssue(parsed.error.issues[0]));
      return {
        kind: "unusable",
        message: `${response.model} reply is not the agent contract: ${why}; reply began: ${replyPreview(response.text)}`,
        raw_text: response.text,
        ...source,
      };
    }
    return { kind: "answer", output: toAgentOutput(parsed.data), ...source };
  };

  return {
    track: "state-grounded",
    id: options.id ?? client.spec,
    description: `LLM agent ${client.spec} (defense ${defense.name}, state as ${stateFormat})`,
    client,
    defense,
    stateFormat,
    buildRequest,
    respond,
  };
}

/**
 * Blank entries carry nothing to the recipient and are dropped (the scorer would drop them
 * too); everything else is kept verbatim. When nothing left and the run is not completed, the
 * model's stated reason is its refusal text.
 */
function toAgentOutput(reply: { completed: boolean; shared_content: string[]; action_trace: string }): AgentOutput {
  const shared = reply.shared_content.filter((entry) => entry.trim() !== "");
  const output: AgentOutput = { completed: reply.completed, shared_content: shared, action_trace: reply.action_trace };
  if (!reply.completed && shared.length === 0 && reply.action_trace.trim() !== "") output.refusal_text = reply.action_trace;
  return output;
}
