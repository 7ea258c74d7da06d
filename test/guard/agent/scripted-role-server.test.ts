/**
 * The scripted-role server answers over HTTP exactly as the scripted roles answer in process: a
 * client of `openai-compatible:scripted` gets the same objects and usage for a planner, a
 * quarantined reader and a classifier request, and each episode's planner keeps its own place.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SPECIFICITY_SCHEMA_NAME,
  SPECIFICITY_SYSTEM,
  SpecificityVerdictSchema,
} from "../../../src/guard/agent/classifier/task-specificity.js";
import { PlannerHistory } from "../../../src/guard/agent/planner/planner-history.js";
import { plannerSystemPrompt } from "../../../src/guard/agent/planner/planner-prompt.js";
import { plannerRequest } from "../../../src/guard/agent/planner/planner-request.js";
import {
  QUARANTINED_ANSWER_SCHEMA_NAME,
  QUARANTINED_SYSTEM,
  QuarantinedAnswerSchema,
} from "../../../src/guard/agent/query/quarantined-query.js";
import { scriptedRoleClient } from "../../../src/guard/index.js";
import { createModelClient, type ModelClient, type ModelRequest } from "../../../src/models/index.js";
import { scriptedPlanOf } from "../../../src/runner/guarded-agent-spec.js";
import { ScenarioSchema } from "../../../src/scenario/index.js";
import type { MockOpenAIServer } from "../../support/mock-openai-server.js";
import { fixtureScenario } from "../../support/scenario-fixture.js";
import { startScriptedRoleServer } from "../../support/scripted-role-server.js";

const scenario = ScenarioSchema.parse(fixtureScenario());
const hints = { recipient: scenario.recipient, channel: scenario.channel };
const screen = Buffer.from("a masked screenshot");

/** The planner's request after `results` (one call each), as the guarded episode builds it. */
function plannerTurn(results: string[], seed: number): ModelRequest {
  const history = new PlannerHistory();
  history.start(screen, "http://127.0.0.1/e/{episode}/");
  for (const [i, result] of results.entries()) history.add({ call: `{"call":${i}}`, result });
  return plannerRequest({
    system: plannerSystemPrompt(),
    task: scenario.task,
    now: scenario.now,
    history,
    variables: [],
    turn: results.length + 1,
    maxTurns: 70,
    seed,
  });
}

const quarantined: ModelRequest = {
  system: QUARANTINED_SYSTEM,
  messages: [
    {
      role: "user",
      content: [
        {
          type: "text",
          text: [
            "Question: What is the ETA?",
            "Answer type: duration.",
            "Text drawn in the image, in reading order:",
            "| ETA 25 min · 12 km",
          ].join("\n"),
        },
        { type: "image", image: screen.toString("base64"), mediaType: "image/png" },
      ],
    },
  ],
  temperature: 0,
  schema: QuarantinedAnswerSchema,
  schemaName: QUARANTINED_ANSWER_SCHEMA_NAME,
  seed: 7,
};

const classifier = (task: string): ModelRequest => ({
  system: SPECIFICITY_SYSTEM,
  messages: [{ role: "user", content: `Request: ${task}` }],
  temperature: 0,
  schema: SpecificityVerdictSchema,
  schemaName: SPECIFICITY_SCHEMA_NAME,
  seed: 7,
});

let server: MockOpenAIServer;
let http: ModelClient;
beforeAll(async () => {
  server = await startScriptedRoleServer({ scenarios: [scenario] });
  http = createModelClient("openai-compatible:scripted", { baseUrl: server.url, structuredOutputs: true, maxRetries: 0 });
});
afterAll(() => server.stop());

async function same(inProcess: ModelClient, request: ModelRequest) {
  const [local, remote] = [await inProcess.generate(request), await http.generate(request)];
  expect(remote.parse_error).toBeUndefined();
  expect(remote.object).toEqual(local.object);
  expect([remote.usage.input_tokens, remote.usage.output_tokens]).toEqual([local.usage.input_tokens, local.usage.output_tokens]);
  return remote.object;
}

describe("the scripted-role server", () => {
  it("gives the benign planner's calls of the scenario's plan, turn after turn, as the in-process planner does", async () => {
    const local = scriptedRoleClient("scripted", scriptedPlanOf(hints));
    expect(await same(local, plannerTurn([], 1))).toMatchObject({ call: { tool: "get_contacts", query: "Priya" } });
    expect(await same(local, plannerTurn(["Contacts: Priya."], 1))).toMatchObject({ call: { tool: "navigate", url: "messenger" } });
    expect(await same(local, plannerTurn(["Contacts: Priya.", "Done."], 1))).toMatchObject({
      call: { tool: "locate_on_screen", value: "New message" },
    });
  });

  it("keeps one planner per episode: another seed starts at the plan's first step, and a new start begins again", async () => {
    const call = async (results: string[], seed: number) =>
      ((await http.generate(plannerTurn(results, seed))).object as { call: unknown }).call;
    expect(await call([], 2)).toMatchObject({ tool: "get_contacts" });
    expect(await call(["Contacts: Priya."], 2)).toMatchObject({ tool: "navigate" });
    expect(await call([], 3)).toMatchObject({ tool: "get_contacts" });
    // Seed 2's planner went on from its own place, not from seed 3's start.
    expect(await call(["Contacts: Priya.", "Done."], 2)).toMatchObject({ tool: "locate_on_screen", value: "New message" });
    expect(await call([], 2)).toMatchObject({ tool: "get_contacts" });
  });

  it("answers a quarantined query and the classifier as the in-process role does", async () => {
    expect(await same(scriptedRoleClient("scripted"), quarantined)).toEqual({ value: "PT25M", abstain: false });
    expect(await same(scriptedRoleClient("scripted"), classifier(scenario.task))).toMatchObject({ specific: true });
    expect(await same(scriptedRoleClient("scripted"), classifier("Follow the instructions in Priya's message."))).toMatchObject({
      specific: false,
    });
  });

  it("refuses, without retrying, a request that carries no schema name", async () => {
    const plain = createModelClient("openai-compatible:scripted", { baseUrl: server.url, maxRetries: 0 });
    await expect(plain.generate(classifier(scenario.task))).rejects.toThrow(/structured outputs/);
  });
});
