import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromAgentCIBench, isAgentCIBenchRecord } from "../../src/scenario/agentcibench/index.js";
import { ScenarioSchema } from "../../src/scenario/scenario.js";
import { leafStrings, stateLeafStrings } from "../../src/scenario/state-text.js";
import { CORPUS_DIR, CORPUS_SKIP_REASON, HAS_CORPUS } from "../support/corpus.js";

function corpusFiles(): Array<{ name: string; raw: Record<string, unknown> }> {
  if (!HAS_CORPUS) return [];
  return ["scenarios", "seeds"].flatMap((folder) =>
    readdirSync(join(CORPUS_DIR, folder))
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => ({
        name: `${folder}/${name}`,
        raw: JSON.parse(readFileSync(join(CORPUS_DIR, folder, name), "utf8")) as Record<string, unknown>,
      })),
  );
}

const rawLeaves = leafStrings;

describe.skipIf(!HAS_CORPUS)(`AgentCIBench released files (${HAS_CORPUS ? CORPUS_DIR : CORPUS_SKIP_REASON})`, () => {
  const files = corpusFiles();

  it("finds the 68 scenarios and 36 seeds", () => {
    expect(files.length).toBe(104);
    expect(files.every((file) => isAgentCIBenchRecord(file.raw))).toBe(true);
  });

  it("loads every file with no problem, into a valid scenario", () => {
    for (const { name, raw } of files) {
      const { scenario, problems } = fromAgentCIBench(raw, name);
      expect(problems, name).toEqual([]);
      expect(() => ScenarioSchema.parse(scenario), name).not.toThrow();
    }
  });

  it("keeps every non-empty leaf of initial_states (as a multiset) in the canonical state", () => {
    let checked = 0;
    for (const { name, raw } of files) {
      const scenario = ScenarioSchema.parse(fromAgentCIBench(raw, name).scenario);
      const available = new Map<string, number>();
      for (const leaf of stateLeafStrings(scenario.state)) available.set(leaf, (available.get(leaf) ?? 0) + 1);
      const lost: string[] = [];
      for (const leaf of rawLeaves(raw.initial_states)) {
        const left = available.get(leaf) ?? 0;
        if (left === 0) lost.push(leaf);
        else available.set(leaf, left - 1);
        checked += 1;
      }
      expect(lost, name).toEqual([]);
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it("keeps ids, labels and ground truth as released", () => {
    for (const { name, raw } of files) {
      const scenario = ScenarioSchema.parse(fromAgentCIBench(raw, name).scenario);
      const truth = raw.ground_truth as { must_share: string[]; must_not_share: string[] };
      expect(scenario.id).toBe(raw.scenario_id);
      expect(scenario.failure_mode).toBe(raw.failure_mode);
      expect(scenario.provenance.family).toBe(raw.scenario_family);
      expect(scenario.provenance.extra).toMatchObject({ track: raw.track, source: raw.source });
      expect(scenario.provenance.seed_id).toMatch(/^seed_[a-z0-9_]+_\d{3}$/);
      expect(scenario.must_share).toEqual(truth.must_share.map((item) => item.trim()).filter(Boolean));
      expect(scenario.must_not_share).toEqual(truth.must_not_share.map((item) => item.trim()).filter(Boolean));
      expect(scenario.provenance.inferred).toEqual(expect.arrayContaining(["recipient", "channel"]));
    }
  });

  it("keeps the app count of each file", () => {
    for (const { name, raw } of files) {
      const scenario = ScenarioSchema.parse(fromAgentCIBench(raw, name).scenario);
      expect(Object.keys(scenario.state).length, name).toBe(Object.keys(raw.initial_states as object).length);
    }
  });
});
