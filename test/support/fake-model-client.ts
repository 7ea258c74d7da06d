import type { LanguageModel } from "ai";
import { generateText, NoObjectGeneratedError, Output } from "ai";
import type { z } from "zod";
import { type ModelClient, type ModelMessage, type ModelRequest, type ModelResponse, oneCallUsage } from "../../src/models/index.js";

/** A scripted reply: the raw text (parsed and validated against the request's schema as the model layer would), or an error to throw. */
export type FakeReply = string | Error | ((request: ModelRequest) => string | Error | Partial<ModelResponse>) | Partial<ModelResponse>;

export interface FakeModelClient extends ModelClient {
  /** Every request received, in order. */
  readonly requests: ModelRequest[];
}

/**
 * A ModelClient for unit tests (no HTTP, no AI SDK): replies are taken in order from `replies`
 * (the last one repeats). A text reply is JSON-parsed and validated with `request.schema`;
 * on failure `object` is left out and `parse_error` set, as the contract says.
 */
export function fakeModelClient(replies: FakeReply[], spec = "fake:model"): FakeModelClient {
  const requests: ModelRequest[] = [];
  return {
    spec,
    requests,
    async generate(request) {
      requests.push(request);
      const scripted = replies[Math.min(requests.length - 1, replies.length - 1)];
      const reply = typeof scripted === "function" ? scripted(request) : scripted;
      if (reply instanceof Error) throw reply;
      const base: ModelResponse = {
        text: "",
        usage: oneCallUsage({ input_tokens: 11, output_tokens: 7 }, false),
        cached: false,
        model: spec,
        latency_ms: 1,
      };
      if (typeof reply === "string") return { ...base, text: reply, ...parseWith(request.schema, reply) };
      return { ...base, ...(reply ?? {}) };
    },
  };
}

function parseWith(schema: z.ZodType | undefined, text: string): Pick<ModelResponse, "object" | "parse_error"> {
  if (!schema) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { parse_error: `not JSON: ${(error as Error).message}` };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { object: parsed.data } : { parse_error: parsed.error.issues[0]?.message ?? "invalid" };
}

/**
 * A ModelClient over an AI SDK language model (e.g. `MockLanguageModelV3` from `ai/test`),
 * through `generateText` with `Output.object`: the real zod → JSON Schema conversion and the
 * SDK's own validation run, as in the model layer.
 */
export function aiSdkModelClient(model: LanguageModel, spec = "mock:v3"): ModelClient {
  return {
    spec,
    async generate(request) {
      const settings = {
        model,
        // Text-only messages here: the tests that send images go through the real model layer.
        messages: request.messages.map((message) => ({ role: message.role, content: textOf(message) })),
        temperature: request.temperature ?? 0,
        ...(request.system !== undefined && { system: request.system }),
        ...(request.seed !== undefined && { seed: request.seed }),
      };
      if (!request.schema) {
        const result = await generateText(settings);
        return {
          text: result.text,
          usage: oneCallUsage({ input_tokens: result.usage.inputTokens ?? 0, output_tokens: result.usage.outputTokens ?? 0 }, false),
          cached: false,
          model: spec,
          latency_ms: 0,
        };
      }
      try {
        const result = await generateText({ ...settings, output: Output.object({ schema: request.schema }) });
        return {
          text: result.text,
          object: result.output,
          usage: oneCallUsage({ input_tokens: result.usage.inputTokens ?? 0, output_tokens: result.usage.outputTokens ?? 0 }, false),
          cached: false,
          model: spec,
          latency_ms: 0,
        };
      } catch (error) {
        if (!NoObjectGeneratedError.isInstance(error)) throw error;
        return {
          text: error.text ?? "",
          parse_error: error.message,
          usage: oneCallUsage({ input_tokens: error.usage?.inputTokens ?? 0, output_tokens: error.usage?.outputTokens ?? 0 }, false),
          cached: false,
          model: spec,
          latency_ms: 0,
        };
      }
    },
  };
}

function textOf(message: ModelMessage): string {
  return typeof message.content === "string"
    ? message.content
    : message.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}
