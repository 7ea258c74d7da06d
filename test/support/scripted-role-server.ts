/**
 * The guarded agent's scripted roles (`scripted`, `gullible`, `compromised`) behind real HTTP: a
 * `MockOpenAIServer` whose handler turns each chat-completions body back into our `ModelRequest`
 * and answers with the role the body's `model` names, through `scriptedRoleClient`. A guarded
 * agent over `openai-compatible:scripted` then runs the whole model layer (AI SDK, HTTP, retries,
 * JSON extraction, usage) and still gets the answers of the in-process role.
 *
 *   const server = await startScriptedRoleServer({ scenarios });
 *   createModelClient("openai-compatible:scripted", { baseUrl: server.url, structuredOutputs: true });
 *
 * Structured outputs must be on: the role is chosen by the request's schema name, which only
 * `response_format.json_schema.name` carries (without it the server answers 400, saying so).
 *
 * Planners are stateful and per episode (`PlanRunner` keeps its place in the plan), so the server
 * keeps one client per (role, the request under "## Request" in the first user message, seed): a
 * planner request that shows no earlier call starts that episode's planner afresh. The benign
 * planner's plan is made as `guarded:scripted` makes it in process (`scriptedPlanOf`: the
 * scenario's `guard.plan`, else `genericPlan` of its recipient and channel), from the scenario
 * whose task (or loose phrasing) is the request. Readers and classifiers keep no state: one client
 * per role answers them all.
 *
 * Two episodes with the same request and seed running at once would share a planner; a run gives
 * each episode its own seed, so they do not.
 */
import type { UiHints } from "../../src/agents/index.js";
import { readTranscript } from "../../src/guard/agent/scripted/planner-transcript.js";
import { isScriptedRole, PLANNER_REPLY_SCHEMA_NAME, type ScriptedRole, scriptedRoleClient } from "../../src/guard/index.js";
import type { ModelClient, ModelContentPart, ModelMessage, ModelRequest } from "../../src/models/index.js";
import { IMAGE_MEDIA_TYPES, type ImageMediaType } from "../../src/models/index.js";
import { scriptedPlanOf } from "../../src/runner/guarded-agent-spec.js";
import type { Scenario } from "../../src/scenario/index.js";
import { MockOpenAIServer, type MockReply, type RecordedRequest } from "./mock-openai-server.js";

export interface ScriptedRoleServerOptions {
  /** The scenarios whose episodes will call: their tasks (and loose phrasings) map a request to its hints. */
  scenarios: ReadonlyArray<Pick<Scenario, "task" | "recipient" | "channel" | "guard">>;
  /** Delay before every reply, to stand in for a model's latency. */
  latencyMs?: number;
}

/** A request the server cannot turn into a `ModelRequest`, or cannot answer: sent back as HTTP 400 with the reason. */
class BadRequest extends Error {}

/** `data:image/png;base64,…` → an image part; anything else is not something our clients send. */
function imagePart(url: unknown): ModelContentPart {
  const match = typeof url === "string" ? /^data:([^;,]+);base64,(.*)$/s.exec(url) : null;
  if (!match || !(IMAGE_MEDIA_TYPES as readonly string[]).includes(match[1]!))
    throw new BadRequest("an image part must be a base64 data URL of PNG, JPEG or WebP");
  return { type: "image", image: match[2]!, mediaType: match[1] as ImageMediaType };
}

function contentOf(content: unknown): string | ModelContentPart[] {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) throw new BadRequest("a message's content must be a string or an array of parts");
  return content.map((part: { type?: unknown; text?: unknown; image_url?: { url?: unknown } }) => {
    if (part.type === "text" && typeof part.text === "string") return { type: "text", text: part.text };
    if (part.type === "image_url") return imagePart(part.image_url?.url);
    throw new BadRequest(`unexpected content part ${JSON.stringify(part.type)}`);
  });
}

/**
 * A chat-completions body as the `ModelRequest` our client was given: system messages back into
 * `system`, user and assistant messages with their text and image parts, the schema name from
 * `response_format`, the seed. The zod schema itself does not travel; the client validates the
 * reply against its own.
 */
export function modelRequestOf(body: any): ModelRequest {
  if (!Array.isArray(body?.messages)) throw new BadRequest("the body has no messages");
  const system: string[] = [];
  const messages: ModelMessage[] = [];
  for (const message of body.messages as Array<{ role?: unknown; content?: unknown }>) {
    if (message.role === "system") {
      if (typeof message.content !== "string") throw new BadRequest("a system message's content must be a string");
      system.push(message.content);
    } else if (message.role === "user" || message.role === "assistant")
      messages.push({ role: message.role, content: contentOf(message.content) });
    else throw new BadRequest(`unexpected message role ${JSON.stringify(message.role)}`);
  }
  const schemaName = body.response_format?.json_schema?.name;
  return {
    ...(system.length > 0 && { system: system.join("\n\n") }),
    messages,
    ...(typeof body.temperature === "number" && { temperature: body.temperature }),
    ...(typeof schemaName === "string" && { schemaName }),
    ...(typeof body.seed === "number" && { seed: body.seed }),
  };
}

/**
 * A models file (`--config`) whose endpoint `scripted` points at a scripted-role server at `url`,
 * with structured outputs on (the server picks the role's answer by the schema name) and no retries.
 */
export function scriptedRoleEndpoints(url: string) {
  return {
    endpoints: [
      { name: "scripted", provider: "openai-compatible", base_url: url, model: "scripted", structured_outputs: true, max_retries: 0 },
    ],
  };
}

export async function startScriptedRoleServer(options: ScriptedRoleServerOptions): Promise<MockOpenAIServer> {
  const hintsByTask = new Map<string, UiHints>();
  for (const scenario of options.scenarios) {
    const hints: UiHints = {
      recipient: scenario.recipient,
      channel: scenario.channel,
      ...(scenario.guard?.plan !== undefined && { plan: scenario.guard.plan }),
    };
    // After the classifier sends a task back, the planner is given the loose phrasing instead.
    for (const task of [scenario.task, scenario.guard?.loose_task]) if (task !== undefined) hintsByTask.set(task.trim(), hints);
  }
  const readers = new Map<ScriptedRole, ModelClient>();
  const planners = new Map<string, ModelClient>();

  const plannerFor = (role: ScriptedRole, request: ModelRequest): ModelClient => {
    const transcript = readTranscript(request);
    const key = JSON.stringify([role, transcript.task, request.seed ?? null]);
    const known = planners.get(key);
    if (known && transcript.calls > 0) return known;
    if (transcript.calls > 0) throw new BadRequest("a planner request in the middle of an episode this server has not seen start");
    let plan: ReturnType<typeof scriptedPlanOf> | undefined;
    if (role === "scripted") {
      const hints = hintsByTask.get(transcript.task);
      if (hints === undefined)
        throw new BadRequest("the scripted planner has no plan for this request: it is not the task of a scenario given to the server");
      plan = scriptedPlanOf(hints);
    }
    const client = scriptedRoleClient(role, plan);
    planners.set(key, client);
    return client;
  };

  const answer = async (recorded: RecordedRequest): Promise<MockReply> => {
    try {
      const role = recorded.body?.model;
      if (typeof role !== "string" || !isScriptedRole(role))
        throw new BadRequest(
          `the model must be a scripted role (scripted, gullible, gullible-tree, compromised), not ${JSON.stringify(role)}`,
        );
      const request = modelRequestOf(recorded.body);
      if (request.schemaName === undefined)
        throw new BadRequest(
          "no response_format.json_schema.name: turn structured outputs on (structuredOutputs / structured_outputs: true)",
        );
      let client = readers.get(role);
      if (request.schemaName === PLANNER_REPLY_SCHEMA_NAME) client = plannerFor(role, request);
      else if (client === undefined) {
        client = scriptedRoleClient(role);
        readers.set(role, client);
      }
      const response = await client.generate(request);
      // The usage reported is the scripted role's own estimate (about four characters a token, 765
      // an image), not the mock's default word count: the word count would read a whole base64
      // screenshot as one word, and the estimate puts these runs on a model's scale.
      return { content: response.text, usage: { input: response.usage.input_tokens, output: response.usage.output_tokens } };
    } catch (error) {
      // A 400 is not retried: a role that failed once (a bug) would fail again, so the episode ends at once, saying why.
      const why = error instanceof BadRequest ? error.message : `a scripted role failed: ${(error as Error).message}`;
      return { fault: "error", status: 400, message: `scripted-role server: ${why}` };
    }
  };

  return MockOpenAIServer.start({ handler: answer, ...(options.latencyMs !== undefined && { latencyMs: options.latencyMs }) });
}
