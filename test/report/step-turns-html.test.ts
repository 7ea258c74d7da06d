import { describe, expect, it } from "vitest";
import type { StepRecord, StepTurn } from "../../src/records/index.js";
import { escapeHtml } from "../../src/report/html-builder.js";
import { loadReportRun, renderHtmlReport } from "../../src/report/index.js";
import { recordHtml } from "../../src/report/record-html.js";
import type { ReportStep } from "../../src/report/report-run.js";
import { fixtureScenario } from "../support/scenario-fixture.js";
import { tempDir } from "../support/temp-dir.js";
import { answer, writeFixtureRun } from "./fixture-run.js";
import { outcomeRecord } from "./record-builder.js";
import { PIXEL_PNG, PLAIN_STEPS } from "./report-steps.js";
import { PAYLOADS, writeScreenshot } from "./standard-fixture.js";

const ROW = { id: "r0", label: "guarded [none]" };

/** Three turns of one step: a query, a refused click with hostile arguments, an endorsement that diverged. */
const TURNS: ReportStep["turns"] = [
  { turn: 1, tool: "query_screen", args: { question: "who is the manager?" }, verdict: "allowed", result: "stored as $manager" },
  {
    turn: 2,
    tool: "click",
    args: { target: PAYLOADS.script, note: PAYLOADS.quote },
    verdict: "refused",
    reason: "POINTER_ON_MASK",
    result: `refused: ${PAYLOADS.img}`,
    screenshot: { data_uri: PIXEL_PNG },
  },
  {
    turn: 3,
    tool: "endorse_by_crosscheck",
    args: { variable: "$manager" },
    verdict: "error",
    reason: "CROSSCHECK_FAILED",
    result: "the cross-check did not agree",
    endorsement: { variable: "$manager", route: "crosscheck", outcome: "diverged" },
  },
];

function renderedWithTurns(): string {
  const steps: ReportStep[] = [{ ...(PLAIN_STEPS[0] as ReportStep), turns: TURNS }, PLAIN_STEPS[1] as ReportStep];
  return recordHtml(outcomeRecord("guarded", "none", "s1", "clean"), ROW, steps).value;
}

describe("step turns in the report", () => {
  it("lists a step's turns in order with number, tool, verdict and reason code", () => {
    const out = renderedWithTurns();
    const positions = ["turn 1", "turn 2", "turn 3"].map((label) => out.indexOf(`<span class="turn-no">${label}</span>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(out).toContain("3 tool turns (1 refused, 1 error)");
    expect(out).toContain(
      '<code class="tool">query_screen</code> <code class="args">{&quot;question&quot;:&quot;who is the manager?&quot;}</code>',
    );
    for (const verdict of ["allowed", "refused", "error"]) {
      expect(out).toContain(`<li class="turn verdict-${verdict}">`);
      expect(out).toContain(`<span class="badge verdict-${verdict}">${verdict}</span>`);
    }
    expect(out).toContain('<code class="reason">POINTER_ON_MASK</code>');
    expect(out).toContain('<code class="reason">CROSSCHECK_FAILED</code>');
    expect(out).toContain("stored as $manager");
    expect(out).toContain('endorse <code>$manager</code> by crosscheck: <span class="badge outcome-diverged">diverged</span>');
  });

  it("shows the turns under their own step, after the step's action, and not under the next step", () => {
    const out = renderedWithTurns();
    const [first, second] = out.split('<li value="2">');
    expect(first).toContain('<ol class="turns">');
    expect(first?.indexOf("click(&quot;e12&quot;)")).toBeLessThan(first?.indexOf('<ol class="turns">') ?? -1);
    expect(second).not.toContain("turn-no");
  });

  it("escapes hostile arguments and results: no markup, no attribute break-out", () => {
    const out = renderedWithTurns();
    expect(out).toContain(escapeHtml(JSON.stringify({ target: PAYLOADS.script, note: PAYLOADS.quote })));
    expect(out).toContain(escapeHtml(`refused: ${PAYLOADS.img}`));
    expect(out).not.toContain("<script");
    expect(out).not.toContain('<img src="x"');
    expect(out).not.toContain('onfocus="');
    expect(out).not.toContain('" autofocus');
  });

  it("embeds a turn's masked screenshot the way a step's is embedded", () => {
    const out = renderedWithTurns();
    expect(out).toContain(
      `<details><summary>masked screenshot</summary><img alt="masked screenshot at turn 2" loading="lazy" src="${PIXEL_PNG}"></details>`,
    );
    expect(out.match(/<img /g)).toHaveLength(2);
  });

  it("adds no turn markup to a record whose steps have none", () => {
    const out = recordHtml(outcomeRecord("careless", "none", "s1", "leak"), ROW, PLAIN_STEPS).value;
    expect(out).not.toMatch(/turn/);
  });
});

function stepRecord(step: number, extra: Partial<StepRecord>): StepRecord {
  return {
    step,
    url: "http://127.0.0.1:1/todo",
    action: { name: "click", ref: "e1" },
    action_text: 'click("e1")',
    error: null,
    timing: { observe_ms: 1, agent_ms: 1, act_ms: 1, settle_ms: 1 },
    ...extra,
  };
}

/** A run folder with one end-to-end record: step 1 with turns (one screenshot inside the run folder, one outside), step 2 without. */
async function runWithTurns(): Promise<string> {
  const runsDir = `${tempDir("safecua-turns-")}/runs`;
  const runDir = `${runsDir}/20261201T100000Z-cccccc`;
  const screenshot = await writeScreenshot(runDir);
  const turns: StepTurn[] = [
    { turn: 1, tool: "query_screen", args: { question: "q" }, verdict: "allowed", result: "ok", screenshot },
    {
      turn: 2,
      tool: "click",
      args: { ref: "e1" },
      verdict: "refused",
      reason: "POINTER_ON_MASK",
      result: "refused",
      screenshot: "../../outside.png",
    },
  ];
  await writeFixtureRun(runsDir, {
    runId: "20261201T100000Z-cccccc",
    scenarios: [fixtureScenario()],
    episodes: [
      {
        agent: "guarded",
        scenario_id: "fixture-001-digest",
        output: answer("Finish the Q1 vendor cost comparison"),
        extra: { steps: [stepRecord(1, { turns }), stepRecord(2, {})] },
      },
    ],
  });
  return runDir;
}

describe("loading turns from a run folder", () => {
  it("reads a turn's screenshot from inside the run folder only, and keeps steps without turns as they were", async () => {
    const run = await loadReportRun(await runWithTurns());
    const [first, second] = [...(run.steps?.values() ?? [])][0] ?? [];
    expect(first?.turns?.map((turn) => turn.turn)).toEqual([1, 2]);
    expect(first?.turns?.[0]?.screenshot).toMatchObject({ data_uri: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(first?.turns?.[1]?.screenshot).toEqual({ missing: "../../outside.png (outside the run folder)" });
    expect(second).not.toHaveProperty("turns");
    const html = await renderHtmlReport([run]);
    expect(html).toContain('<img alt="masked screenshot at turn 1" loading="lazy" src="data:image/png;base64,');
    expect(html).toContain("screenshot not found: ../../outside.png (outside the run folder)");
  });

  it("leaves turn screenshots out when screenshots are off, like step screenshots", async () => {
    const run = await loadReportRun(await runWithTurns(), { screenshots: false });
    const turns = [...(run.steps?.values() ?? [])][0]?.[0]?.turns;
    expect(turns?.map((turn) => turn.screenshot)).toEqual([undefined, undefined]);
    expect(turns?.[1]).toMatchObject({ tool: "click", reason: "POINTER_ON_MASK" });
  });
});
