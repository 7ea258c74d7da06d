/**
 * A scripted Anthropic Messages API server for tests: POST /v1/messages, JSON or SSE
 * (`stream: true`). Same API, replies and faults as `MockOpenAIServer` (see mock-openai-server.ts):
 *
 *   const server = await MockAnthropicServer.start({ replies: ["hi"] });
 *   createModelClient("anthropic:claude-sonnet-4-5", { baseUrl: server.url });
 *
 * Structured output: when the request forces the `json` tool (tool_choice `any` or `tool: json`) (how the AI SDK asks older Claude
 * models for JSON), a text reply whose content is a JSON object is sent back as that tool's
 * `tool_use` input, as the real API would; `asJsonTool: false/true` on a reply overrides this.
 * Requests using the native `output_format` simply get the text back.
 */
import {
  countWords,
  MockModelServer,
  type MockServerOptions,
  type MockTextReply,
  splitInThree,
  type WireFormat,
} from "./mock-openai-server.js";

/** The AI SDK offers only the `json` tool and forces a tool call (`any`, or `tool` named json). */
function forcesJsonTool(body: any): boolean {
  const choice = body?.tool_choice;
  const forced = choice?.type === "any" || (choice?.type === "tool" && choice?.name === "json");
  return forced && Array.isArray(body?.tools) && body.tools.some((tool: any) => tool?.name === "json");
}

function jsonToolInput(reply: MockTextReply, body: any): Record<string, unknown> | undefined {
  if (reply.asJsonTool === false || (reply.asJsonTool === undefined && !forcesJsonTool(body))) return undefined;
  try {
    const value: unknown = JSON.parse(reply.content);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function errorType(status: number): string {
  if (status === 429) return "rate_limit_error";
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 529) return "overloaded_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const ANTHROPIC_FORMAT: WireFormat = {
  path: "/v1/messages",
  wantsStream: (body) => body?.stream === true,
  promptWords: (body) => {
    const system =
      typeof body?.system === "string"
        ? body.system
        : Array.isArray(body?.system)
          ? body.system.map((b: any) => b.text ?? "").join(" ")
          : "";
    const messages = (body?.messages ?? []).map((m: any) =>
      typeof m.content === "string" ? m.content : (m.content ?? []).map((b: any) => b.text ?? "").join(" "),
    );
    return countWords([system, ...messages].join(" "));
  },
  success: (reply, body, usage, id) => {
    const input = jsonToolInput(reply, body);
    return {
      id: `msg_${id}`,
      type: "message",
      role: "assistant",
      model: body?.model ?? "mock",
      content:
        input !== undefined ? [{ type: "tool_use", id: `toolu_${id}`, name: "json", input }] : [{ type: "text", text: reply.content }],
      stop_reason: input !== undefined ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    };
  },
  stream: (reply, body, usage, id) => {
    const input = jsonToolInput(reply, body);
    const frames = [
      sse("message_start", {
        type: "message_start",
        message: {
          id: `msg_${id}`,
          type: "message",
          role: "assistant",
          model: body?.model ?? "mock",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: usage.input, output_tokens: 0 },
        },
      }),
    ];
    if (input !== undefined) {
      frames.push(
        sse("content_block_start", {
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", id: `toolu_${id}`, name: "json", input: {} },
        }),
      );
      for (const piece of splitInThree(JSON.stringify(input))) {
        frames.push(
          sse("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: piece } }),
        );
      }
    } else {
      frames.push(sse("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }));
      for (const piece of splitInThree(reply.content)) {
        frames.push(sse("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } }));
      }
    }
    frames.push(sse("content_block_stop", { type: "content_block_stop", index: 0 }));
    frames.push(
      sse("message_delta", {
        type: "message_delta",
        delta: { stop_reason: input !== undefined ? "tool_use" : "end_turn", stop_sequence: null },
        usage: { output_tokens: usage.output },
      }),
    );
    frames.push(sse("message_stop", { type: "message_stop" }));
    return frames;
  },
  error: (status, message) => ({ type: "error", error: { type: errorType(status), message } }),
  wrongShape: () => ({ type: "message", completion: "this body has no content blocks" }),
};

export class MockAnthropicServer extends MockModelServer {
  static async start(options: MockServerOptions = {}): Promise<MockAnthropicServer> {
    const server = new MockAnthropicServer(ANTHROPIC_FORMAT, options);
    await server.listen();
    return server;
  }
}
