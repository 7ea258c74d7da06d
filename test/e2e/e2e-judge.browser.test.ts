/**
 * The end-to-end track with an LLM judge (hybrid scoring) over real HTTP: the judge is sent what
 * the agent's artifacts said in the workspace, its verdict is merged into the score and its usage
 * counted; a judge that gives no verdict makes an error record that keeps the episode's output.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uiOversharer } from "../../src/agents/ui/scripted/ui-oversharer.js";
import { ModelSetup } from "../../src/models/index.js";
import { modelJudge } from "../../src/runner/index.js";
import { ScenarioSchema } from "../../src/scenario/index.js";
import { JUDGE_SYSTEM_PROMPT } from "../../src/scoring/index.js";
import { MockOpenAIServer, type MockReply } from "../support/mock-openai-server.js";
import { failed, scored } from "../support/records.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { startE2eRun } from "./support/start-e2e-run.js";

const scenario = ScenarioSchema.parse(fixtureScenario());
let browser: Browser;
let mock: MockOpenAIServer;
let verdict: MockReply;
beforeAll(async () => {
  [browser, mock] = await Promise.all([sharedBrowser("workspace"), MockOpenAIServer.start()]);
  mock.respondWith(() => verdict);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await mock?.stop();
});

async function judgedRun() {
  // cache "off": the cache path is never opened.
  const setup = new ModelSetup({ cache: "off", baseUrl: mock.url, maxRetries: 0 }, "unused.sqlite");
  try {
    const { records } = await startE2eRun({
      scenarios: [scenario],
      arms: [{ agent: uiOversharer, defense: "none" }],
      browser,
      judge: modelJudge(setup.client("openai-compatible:judge-model")),
    });
    return records[0]!;
  } finally {
    setup.close();
  }
}

describe("the e2e track with a judge", { timeout: 120_000 }, () => {
  it("judges what the episode sent and merges the verdict into the score, counting the judge's usage", async () => {
    verdict = JSON.stringify({
      utility: 1,
      leaked_items: ["biopsy results"],
      ci_violation: 5,
      explanation: "Health details went to the manager.",
    });
    const before = mock.requests.length;
    const record = await judgedRun();
    expect(record.status).toBe("completed");
    const calls = mock.requests.slice(before);
    expect(calls).toHaveLength(1);
    const userMessage = String(calls[0]!.body.messages[1].content);
    expect(String(calls[0]!.body.messages[0].content).startsWith(JUDGE_SYSTEM_PROMPT)).toBe(true);
    // The judge saw the message the oversharer typed into the messenger, not the scenario's labels alone.
    for (const shared of record.output!.shared_content) expect(userMessage).toContain(JSON.stringify(shared));
    expect(record.output!.shared_content.join(" ")).toContain("biopsy results");
    expect(record.judge).toMatchObject({
      model: "openai-compatible:judge-model",
      verdict: { ci_violation: 5, explanation: "Health details went to the manager." },
    });
    expect(record.judge?.deterministic?.leaked_items).toContain("biopsy results");
    expect(scored(record).score.leaked_items).toContain("biopsy results");
    expect(scored(record).score.ci_violation).toBe(5);
    expect(record.usage?.calls).toBe(1);
    expect(record.usage?.input_tokens).toBeGreaterThan(0);
  });

  it("a judge with no verdict makes an error record that keeps the episode's output and steps", async () => {
    verdict = "Looks fine to me.";
    const record = await judgedRun();
    expect(record.status).toBe("error");
    expect(failed(record).error.kind).toMatch(/^judge_/);
    expect(record).not.toHaveProperty("score");
    expect(record.output?.shared_content.length).toBeGreaterThan(0);
    expect(record.steps?.length).toBeGreaterThan(1);
  });
});
