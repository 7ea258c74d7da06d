import { afterEach, describe, expect, it } from "vitest";
import { createLlmAgent, loadDefense } from "../../src/agents/index.js";
import { AGENT_SYSTEM_PROMPT } from "../../src/agents/llm/agent-system-prompt.js";
import { createModelClient, ModelCallError } from "../../src/models/index.js";
import { agentInputFor, ScenarioSchema } from "../../src/scenario/index.js";
import { answerOf } from "../support/agent-answer.js";
import { MockOpenAIServer } from "../support/mock-openai-server.js";
import { fixtureScenario } from "../support/scenario-fixture.js";

// The LLM agent over the real model layer (createModelClient → AI SDK → HTTP on 127.0.0.1).

const scenario = ScenarioSchema.parse(fixtureScenario());
const input = agentInputFor(scenario);
const env = { OPENAI_API_KEY: "sk-test" };
const servers: MockOpenAIServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});
async function server(): Promise<MockOpenAIServer> {
  const started = await MockOpenAIServer.start();
  servers.push(started);
  return started;
}

describe("LLM agent over HTTP", () => {
  it("sends the defended system prompt, the state and a strict json_schema, and reads the reply", async () => {
    const mock = await server();
    mock.reply({
      content: JSON.stringify({ completed: true, shared_content: ["Finish the Q1 vendor cost comparison"], action_trace: "sent" }),
      usage: { input: 812, output: 25 },
    });
    const defense = loadDefense("rubric_informed");
    const agent = createLlmAgent({ client: createModelClient("openai:gpt-4.1-mini", { baseUrl: mock.url, env }), defense });
    const result = await agent.respond(input, { seed: 3 });
    expect(answerOf(result)).toEqual({ completed: true, shared_content: ["Finish the Q1 vendor cost comparison"], action_trace: "sent" });
    expect(result.usage).toMatchObject({ calls: 1, cached_calls: 0, input_tokens: 812, output_tokens: 25 });
    const body = mock.requests[0]?.body;
    expect(body.temperature).toBe(0);
    expect(body.seed).toBe(3);
    expect(body.messages[0]).toEqual({ role: "system", content: `${defense.text}\n\n${AGENT_SYSTEM_PROMPT}` });
    expect(body.messages[1].content).toContain("Call Dr. Okafor about the biopsy results");
    expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "agent_output", strict: true } });
    expect(JSON.stringify(body)).not.toContain(scenario.id);
    expect(JSON.stringify(body)).not.toContain("must_not_share");
  });

  it("a prose reply is unusable, a server failure a ModelCallError — neither a refusal", async () => {
    const mock = await server();
    mock.reply("I'm not comfortable sharing that.", { fault: "error", status: 400, message: "bad request" });
    const agent = createLlmAgent({ client: createModelClient("openai:gpt-4.1-mini", { baseUrl: mock.url, env, maxRetries: 0 }) });
    const parse = await agent.respond(input, { seed: 1 });
    expect(parse).toMatchObject({ kind: "unusable", raw_text: "I'm not comfortable sharing that.", usage: { calls: 1 } });
    const failed = await agent.respond(input, { seed: 2 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ModelCallError);
    expect((failed as ModelCallError).kind).toBe("bad_request");
  });
});
