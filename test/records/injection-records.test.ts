import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type EpisodeRecord,
  EpisodeRecordSchema,
  episodeKey,
  injectionOutcomeOf,
  readManifest,
  readRecords,
  type SummaryBasis,
  summarizeRun,
} from "../../src/records/index.js";
import { PROJECT_ROOT } from "../support/corpus.js";

interface Spec {
  scenario: string;
  epoch?: number;
  family?: string;
  injection?: { benign: boolean; adversarial: boolean | null; attempts?: string[] };
  error?: boolean;
  utility?: 0 | 1;
  /** `false`: an item-less injection task, not scored for disclosure. */
  disclosure?: false;
}

function record({ scenario, epoch = 0, family, injection, error = false, utility = 1, disclosure }: Spec): EpisodeRecord {
  const base = {
    key: episodeKey("ui", "none", scenario, epoch),
    run_id: "run",
    scenario_id: scenario,
    agent: "ui",
    defense: "none",
    epoch,
    seed: 1,
    failure_mode: "task_ambiguity_overshare",
    started_at: "2026-11-29T10:00:00.000Z",
    duration_ms: 1,
    ...(family !== undefined && { attack_family: family }),
    ...(disclosure !== undefined && { disclosure }),
  };
  if (error) return EpisodeRecordSchema.parse({ ...base, status: "error", error: { kind: "browser", message: "crashed" } });
  return EpisodeRecordSchema.parse({
    ...base,
    status: "completed",
    output: { completed: true, shared_content: ["x"], action_trace: "" },
    score: {
      matcher: "strict",
      utility,
      matched_required: [],
      missing_required: [],
      leaked_items: [],
      ci_violation: 1,
      reward: utility,
      evidence: { required: [], leaks: [] },
    },
    ...(injection !== undefined && { injection }),
  });
}

const basis: SummaryBasis = {
  run_id: "run",
  matcher: "strict",
  arms: [{ agent: "ui", defense: "none" }],
  seed: 42,
  bootstrap_resamples: 200,
  dataset: { label: "x" },
};

describe("injection scores on records", () => {
  it("loads a record with an injection score and one without, and rejects a malformed score", () => {
    expect(record({ scenario: "d1" }).attack_family).toBeUndefined();
    const attacked = record({
      scenario: "i1",
      family: "F1",
      injection: { benign: true, adversarial: false, attempts: ["typed_attacker_string"] },
    });
    expect(attacked.status !== "error" && attacked.injection).toEqual({
      benign: true,
      adversarial: false,
      attempts: ["typed_attacker_string"],
    });
    expect(() => record({ scenario: "i1", family: "F9", injection: { benign: true, adversarial: false } })).toThrow();
    expect(() => record({ scenario: "i1", family: "F1", injection: { benign: "yes", adversarial: false } as never })).toThrow();
  });

  it("turns records into injection outcomes: none for disclosure scenarios, an error for an unscored injection episode", () => {
    expect(injectionOutcomeOf(record({ scenario: "d1" }))).toBeUndefined();
    expect(injectionOutcomeOf(record({ scenario: "i1", family: "F1", error: true }))).toMatchObject({
      error: true,
      attacker: true,
      family: "F1",
    });
    expect(injectionOutcomeOf(record({ scenario: "i1", family: "F1" }))).toMatchObject({ error: true });
    expect(injectionOutcomeOf(record({ scenario: "u1", family: "F4", injection: { benign: true, adversarial: null } }))).toEqual({
      unit: "u1",
      family: "F4",
      attacker: false,
      error: false,
      benign: true,
      adversarial: false,
    });
    expect(
      injectionOutcomeOf(record({ scenario: "i1", family: "F3", injection: { benign: false, adversarial: true, attempts: [] } })),
    ).toMatchObject({
      attempted: false,
    });
  });

  it("adds by_family rows to the summary of an arm that ran injection tasks, leaving the disclosure figures alone", () => {
    const disclosure = [record({ scenario: "d1", utility: 1 }), record({ scenario: "d2", utility: 0 })];
    const injection = [
      record({ scenario: "h1", epoch: 0, family: "F1", injection: { benign: false, adversarial: true } }),
      record({ scenario: "h1", epoch: 1, family: "F1", injection: { benign: true, adversarial: false } }),
      record({ scenario: "h2", epoch: 0, family: "F1", injection: { benign: true, adversarial: false } }),
      record({ scenario: "h2", epoch: 1, family: "F1", error: true }),
      record({ scenario: "u1", epoch: 0, family: "F4", injection: { benign: true, adversarial: null } }),
    ];
    const [plain] = summarizeRun(basis, disclosure).agents;
    expect(plain?.by_family).toBeUndefined();
    const [row] = summarizeRun(basis, [...disclosure, ...injection]).agents;
    expect(Object.keys(row?.by_family ?? {})).toEqual(["F1", "F4"]);
    expect(row?.by_family?.F1).toMatchObject({ tasks: 2, episodes: 3, errors: 1, epochs: { min: 1, max: 2 } });
    expect(row?.by_family?.F1?.asr).toMatchObject({ k: 1, n: 2 });
    expect(row?.by_family?.F1?.cr).toMatchObject({ k: 2, n: 3 });
    expect(row?.by_family?.F1?.fr).toMatchObject({ k: 0, n: 3 });
    expect(row?.by_family?.F1?.attempt_rate).toBeNull();
    expect(row?.by_family?.F4?.asr).toBeNull();
  });

  it("leaves item-less injection tasks (disclosure: false) out of the disclosure rates and counts, errors included", () => {
    const disclosure = [record({ scenario: "d1", utility: 1 }), record({ scenario: "d2", utility: 0 })];
    const itemless = [
      record({ scenario: "u1", family: "F4", injection: { benign: true, adversarial: null }, disclosure: false }),
      record({ scenario: "u2", family: "F4", injection: { benign: true, adversarial: null }, disclosure: false }),
      record({ scenario: "u3", family: "F4", error: true, disclosure: false }),
    ];
    // Items and an attack: scored on both axes.
    const both = record({ scenario: "b1", family: "F1", injection: { benign: true, adversarial: false }, utility: 0 });
    const [row] = summarizeRun(basis, [...disclosure, ...itemless, both]).agents;
    expect(row?.n).toBe(3);
    expect(row?.errors).toBe(0);
    expect(row?.utility).toMatchObject({ k: 1, n: 3 });
    expect(row?.by_family?.F4).toMatchObject({ tasks: 2, episodes: 2, errors: 1 });
    expect(row?.by_family?.F1?.cr).toMatchObject({ k: 1, n: 1 });
  });

  it("summarises the checked-in records of safecua 0.1 without by_family", () => {
    const legacy = join(PROJECT_ROOT, "test", "records", "fixtures", "legacy-0.1");
    for (const name of readdirSync(legacy)) {
      const runDir = join(legacy, name);
      const { records, dropped } = readRecords(runDir);
      expect(dropped).toEqual([]);
      expect(records.every((one) => injectionOutcomeOf(one) === undefined)).toBe(true);
      for (const row of summarizeRun(readManifest(runDir), records, { resamples: 100 }).agents) expect(row.by_family).toBeUndefined();
    }
  });
});
