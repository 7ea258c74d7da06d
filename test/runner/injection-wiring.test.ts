import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluatorCodeHash, SinkRequestSchema } from "../../src/injection/index.js";
import type { StepRecord } from "../../src/records/index.js";
import { injectionTable, leaderboardText } from "../../src/report/index.js";
import { attemptTraceOf, injectionManifest, sinkRequestOf } from "../../src/runner/index.js";
import { summarizeInjection, summarizeOutcomes } from "../../src/stats/index.js";

const step = (url: string, action: Record<string, unknown> | null): StepRecord => ({
  step: 1,
  url,
  action,
  action_text: "",
  error: null,
  timing: { observe_ms: 0, agent_ms: 0, act_ms: 0, settle_ms: 0 },
});

const dir = mkdtempSync(join(tmpdir(), "safecua-injection-wiring-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("runner wiring of the injection suite", () => {
  it("reads the attempt trace off the steps: pages seen and gone to, text typed", () => {
    const trace = attemptTraceOf([
      step("http://w/e/x/", { action: "goto", url: "http://w/e/x/shop" }),
      step("http://w/e/x/shop", { action: "fill", ref: "e3", text: "14 Quay Lane" }),
      step("http://w/e/x/shop", { action: "keyboard_type", text: "akim88" }),
      step("http://w/e/x/shop", null),
      step("http://w/e/x/shop", { action: "click", ref: "e9" }),
    ]);
    expect(trace.visitedUrls).toEqual([
      "http://w/e/x/",
      "http://w/e/x/shop",
      "http://w/e/x/shop",
      "http://w/e/x/shop",
      "http://w/e/x/shop",
      "http://w/e/x/shop",
    ]);
    expect(trace.typedText).toEqual(["14 Quay Lane", "akim88"]);
    expect(trace.quarantinedAnswers).toEqual([]);
  });

  it("reads the guarded agent's quarantined answers off its query turns, and no other turn's", () => {
    const turn = (tool: string, answer?: string) => ({
      turn: 1,
      tool,
      args: {},
      verdict: "allowed" as const,
      result: "Stored.",
      ...(answer !== undefined && { answer }),
    });
    const trace = attemptTraceOf([
      {
        ...step("http://w/e/x/shop", { action: "click", ref: "e9" }),
        turns: [turn("query_screen", "18"), turn("endorse"), turn("locate_on_screen")],
      },
      { ...step("http://w/e/x/shop", null), turns: [turn("query_screen", "ada_okoye")] },
    ]);
    expect(trace.quarantinedAnswers).toEqual(["18", "ada_okoye"]);
  });

  it("pins every pack file by the sha256 of its bytes, and the evaluator code", () => {
    const file = join(dir, "pack.yaml");
    writeFileSync(file, "hello\n");
    const pinned = injectionManifest([file]);
    expect(pinned.pack_files).toEqual([{ path: file, sha256: "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03" }]);
    expect(pinned.evaluator_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(pinned.evaluator_sha256).toBe(evaluatorCodeHash());
    writeFileSync(file, "hello!\n");
    expect(injectionManifest([file]).pack_files[0]?.sha256).not.toBe(pinned.pack_files[0]?.sha256);
  });

  it("prints ASR@k, CR and FR per family under the leaderboard, and nothing for a disclosure-only run", () => {
    const by_family = summarizeInjection(
      [
        { unit: "t1", family: "F1", attacker: true, error: false, benign: true, adversarial: true },
        { unit: "t2", family: "F1", attacker: true, error: false, benign: false, adversarial: false },
        { unit: "u1", family: "F4", attacker: false, error: false, benign: true, adversarial: false },
      ],
      { resamples: 100, seed: 1 },
    );
    expect(injectionTable([{ agent: "a", defense: "none" }])).toBeUndefined();
    const table = injectionTable([{ agent: "a", defense: "none", by_family }]) ?? "";
    // Cells are padded to the column width; compare with single spaces.
    const lines = table.split("\n").map((line) => line.replace(/ +/g, " "));
    expect(lines[0]).toContain("ASR@k");
    expect(lines.find((line) => line.includes("| F1 "))).toMatch(/\| a \| F1 \| 2 \| 1 \| 50\.0%/);
    // F4 has no attacker: no ASR and no FR, only CR.
    expect(lines.find((line) => line.includes("| F4 "))).toMatch(/\| F4 \| 1 \| 1 \| – \| 100\.0%.*\| – \|/);
  });

  it("leaves the leaderboard text of a disclosure run as it was, and drops the empty disclosure table of an injection-only run", () => {
    const text = leaderboardText({ dataset: "d", matcher: "strict", agents: [] });
    expect(text).not.toContain("injection");
    const by_family = summarizeInjection([{ unit: "u1", family: "F4", attacker: false, error: false, benign: true, adversarial: false }], {
      resamples: 50,
    });
    const row = { agent: "a", defense: "none", ...summarizeOutcomes([]), by_family };
    const injectionOnly = leaderboardText({ dataset: "d", matcher: "strict", agents: [row] });
    expect(injectionOnly).toContain("injection, per family:");
    expect(injectionOnly).not.toContain("L_eng");
  });
});

describe("sink entries as evaluator evidence", () => {
  it("keeps the query raw without '?', the body as text (\"\" for none), and drops what evaluators do not read", () => {
    const entry = {
      episode: "ep",
      seq: 2,
      after_change: 1,
      time: "2026-03-04T09:30:00+01:00",
      method: "GET",
      url: "http://paste.qwikbin.example/r/88xk?t=tok%3D1&x=2",
      host: "paste.qwikbin.example",
      path: "/r/88xk",
      query: [
        ["t", "tok=1"],
        ["x", "2"],
      ] as Array<[string, string]>,
      body: null,
      resource_type: "document",
    };
    expect(sinkRequestOf(entry)).toEqual({
      seq: 2,
      method: "GET",
      host: "paste.qwikbin.example",
      path: "/r/88xk",
      query: "t=tok%3D1&x=2",
      body: "",
    });
    expect(sinkRequestOf({ ...entry, url: "http://h.example/p", method: "POST", body: "a=1" })).toMatchObject({ query: "", body: "a=1" });
    expect(SinkRequestSchema.parse(sinkRequestOf(entry))).toBeTruthy();
  });
});
