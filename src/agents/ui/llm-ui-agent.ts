import type { ObservationMode } from "../../browser/index.js";
import { imageMessage, type ModelClient, type ModelMessage, type ModelRequest } from "../../models/index.js";
import { DEFENSES } from "../defenses/builtin-defenses.js";
import { applyDefense, type Defense } from "../defenses/defense.js";
import { describeIssue, replyPreview } from "../llm/reply-problem.js";
import type { ScreenUiAgent, UiEpisodeInput, UiStep } from "./ui-agent.js";
import { historyText, observationText } from "./ui-observation-text.js";
import { UI_REPLY_SCHEMA_NAME, UiReplySchema } from "./ui-reply-schema.js";
import { uiSystemPrompt } from "./ui-system-prompt.js";

export interface LlmUiAgentOptions {
  client: ModelClient;
  /** Prepended to the system prompt, as in the state-grounded track; default `none`. */
  defense?: Defense;
  /** Default `axtree`. */
  observation?: ObservationMode;
  /** Defaults to the client's spec. */
  id?: string;
  temperature?: number;
  maxOutputTokens?: number;
  /** The viewport the screenshots have, named in the prompt so coordinates are unambiguous. */
  viewport?: { width: number; height: number };
}

export interface LlmUiAgent extends ScreenUiAgent {
  readonly client: ModelClient;
  readonly defense: Defense;
  /** The exact request sent for one step (for inspection and tests). */
  buildRequest(input: UiEpisodeInput, step: UiStep, context?: { seed?: number; signal?: AbortSignal }): ModelRequest;
}

const NONE = DEFENSES[0] as Defense;

/**
 * The end-to-end LLM agent: one model call per step. The system prompt is the UI prompt with the
 * defense in front (the same defenses as the state-grounded agent); the user message holds the
 * request, the clock, the agent's earlier steps and the current observation (text, plus the
 * screenshot in `screenshot` and `mixed` modes). The reply must be `{thought, action}`; anything
 * else is an `unusable` decision, which the runner shows to the agent as the next step's error.
 */
export function createLlmUiAgent(options: LlmUiAgentOptions): LlmUiAgent {
  const { client } = options;
  const defense = options.defense ?? NONE;
  const mode = options.observation ?? "axtree";
  const system = applyDefense(defense, uiSystemPrompt(mode));
  const id = options.id ?? client.spec;

  const buildRequest = (input: UiEpisodeInput, step: UiStep, context: { seed?: number; signal?: AbortSignal } = {}): ModelRequest => {
    const parts = ["## Request", input.task];
    if (input.now !== undefined) parts.push("", "## Current date and time", input.now);
    parts.push("", "## Your previous steps", historyText(step.history));
    parts.push("", `## Current page (step ${step.step} of ${step.maxSteps})`, observationText(step.observation, mode, options.viewport));
    const text = parts.join("\n");
    const { screenshot } = step.observation;
    // The runner leaves the screenshot out only for agents that declare they never look at one.
    if (mode !== "axtree" && !screenshot) throw new Error(`${id} observes "${mode}" but the step came without a screenshot`);
    const message: ModelMessage =
      mode === "axtree" || !screenshot
        ? { role: "user", content: text }
        : imageMessage(text, screenshot, step.observation.screenshotType === "png" ? "image/png" : "image/jpeg");
    const request: ModelRequest = {
      system,
      messages: [message],
      temperature: options.temperature ?? 0,
      schema: UiReplySchema,
      schemaName: UI_REPLY_SCHEMA_NAME,
    };
    if (options.maxOutputTokens !== undefined) request.maxOutputTokens = options.maxOutputTokens;
    if (context.seed !== undefined) request.seed = context.seed;
    if (context.signal !== undefined) request.signal = context.signal;
    return request;
  };

  return {
    track: "e2e",
    id,
    description: `LLM UI agent ${client.spec} (defense ${defense.name}, ${mode} observations)`,
    observation: mode,
    client,
    defense,
    buildRequest,
    start(input, _hints, context) {
      return {
        async next(step, signal) {
          const response = await client.generate(
            buildRequest(input, step, { seed: context.seed, ...((signal ?? context.signal) && { signal: signal ?? context.signal }) }),
          );
          const parsed = UiReplySchema.safeParse(response.object);
          if (response.object === undefined || !parsed.success) {
            const why = response.parse_error ?? (parsed.success ? "no JSON object in the reply" : describeIssue(parsed.error.issues[0]));
            return {
              kind: "unusable",
              message: `your reply could not be used (${why}); answer with {"thought": …, "action": {…}}; reply began: ${replyPreview(response.text)}`,
              raw_text: response.text,
              usage: response.usage,
            };
          }
          return { kind: "act", action: parsed.data.action, thought: parsed.data.thought, usage: response.usage };
        },
      };
    },
  };
}
