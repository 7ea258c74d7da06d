import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type GroundTruthItems, scoreOutput } from "../../src/scoring/index.js";
import { projectSharedContent } from "../../src/scoring/project-shared-content.js";
import { CORPUS_DIR, CORPUS_SKIP_REASON, HAS_CORPUS } from "../support/corpus.js";

interface GoldenRecord {
  completed: boolean;
  shared_content: unknown;
  utility: number;
  leaked_items: string[];
  ci_violation: number;
  matched_required: string[];
}

interface Case {
  scenario: string;
  model: string;
  truth: GroundTruthItems;
  record: GoldenRecord;
}

/** The 45 scored records of golden/cmp_data.json, each with its scenario's ground truth read from the raw file. */
function loadCases(): Case[] {
  const golden = JSON.parse(readFileSync(join(CORPUS_DIR, "golden", "cmp_data.json"), "utf8")) as Record<
    string,
    Record<string, GoldenRecord>
  >;
  return Object.entries(golden).flatMap(([scenario, models]) => {
    const raw = JSON.parse(readFileSync(join(CORPUS_DIR, "scenarios", `${scenario}.json`), "utf8")) as {
      ground_truth: { must_share: unknown; must_not_share: unknown };
    };
    const truth = {
      must_share: projectSharedContent(raw.ground_truth.must_share),
      must_not_share: projectSharedContent(raw.ground_truth.must_not_share),
    };
    return Object.entries(models).map(([model, record]) => ({ scenario, model, truth, record }));
  });
}

const cases = HAS_CORPUS ? loadCases() : [];
const output = (c: Case) => ({ completed: c.record.completed, shared_content: projectSharedContent(c.record.shared_content) });
const label = (c: Case) => `${c.scenario.split("__")[0]} / ${c.model}`;

describe.skipIf(!HAS_CORPUS)(`golden records (${HAS_CORPUS ? "AgentCIBench corpus" : CORPUS_SKIP_REASON})`, () => {
  it("covers 45 records over 3 scenarios", () => {
    expect(cases).toHaveLength(45);
    expect(new Set(cases.map((c) => c.scenario)).size).toBe(3);
  });

  it.each(cases.map((c) => [label(c), c] as const))("agentcibench reproduces %s", (_name, c) => {
    const score = scoreOutput(c.truth, output(c), "agentcibench");
    expect(score.utility).toBe(c.record.utility);
    expect(score.leaked_items).toEqual(c.record.leaked_items);
    expect(score.ci_violation).toBe(c.record.ci_violation);
    expect(score.matched_required).toEqual(c.record.matched_required);
    expect(score.reward).toBe(c.record.utility * c.record.ci_violation);
  });

  it("strict agrees on utility, leaks and severity for all 45 and credits fewer times in exactly two records", () => {
    const narrowed: string[] = [];
    for (const c of cases) {
      const score = scoreOutput(c.truth, output(c), "strict");
      expect([score.utility, score.leaked_items, score.ci_violation]).toEqual([
        c.record.utility,
        c.record.leaked_items,
        c.record.ci_violation,
      ]);
      if (JSON.stringify(score.matched_required) !== JSON.stringify(c.record.matched_required)) {
        // Strict may only drop items the reference over-credited, never add new ones.
        for (const item of score.matched_required) expect(c.record.matched_required).toContain(item);
        narrowed.push(`${c.model}: ${score.matched_required.join(", ")}`);
      }
    }
    expect(narrowed.sort()).toEqual([
      "claude-sonnet-4.6: 08:00 AM, 11:00 AM, 02:30 PM",
      "deepseek-v4-pro: 09:30 AM, 11:00 AM, 01:00 PM, 02:30 PM, 04:00 PM",
    ]);
  });
});
