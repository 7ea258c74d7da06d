import { join } from "node:path";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { type Agent, type AgentReply, createLlmAgent, type LlmAgentReply, loadDefense, type StateFormat } from "../../src/agents/index.js";
import { AgentReplySchema } from "../../src/agents/llm/agent-reply-schema.js";
import { AGENT_SYSTEM_PROMPT } from "../../src/agents/llm/agent-system-prompt.js";
import { ModelCallError, type ModelRequest, oneCallUsage } from "../../src/models/index.js";
import { statusOf } from "../../src/records/index.js";
import { runEpisode } from "../../src/runner/index.js";
import {
  type AgentOutput,
  AgentOutputSchema,
  agentInputFor,
  BUILTIN_PACK_DIR,
  loadScenarios,
  renderStateText,
  type Scenario,
  ScenarioSchema,
  stateLeafStrings,
} from "../../src/scenario/index.js";
import { CORPUS_DIR, CORPUS_SKIP_REASON, HAS_CORPUS } from "../support/corpus.js";
import { aiSdkModelClient, fakeModelClient } from "../support/fake-model-client.js";
import { fixtureScenario } from "../support/scenario-fixture.js";

const scenario = ScenarioSchema.parse(fixtureScenario());
const input = agentInputFor(scenario);
const context = { seed: 7 };
const reply = (value: object) => JSON.stringify(value);
const goodReply = reply({
  completed: true,
  shared_content: ["Finish the Q1 vendor cost comparison"],
  action_trace: "Sent Priya the open work item.",
});

/** Everything the model was shown in one request. */
const promptText = (request: ModelRequest) => [request.system ?? "", ...request.messages.map((message) => message.content)].join("\n");

describe("the request an LLM agent sends", () => {
  it("has our system prompt, temperature 0, the reply schema, the episode seed, and the task, clock and state", async () => {
    const client = fakeModelClient([goodReply]);
    await createLlmAgent({ client }).respond(input, context);
    const [request] = client.requests;
    expect(request?.system).toBe(AGENT_SYSTEM_PROMPT);
    expect(request?.temperature).toBe(0);
    expect(request?.schema).toBe(AgentReplySchema);
    expect(request?.schemaName).toBe("agent_output");
    expect(request?.seed).toBe(7);
    expect(request?.messages).toHaveLength(1);
    const content = request?.messages[0]?.content ?? "";
    // The state-grounded agent sends text only; images are the UI agents'.
    expect(typeof content).toBe("string");
    const user = typeof content === "string" ? content : "";
    expect(request?.messages[0]?.role).toBe("user");
    expect(user).toContain(scenario.task);
    expect(user).toContain("2026-03-04T08:30:00-05:00");
    for (const item of scenario.state.todo?.items ?? []) expect(user).toContain(JSON.stringify(item.text));
    expect(user.indexOf(scenario.task)).toBeLessThan(user.indexOf("Call Dr. Okafor"));
  });

  it("is identical for the same input, and differs only in the seed across epochs", () => {
    const agent = createLlmAgent({ client: fakeModelClient([goodReply]) });
    const first = agent.buildRequest(input, { seed: 1 });
    expect(agent.buildRequest(agentInputFor(scenario), { seed: 1 })).toEqual(first);
    expect({ ...agent.buildRequest(input, { seed: 2 }), seed: 1 }).toEqual(first);
  });

  it("shows the state as readable text when asked", () => {
    const agent = createLlmAgent({ client: fakeModelClient([goodReply]), stateFormat: "text" });
    expect(agent.buildRequest(input).messages[0]?.content).toContain(renderStateText(scenario.state));
  });

  it("leaves the clock out when the scenario has none", () => {
    const { now: _now, ...withoutClock } = fixtureScenario();
    const agent = createLlmAgent({ client: fakeModelClient([goodReply]) });
    expect(agent.buildRequest(agentInputFor(ScenarioSchema.parse(withoutClock))).messages[0]?.content).not.toContain("date and time");
  });
});

describe("the prompt never contains ground truth or labels", () => {
  /** Everything the prompt may legitimately contain: what the agent is allowed to see. */
  const visible = (s: Scenario) => [s.task, renderStateText(s.state), ...stateLeafStrings(s.state)].join("\n").toLowerCase();

  async function promptsFor(s: Scenario): Promise<string[]> {
    const prompts: string[] = [];
    for (const stateFormat of ["json", "text"] as StateFormat[]) {
      for (const defense of ["none", "rubric_informed"]) {
        const client = fakeModelClient([goodReply]);
        await createLlmAgent({ client, stateFormat, defense: loadDefense(defense) }).respond(agentInputFor(s), context);
        prompts.push(promptText(client.requests[0] as ModelRequest).toLowerCase());
      }
    }
    return prompts;
  }

  function expectNoLeakOfTruth(s: Scenario, prompts: string[]): number {
    const seen = visible(s);
    const secrets = [s.id, s.failure_mode, "failure_mode", "must_share", "must_not_share", "ground_truth", "rationale", "provenance"];
    if (s.category) secrets.push(s.category);
    if (s.rationale) secrets.push(s.rationale);
    if (s.provenance.family) secrets.push(s.provenance.family);
    let checkedItems = 0;
    for (const item of [...s.must_not_share, ...s.must_share]) {
      // An item that is in the state or the task is legitimately in the prompt.
      if (seen.includes(item.toLowerCase())) continue;
      secrets.push(item);
      checkedItems++;
    }
    for (const prompt of prompts) for (const secret of secrets) expect(prompt, `${s.id}: "${secret}"`).not.toContain(secret.toLowerCase());
    return checkedItems;
  }

  it("for every scenario of the built-in pack, with planted items and labels that are not in the state", async () => {
    const { scenarios } = await loadScenarios([BUILTIN_PACK_DIR]);
    expect(scenarios.length).toBeGreaterThan(30);
    let checked = 0;
    for (const original of scenarios) {
      const planted: Scenario = {
        ...original,
        must_share: [...original.must_share, `PLANTED-SHARE-${original.id}`],
        must_not_share: [...original.must_not_share, `PLANTED-SECRET-${original.id}`],
        rationale: `PLANTED-RATIONALE-${original.id}`,
        provenance: { ...original.provenance, family: "identity_bleed", seed_id: `PLANTED-SEED-${original.id}` },
      };
      checked += expectNoLeakOfTruth(planted, await promptsFor(planted));
      for (const prompt of await promptsFor(planted)) expect(prompt).not.toContain("planted-");
    }
    expect(checked).toBeGreaterThanOrEqual(2 * scenarios.length);
  });

  it.skipIf(!HAS_CORPUS)(
    `for every released AgentCIBench scenario (whose ids name their strategy) ${HAS_CORPUS ? "" : CORPUS_SKIP_REASON}`,
    async () => {
      const { scenarios } = await loadScenarios([join(CORPUS_DIR, "scenarios")]);
      expect(scenarios.length).toBeGreaterThan(50);
      let checked = 0;
      for (const s of scenarios) {
        const prompts = await promptsFor(s);
        checked += expectNoLeakOfTruth(s, prompts);
        for (const prompt of prompts)
          for (const family of ["identity_bleed", "semantic_entanglement", "ambiguity_trap", "scenario_family"])
            expect(prompt).not.toContain(family);
      }
      // Some released items are not in the state at all (docs/design/agentcibench-import.md); they must stay out of the prompt.
      expect(checked).toBeGreaterThan(0);
    },
  );
});

describe("what comes back", () => {
  it("is the model's answer in the agent contract", async () => {
    const output = answerOf(await createLlmAgent({ client: fakeModelClient([goodReply]) }).respond(input, context));
    expect(AgentOutputSchema.parse(output)).toEqual({
      completed: true,
      shared_content: ["Finish the Q1 vendor cost comparison"],
      action_trace: "Sent Priya the open work item.",
    });
    expect(statusOf(output)).toBe("completed");
  });

  it("keeps a declined task as a refusal with the model's reason", async () => {
    const client = fakeModelClient([
      reply({ completed: false, shared_content: [], action_trace: "I won't send health details to a manager." }),
    ]);
    const output = answerOf(await createLlmAgent({ client }).respond(input, context));
    expect(output).toMatchObject({ completed: false, shared_content: [], refusal_text: "I won't send health details to a manager." });
    expect(statusOf(output)).toBe("refused");
  });

  it("drops blank entries, so 'not completed' with only blanks is a refusal too", async () => {
    const output = answerOf(
      await createLlmAgent({
        client: fakeModelClient([reply({ completed: false, shared_content: ["  ", ""], action_trace: "Nothing fits." })]),
      }).respond(input, context),
    );
    expect(output.shared_content).toEqual([]);
    expect(statusOf(output)).toBe("refused");
  });

  it("has no refusal text when the agent acted, or shared something without completing", async () => {
    const partial = answerOf(
      await createLlmAgent({
        client: fakeModelClient([reply({ completed: false, shared_content: ["Q1 comparison"], action_trace: "Partly done." })]),
      }).respond(input, context),
    );
    expect(partial.refusal_text).toBeUndefined();
    expect(statusOf(partial)).toBe("completed");
    const done = answerOf(await createLlmAgent({ client: fakeModelClient([goodReply]) }).respond(input, context));
    expect(done.refusal_text).toBeUndefined();
  });

  it("reports usage per call, with cached calls marked and free", async () => {
    const fresh = fakeModelClient([
      { text: goodReply, object: JSON.parse(goodReply), usage: oneCallUsage({ input_tokens: 120, output_tokens: 30 }, false, 0.002) },
    ]);
    const result = await createLlmAgent({ client: fresh }).respond(input, context);
    expect(result.kind).toBe("answer");
    expect(result.usage).toEqual({ calls: 1, cached_calls: 0, input_tokens: 120, output_tokens: 30, cost_usd: 0.002 });
    expect(result.cached).toBe(false);
    expect(result.model).toBe("fake:model");

    const cached = fakeModelClient([
      {
        text: goodReply,
        object: JSON.parse(goodReply),
        usage: oneCallUsage({ input_tokens: 120, output_tokens: 30 }, true, 0.002),
        cached: true,
      },
    ]);
    const again = await createLlmAgent({ client: cached }).respond(input, context);
    expect(again.usage).toEqual({ calls: 1, cached_calls: 1, input_tokens: 120, output_tokens: 30, cost_usd: 0 });
    expect(again.cached).toBe(true);
  });

  it("is identified by the client spec unless given an id, whatever the defense", () => {
    const client = fakeModelClient([goodReply], "openai-compatible:local/qwen3");
    expect(createLlmAgent({ client, defense: loadDefense("restrictive") }).id).toBe("openai-compatible:local/qwen3");
    expect(createLlmAgent({ client, id: "qwen-local" }).id).toBe("qwen-local");
  });
});

/** The answer of a reply that must be one. */
function answerOf(reply: AgentReply | LlmAgentReply): AgentOutput {
  if (reply.kind !== "answer") throw new Error(`expected an answer, got: ${reply.message}`);
  return reply.output;
}

describe("failures are errors, never refusals", () => {
  const parseFailure = async (scripted: Parameters<typeof fakeModelClient>[0][number]) => {
    const result = await createLlmAgent({ client: fakeModelClient([scripted]) }).respond(input, context);
    if (result.kind !== "unusable") throw new Error(`expected an unusable reply, got an answer: ${JSON.stringify(result.output)}`);
    return result;
  };

  it("a prose reply (even a refusal in words) is unusable and keeps the text and the usage", async () => {
    const unusable = await parseFailure("I'm sorry, but I can't help with sharing that.");
    expect(unusable.raw_text).toBe("I'm sorry, but I can't help with sharing that.");
    expect(unusable.message).toContain("I'm sorry");
    expect(unusable.usage).toMatchObject({ calls: 1, input_tokens: 11, output_tokens: 7 });
  });

  it("a reply of the wrong shape is unusable", async () => {
    expect((await parseFailure(reply({ completed: true, action_trace: "no content field" }))).message).toContain("not the agent contract");
    expect((await parseFailure(reply({ completed: true, shared_content: "one string", action_trace: "" }))).message).toContain(
      "shared_content",
    );
  });

  it('"completed": "false" is unusable, not a truthy string', async () => {
    expect((await parseFailure(reply({ completed: "false", shared_content: [], action_trace: "" }))).message).toContain("completed");
  });

  it("an empty or truncated reply is a parse error", async () => {
    await parseFailure("");
    await parseFailure('{"completed": true, "shared_content": ["Finish the Q1');
  });

  it("an object the model layer could not validate is a parse error carrying the model layer's reason", async () => {
    const error = await parseFailure({ text: "{}", parse_error: "missing field completed" });
    expect(error.message).toContain("missing field completed");
  });

  it("a failed model call propagates as ModelCallError with its kind", async () => {
    const timeout = new ModelCallError("timeout", "no reply in 60 s", 3);
    const agent = createLlmAgent({ client: fakeModelClient([timeout]) });
    await expect(agent.respond(input, context)).rejects.toBe(timeout);
    await expect(agent.respond(input, context)).rejects.toMatchObject({ kind: "timeout", attempts: 3 });
  });
});

describe("through the AI SDK (MockLanguageModelV3)", () => {
  const usage = {
    inputTokens: { total: 50, noCache: 50, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 9, text: 9, reasoning: undefined },
  };
  const mockModel = (text: string) =>
    new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      }),
    });

  it("sends a JSON Schema that strict structured output accepts and reads the structured reply", async () => {
    const model = mockModel(goodReply);
    const result = await createLlmAgent({ client: aiSdkModelClient(model), defense: loadDefense("recipient_typed") }).respond(
      input,
      context,
    );
    expect(answerOf(result).shared_content).toEqual(["Finish the Q1 vendor cost comparison"]);
    expect(result.usage).toMatchObject({ input_tokens: 50, output_tokens: 9 });
    const call = model.doGenerateCalls[0];
    expect(call?.temperature).toBe(0);
    const format = call?.responseFormat as { type: string; schema?: { required?: string[]; additionalProperties?: boolean } };
    expect(format.type).toBe("json");
    expect(format.schema?.required?.sort()).toEqual(["action_trace", "completed", "shared_content"]);
    expect(format.schema?.additionalProperties).toBe(false);
    const system = call?.prompt.find((message) => message.role === "system");
    expect(system?.content).toContain(loadDefense("recipient_typed").text);
  });

  it("turns an unparseable reply into an unusable one", async () => {
    const result = await createLlmAgent({ client: aiSdkModelClient(mockModel("Sure! I sent it.")) }).respond(input, context);
    expect(result).toMatchObject({ kind: "unusable", raw_text: "Sure! I sent it." });
  });
});

describe("in the runner", () => {
  const episode = (agent: Agent) => runEpisode({ runId: "r", scenario, agent, defense: "none", epoch: 0, seed: 5, matcher: "strict" });

  it("records usage, a refusal as refused, and a parse failure as an error of kind parse", async () => {
    const agent = createLlmAgent({
      client: fakeModelClient([
        { text: goodReply, object: JSON.parse(goodReply), usage: oneCallUsage({ input_tokens: 40, output_tokens: 8 }, false, 0.001) },
      ]),
    });
    expect(await episode(agent)).toMatchObject({
      status: "completed",
      usage: { calls: 1, cached_calls: 0, input_tokens: 40, output_tokens: 8, cost_usd: 0.001 },
    });

    const refusing = createLlmAgent({
      client: fakeModelClient([reply({ completed: false, shared_content: [], action_trace: "Not appropriate." })]),
    });
    expect(await episode(refusing)).toMatchObject({ status: "refused", output: { refusal_text: "Not appropriate." } });

    const prose = await episode(createLlmAgent({ client: fakeModelClient(["I can't do that."]) }));
    expect(prose).toMatchObject({ status: "error", error: { kind: "parse" }, usage: { calls: 1, input_tokens: 11, output_tokens: 7 } });
    expect(prose).not.toHaveProperty("score");

    const timeout = await episode(createLlmAgent({ client: fakeModelClient([new ModelCallError("timeout", "no reply", 3)]) }));
    expect(timeout).toMatchObject({ status: "error", error: { kind: "timeout" } });
  });
});
