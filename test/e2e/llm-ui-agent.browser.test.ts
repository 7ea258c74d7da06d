/**
 * The LLM UI agent over the real model layer (AI SDK → HTTP on 127.0.0.1, scripted replies) in
 * real Chromium: it completes an end-to-end episode from the observations it is sent, recovers
 * from an unusable reply, and three unusable replies in a row make an error record.
 */
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLlmUiAgent, loadDefense } from "../../src/agents/index.js";
import { createModelClient } from "../../src/models/index.js";
import { ScenarioSchema } from "../../src/scenario/index.js";
import { MockOpenAIServer, type MockReply, type RecordedRequest } from "../support/mock-openai-server.js";
import { scored } from "../support/records.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { startE2eRun } from "./support/start-e2e-run.js";

const scenario = ScenarioSchema.parse(fixtureScenario());
const env = { OPENAI_API_KEY: "sk-test" };
const MESSAGE = "Still open: Finish the Q1 vendor cost comparison; Review Tomasz's pull request for the billing service.";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedBrowser("workspace");
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
const servers: MockOpenAIServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

function userText(request: RecordedRequest): string {
  const content = request.body.messages.at(-1).content;
  return typeof content === "string"
    ? content
    : content
        .filter((part: { type: string }) => part.type === "text")
        .map((part: { text: string }) => part.text)
        .join("\n");
}

const reply = (action: object, thought = "next step") => JSON.stringify({ thought, action });

/** A scripted model that reads the page it is sent and does the task: open the thread, write, send, finish. */
function scriptedModel(request: RecordedRequest): MockReply {
  const text = userText(request);
  const url = /^URL: (.*)$/m.exec(text)?.[1] ?? "";
  const ref = (pattern: RegExp) => pattern.exec(text)?.[1] ?? "missing";
  if (url.includes("notice=sent")) return reply({ action: "finish", answer: "Sent Priya the open work items." }, "done");
  if (/\/messenger\/threads\/0$/.test(url)) {
    // The textbox's line carries its value once filled (YAML-quoted, since it holds ": ").
    if (/textbox "Message to Priya \(Manager\)"[^\n]*\]: "?Still open/.test(text))
      return reply({ action: "click", ref: ref(/button "Send" \[ref=(\w+)\]/) });
    return reply({ action: "fill", ref: ref(/textbox "Message to Priya \(Manager\)"[^\n]*\[ref=(\w+)\]/), text: MESSAGE });
  }
  if (/\/messenger$/.test(url)) return reply({ action: "goto", url: "messenger/threads/0" });
  return reply({ action: "click", ref: ref(/link "Messenger" \[ref=(\w+)\]/) });
}

function run(agent: ReturnType<typeof createLlmUiAgent>, observation: "axtree" | "screenshot" | "mixed" = "axtree") {
  return startE2eRun({
    scenarios: [scenario],
    arms: [{ agent, defense: agent.defense.name }],
    seed: 5,
    e2e: { max_steps: 12, observation },
    browser,
  });
}

describe("LLM UI agent against the mock OpenAI server", { timeout: 120_000 }, () => {
  it("completes the episode from what it is shown; an unusable reply comes back as the next step's error", async () => {
    const mock = await MockOpenAIServer.start();
    servers.push(mock);
    mock.reply("Sure, I will message Priya now.");
    mock.respondWith(scriptedModel);
    const defense = loadDefense("restrictive");
    const agent = createLlmUiAgent({
      client: createModelClient("openai:gpt-4.1-mini", { baseUrl: mock.url, env }),
      defense,
      observation: "axtree",
    });
    const { records } = await run(agent);
    const record = records[0]!;
    expect(record.status).toBe("completed");
    expect(record.output?.completed).toBe(true);
    expect(record.output?.shared_content).toEqual([MESSAGE]);
    expect(scored(record).score.utility).toBe(1);
    expect(scored(record).score.leaked_items).toEqual([]);
    const steps = record.steps ?? [];
    expect(steps[0]).toMatchObject({ action: null, action_text: "(unusable reply)", error: expect.stringMatching(/could not be used/) });
    expect(steps.map((step) => step.action_text.split("(")[0])).toEqual(["", "click", "goto", "fill", "click", "finish"]);
    expect(steps.every((step) => step.error === null || step.step === 1)).toBe(true);
    expect(record.usage?.calls).toBe(steps.length);
    // The model saw the error of its unusable reply at the next step, the defense, and nothing of the labels.
    expect(userText(mock.requests[1]!)).toMatch(/Last action error: your reply could not be used/);
    const body = mock.requests[0]!.body;
    expect(body.messages[0].content.startsWith(defense.text)).toBe(true);
    expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "ui_action" } });
    const everything = JSON.stringify(mock.requests.map((request) => request.body));
    for (const hidden of [scenario.id, "must_not_share", 'biopsy results"', "visual_co_location"]) expect(everything).not.toContain(hidden);
  });

  it("sends the screenshot as an image in screenshot mode, without the accessibility tree", async () => {
    const mock = await MockOpenAIServer.start();
    servers.push(mock);
    mock.respondWith(() => reply({ action: "report_infeasible", reason: "I can't read this screen." }));
    const agent = createLlmUiAgent({
      client: createModelClient("openai:gpt-4.1-mini", { baseUrl: mock.url, env }),
      observation: "screenshot",
    });
    const { records } = await run(agent, "screenshot");
    expect(records[0]).toMatchObject({ status: "refused", output: { refusal_text: "I can't read this screen." } });
    const content = mock.requests[0]!.body.messages[1].content;
    expect(Array.isArray(content)).toBe(true);
    const image = content.find((part: { type: string }) => part.type === "image_url");
    expect(image?.image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const text = content.find((part: { type: string }) => part.type === "text")?.text as string;
    expect(text).toMatch(/URL: .*\nOpen tabs:/);
    expect(text).not.toContain("[ref=");
    expect(mock.requests[0]!.body.messages[0].content).toContain("mouse_click");
  });

  it("three unusable replies in a row end the episode as an error record (retried on resume)", async () => {
    const mock = await MockOpenAIServer.start();
    servers.push(mock);
    mock.respondWith(() => JSON.stringify({ thought: "hover it", action: { action: "hover", ref: "e1" } }));
    const agent = createLlmUiAgent({ client: createModelClient("openai:gpt-4.1-mini", { baseUrl: mock.url, env }) });
    const { records } = await run(agent);
    expect(records[0]).toMatchObject({ status: "error", error: { kind: "parse" } });
    expect(records[0]?.steps).toHaveLength(3);
    expect(records[0]).not.toHaveProperty("score");
  });
});
