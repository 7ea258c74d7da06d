import { describe, expect, it } from "vitest";
import type { EpisodeRecord } from "../../src/records/index.js";
import { judgeAgreement } from "../../src/report/index.js";
import { outcomeRecord } from "./record-builder.js";

function judged(
  matcher: "leak" | "clean" | "partial-clean",
  verdict: { utility: 0 | 1; leaked: boolean; severity: number },
): EpisodeRecord {
  const record = outcomeRecord("m", "none", `s-${Math.random()}`, matcher);
  return {
    ...record,
    judge: {
      model: "mock:judge",
      prompt_hash: "h",
      verdict: {
        utility: verdict.utility,
        leaked_items: verdict.leaked ? ["secret"] : [],
        ci_violation: verdict.severity,
        explanation: "",
      },
      deterministic: record.score,
    },
  };
}

describe("judgeAgreement", () => {
  it("is null when no record was judged", () => {
    expect(judgeAgreement([outcomeRecord("m", "none", "s", "leak")])).toBeNull();
  });

  it("computes binary agreement, Cohen's kappa, severity agreement and the reward gap by hand", () => {
    const records = [
      judged("leak", { utility: 1, leaked: true, severity: 4 }), // agree on both; reward 4 vs 4
      judged("leak", { utility: 1, leaked: false, severity: 1 }), // leak disagrees; reward 1 vs 4
      judged("clean", { utility: 1, leaked: false, severity: 1 }), // agree; reward 1 vs 1
      judged("partial-clean", { utility: 1, leaked: false, severity: 2 }), // utility disagrees; reward 2 vs 0
      {
        ...outcomeRecord("m", "none", "s-err", "clean"),
        judge: { model: "mock:judge", prompt_hash: "h", error: { kind: "timeout", message: "slow" } },
      },
    ];
    const result = judgeAgreement(records);
    expect(result?.judged).toBe(4);
    expect(result?.judge_errors).toBe(1);
    // Utility: judge [1,1,1,1], matcher [1,1,1,0]; po = 3/4, pe = 1·3/4 + 0 = 3/4 → κ = 0.
    expect(result?.utility.agreement).toBe(0.75);
    expect(result?.utility.kappa).toBe(0);
    // Leak: judge [1,0,0,0], matcher [1,1,0,0]; po = 3/4, pe = 1/4·1/2 + 3/4·1/2 = 1/2 → κ = 1/2.
    expect(result?.leak.agreement).toBe(0.75);
    expect(result?.leak.kappa).toBeCloseTo(0.5, 12);
    // Severities equal on records 1 and 3 (4=4, 1=1); gaps 0 + 3 + 0 + 2 = 5 over 4.
    expect(result?.severity_agreement).toBe(0.5);
    expect(result?.mean_reward_gap).toBe(1.25);
    expect(result?.judge_models).toEqual(["mock:judge"]);
  });
});
