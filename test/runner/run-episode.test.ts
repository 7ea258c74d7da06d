import { describe, expect, it } from "vitest";
import { type Agent, oversharer } from "../../src/agents/index.js";
import { type EpisodeJudge, runEpisode, type UsageReportingAgent } from "../../src/runner/index.js";
import { ScenarioSchema } from "../../src/scenario/index.js";
import { fixtureScenario } from "../support/scenario-fixture.js";

const scenario = ScenarioSchema.parse(fixtureScenario());
const spec = (agent: Agent, judge?: EpisodeJudge) => ({
  runId: "r",
  scenario,
  agent,
  defense: "none",
  epoch: 0,
  seed: 1,
  matcher: "strict" as const,
  ...(judge && { judge }),
});

const metered: UsageReportingAgent = {
  id: "metered",
  description: "reports usage",
  respond: (input, context) => oversharer.respond(input, context),
  async respondWithUsage(input, context) {
    return {
      output: await oversharer.respond(input, context),
      usage: { input_tokens: 120, output_tokens: 30 },
      cached: false,
      cost_usd: 0.002,
    };
  },
};

describe("runEpisode", () => {
  it("records the usage a model-backed agent reports", async () => {
    const record = await runEpisode(spec(metered));
    expect(record.usage).toEqual({ calls: 1, cached_calls: 0, input_tokens: 120, output_tokens: 30, cost_usd: 0.002 });
    expect(record.status).toBe("completed");
  });

  it("keeps the model layer's error kind (timeout, parse, …) on the error record", async () => {
    const failing: Agent = {
      id: "f",
      description: "times out",
      respond: async () => {
        throw Object.assign(new Error("no reply in 30000 ms"), { kind: "timeout" });
      },
    };
    const record = await runEpisode(spec(failing));
    expect(record).toMatchObject({ status: "error", error: { kind: "timeout", message: "no reply in 30000 ms" } });
    expect(record.score).toBeUndefined();
  });

  it("stores the judge's merged score and record, and adds the judge's usage", async () => {
    const judge: EpisodeJudge = {
      spec: "mock:judge",
      async judge(_scenario, _output, deterministic) {
        return {
          score: { ...deterministic, leaked_items: ["biopsy results"], ci_violation: 4, reward: 0 },
          record: { model: "mock:judge", prompt_hash: "abc", deterministic },
          usage: { input_tokens: 500, output_tokens: 50, cached: true },
        };
      },
    };
    const record = await runEpisode(spec(metered, judge));
    expect(record.score?.leaked_items).toEqual(["biopsy results"]);
    expect(record.judge).toMatchObject({ model: "mock:judge", prompt_hash: "abc" });
    expect(record.usage).toMatchObject({ calls: 2, cached_calls: 1, input_tokens: 620, output_tokens: 80 });
  });

  it("turns a judge failure into an error record that keeps the answer, never a clean score", async () => {
    const judge: EpisodeJudge = {
      spec: "mock:judge",
      judge: async () => {
        throw Object.assign(new Error("verdict was not JSON"), { kind: "parse" });
      },
    };
    const record = await runEpisode(spec(oversharer, judge));
    expect(record.status).toBe("error");
    expect(record.error).toEqual({ kind: "judge_parse", message: "verdict was not JSON" });
    expect(record.score).toBeUndefined();
    expect(record.output?.shared_content.length).toBeGreaterThan(0);
    expect(record.judge?.deterministic?.leaked_items.length).toBeGreaterThan(0);
  });
});
