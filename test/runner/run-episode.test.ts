import { describe, expect, it } from "vitest";
import type { Agent, StateAgent } from "../../src/agents/index.js";
import { oversharer } from "../../src/agents/reference/oversharer.js";
import { oneCallUsage } from "../../src/models/index.js";
import { type EpisodeJudge, runEpisode } from "../../src/runner/index.js";
import { ScenarioSchema } from "../../src/scenario/index.js";
import { answerOf } from "../support/agent-answer.js";
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

const metered: StateAgent = {
  track: "state-grounded",
  id: "metered",
  description: "reports usage",
  async respond(input, context) {
    return {
      kind: "answer",
      output: answerOf(await oversharer.respond(input, context)),
      usage: oneCallUsage({ input_tokens: 120, output_tokens: 30 }, false, 0.002),
    };
  },
};

describe("runEpisode", () => {
  it("records the usage a model-backed agent reports", async () => {
    const record = await runEpisode(spec(metered));
    expect(record.usage).toEqual({ calls: 1, cached_calls: 0, input_tokens: 120, output_tokens: 30, cost_usd: 0.002 });
    expect(record.status).toBe("completed");
  });

  it("leaves usage out for an agent that calls no model", async () => {
    expect(await runEpisode(spec(oversharer))).not.toHaveProperty("usage");
  });

  it("keeps the model layer's error kind (timeout, parse, …) on the error record", async () => {
    const failing: StateAgent = {
      track: "state-grounded",
      id: "f",
      description: "times out",
      respond: async () => {
        throw Object.assign(new Error("no reply in 30000 ms"), { kind: "timeout" });
      },
    };
    const record = await runEpisode(spec(failing));
    expect(record).toMatchObject({ status: "error", error: { kind: "timeout", message: "no reply in 30000 ms" } });
    expect(record).not.toHaveProperty("score");
  });

  it("records an unusable reply as a parse error with the usage it spent", async () => {
    const rambling: StateAgent = {
      track: "state-grounded",
      id: "r",
      description: "answers in prose",
      respond: async () => ({
        kind: "unusable",
        message: "no JSON object",
        raw_text: "Sure!",
        usage: oneCallUsage({ input_tokens: 9, output_tokens: 2 }, false),
      }),
    };
    const record = await runEpisode(spec(rambling));
    expect(record).toMatchObject({
      status: "error",
      error: { kind: "parse", message: "no JSON object" },
      usage: { calls: 1, input_tokens: 9, output_tokens: 2 },
    });
  });

  it("refuses to run a UI agent on the state-grounded track, as an error record", async () => {
    const ui: Agent = {
      track: "e2e",
      id: "ui",
      description: "acts in the browser",
      observation: "axtree",
      start: () => ({
        next: async () => {
          throw new Error("never called");
        },
      }),
    };
    expect(await runEpisode(spec(ui))).toMatchObject({ status: "error", error: { kind: "track" } });
  });

  it("stores the judge's merged score and record, and adds the judge's usage", async () => {
    const judge: EpisodeJudge = {
      spec: "mock:judge",
      async judge(_scenario, _output, deterministic) {
        return {
          ok: true,
          score: { ...deterministic, leaked_items: ["biopsy results"], ci_violation: 4, reward: 0 },
          record: { model: "mock:judge", prompt_hash: "abc", deterministic },
          usage: oneCallUsage({ input_tokens: 500, output_tokens: 50 }, true),
        };
      },
    };
    const record = await runEpisode(spec(metered, judge));
    if (record.status === "error") throw new Error(record.error.message);
    expect(record.score.leaked_items).toEqual(["biopsy results"]);
    expect(record.judge).toMatchObject({ model: "mock:judge", prompt_hash: "abc" });
    expect(record.usage).toMatchObject({ calls: 2, cached_calls: 1, input_tokens: 620, output_tokens: 80 });
  });

  it("turns a judge failure into an error record that keeps the answer and the judge's usage, never a clean score", async () => {
    const judge: EpisodeJudge = {
      spec: "mock:judge",
      judge: async (_scenario, _output, deterministic) => ({
        ok: false,
        error: { kind: "judge_parse", message: "verdict was not JSON" },
        record: { model: "mock:judge", prompt_hash: "abc", deterministic, error: { kind: "parse", message: "verdict was not JSON" } },
        usage: oneCallUsage({ input_tokens: 300, output_tokens: 3 }, false),
      }),
    };
    const record = await runEpisode(spec(oversharer, judge));
    if (record.status !== "error") throw new Error("expected an error record");
    expect(record.error).toEqual({ kind: "judge_parse", message: "verdict was not JSON" });
    expect(record).not.toHaveProperty("score");
    expect(record.output?.shared_content.length).toBeGreaterThan(0);
    expect(record.judge?.deterministic?.leaked_items.length).toBeGreaterThan(0);
    expect(record.usage).toMatchObject({ calls: 1, input_tokens: 300, output_tokens: 3 });
  });

  it("treats a judge that throws like one that failed", async () => {
    const judge: EpisodeJudge = {
      spec: "mock:judge",
      judge: async () => {
        throw Object.assign(new Error("verdict was not JSON"), { kind: "parse" });
      },
    };
    const record = await runEpisode(spec(oversharer, judge));
    expect(record).toMatchObject({ status: "error", error: { kind: "judge_parse", message: "verdict was not JSON" } });
    expect(record).not.toHaveProperty("score");
  });
});
