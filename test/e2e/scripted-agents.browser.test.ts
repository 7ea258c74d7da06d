/**
 * The scripted UI agents (oversharer, minimal, refuser) run end-to-end episodes in Chromium on one
 * built-in scenario per channel: they finish, every step is recorded with its screenshot, the
 * artifacts are exactly what they typed, and the records score exactly as the state-grounded track
 * scores the same content.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Agent, answered, UI_REFERENCE_AGENTS } from "../../src/agents/index.js";
import { minimal } from "../../src/agents/reference/minimal.js";
import { oversharer } from "../../src/agents/reference/oversharer.js";
import type { EpisodeRecord } from "../../src/records/index.js";
import { type RunResult, runEpisode } from "../../src/runner/index.js";
import { BUILTIN_PACK_DIR, loadScenarios, type Scenario } from "../../src/scenario/index.js";
import { scoreOutput } from "../../src/scoring/index.js";
import { scored } from "../support/records.js";
import { sharedBrowser } from "../support/shared-browser.js";
import { startE2eRun } from "./support/start-e2e-run.js";

/** One scenario per output channel. */
const PICKED = [
  "calendar-avail-001-ferrobanco-kickoff", // message
  "calendar-avail-002-tobias-checkin-invite", // calendar_event
  "calendar-avail-004-design-pto-list", // todo_item
  "community-001-food-drive-donations", // note
  "maps-eta-001-docklands-site-route", // route_share
  "eng-collab-001-kwame-compose-file", // file
  "shop-proc-005-lab-supplies-approval", // order
];

const { scenarios: all } = await loadScenarios([BUILTIN_PACK_DIR]);
const scenarios = PICKED.map((id) => all.find((scenario) => scenario.id === id) as Scenario);
const byId = new Map(scenarios.map((scenario) => [scenario.id, scenario]));

let browser: Browser;
let run: RunResult;
// The run folder lives for the whole file (tempDir() is cleaned after each test).
const out = mkdtempSync(join(tmpdir(), "safecua-e2e-scripted-"));
beforeAll(async () => {
  browser = await sharedBrowser("workspace");
  run = await startE2eRun({
    scenarios,
    arms: UI_REFERENCE_AGENTS.map((agent) => ({ agent, defense: "none" })),
    seed: 42,
    concurrency: 2,
    outDir: out,
    browser,
  });
}, 600_000);
afterAll(async () => {
  await browser?.close();
  rmSync(out, { recursive: true, force: true });
});

const recordsOf = (agent: string) => run.records.filter((record) => record.agent === agent);

describe("scripted UI agents end to end", { timeout: 120_000 }, () => {
  it("every episode ends by the agent's own finish or refusal, never by the budget or an error", () => {
    expect(scenarios.every(Boolean)).toBe(true);
    expect(run.records).toHaveLength(21);
    for (const record of run.records)
      expect([record.key, record.status]).toEqual([record.key, expect.stringMatching(/^(completed|refused)$/)]);
    // The oversharer emits the expected artifact in every channel; the refuser declines at step 1.
    for (const record of recordsOf("oversharer"))
      expect([record.scenario_id, record.output?.completed]).toEqual([record.scenario_id, true]);
    for (const record of recordsOf("refuser"))
      expect(record).toMatchObject({ status: "refused", steps: [{ action: { action: "report_infeasible" } }] });
    expect(run.manifest).toMatchObject({ track: "e2e", e2e: { max_steps: 20, observation: "axtree" } });
  });

  it("records every step with its action, timing and a content-addressed screenshot in the run folder", () => {
    for (const record of run.records) {
      const steps = record.steps ?? [];
      expect(steps.length).toBeGreaterThan(0);
      expect(steps.map((step) => step.step)).toEqual(steps.map((_, index) => index + 1));
      for (const step of steps) {
        expect(step.screenshot).toMatch(/^screenshots\/[0-9a-f]{64}\.jpg$/);
        const bytes = readFileSync(join(run.runDir, step.screenshot as string));
        expect(`screenshots/${createHash("sha256").update(bytes).digest("hex")}.jpg`).toBe(step.screenshot);
        expect(step.timing.observe_ms).toBeGreaterThan(0);
      }
      expect(steps.at(-1)?.action?.action).toMatch(/^(finish|report_infeasible)$/);
    }
  });

  it("reads artifacts exactly: a message's shared content is the text the agent typed, byte for byte", () => {
    const record = recordsOf("oversharer").find(
      (candidate) => candidate.scenario_id === "calendar-avail-001-ferrobanco-kickoff",
    ) as EpisodeRecord;
    const typed = (record.steps ?? []).filter((step) => step.action?.action === "fill").map((step) => step.action?.text);
    expect(record.output?.shared_content).toEqual([typed.at(-1)]);
    expect((typed.at(-1) as string).split("\n").length).toBeGreaterThan(3);
  });

  it("scores exactly as the state-grounded track scores the same content", async () => {
    for (const record of run.records) {
      const scenario = byId.get(record.scenario_id) as Scenario;
      const output = record.output!;
      expect(scoreOutput({ must_share: scenario.must_share, must_not_share: scenario.must_not_share }, output, "strict")).toEqual(
        scored(record).score,
      );
      const replay: Agent = {
        track: "state-grounded",
        id: record.agent,
        description: "replays the e2e output",
        respond: async () => answered(output),
      };
      const stateGrounded = await runEpisode({
        runId: "replay",
        scenario,
        agent: replay,
        defense: "none",
        epoch: 0,
        seed: 1,
        matcher: "strict",
      });
      expect(scored(stateGrounded).score).toEqual(scored(record).score);
      expect(stateGrounded.status).toBe(record.status);
    }
  });

  it("behaves like the state-grounded namesakes (printed), and keeps the controls in order", async () => {
    let agree = 0;
    let total = 0;
    for (const agent of [oversharer, minimal]) {
      for (const record of recordsOf(agent.id)) {
        const scenario = byId.get(record.scenario_id) as Scenario;
        const reference = await runEpisode({ runId: "reference", scenario, agent, defense: "none", epoch: 0, seed: 1, matcher: "strict" });
        const same =
          scored(reference).score.utility === scored(record).score.utility &&
          (scored(reference).score.leaked_items.length ?? 0) > 0 === (scored(record).score.leaked_items.length ?? 0) > 0;
        total += 1;
        if (same) agree += 1;
      }
    }
    console.info(`[e2e] scripted UI agents agree with their state-grounded namesakes on utility and leak in ${agree} of ${total} episodes`);
    const leaks = (agent: string) => recordsOf(agent).filter((record) => (scored(record).score.leaked_items.length ?? 0) > 0).length;
    expect(leaks("oversharer")).toBeGreaterThanOrEqual(leaks("minimal"));
    expect(leaks("refuser")).toBe(0);
    expect(agree).toBeGreaterThanOrEqual(Math.ceil(total / 2));
  });
});
