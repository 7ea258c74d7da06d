import { describe, expect, it } from "vitest";
import { ScoreRecordSchema } from "../../src/records/index.js";
import { scoreOutput } from "../../src/scoring/index.js";

// records/ stores the scorer's own schema (scoring/), so the two cannot drift apart; what remains to
// check is that what the scorer produces survives a record's validation unchanged.
describe("the score a record stores", () => {
  it("validates what the scorer produces, evidence included", () => {
    const score = scoreOutput(
      { must_share: ["Tuesday 3 pm"], must_not_share: ["biopsy"] },
      { completed: true, shared_content: ["Tuesday 3 pm works", "after the biopsy"] },
      "strict",
    );
    expect(score.evidence.required.length + score.evidence.leaks.length).toBeGreaterThan(0);
    expect(ScoreRecordSchema.parse(score)).toEqual(score);
  });

  it("refuses a score whose severity is not one of 1, 4, 5", () => {
    const score = scoreOutput({ must_share: ["a b c"], must_not_share: [] }, { completed: true, shared_content: ["a b c"] }, "strict");
    expect(() => ScoreRecordSchema.parse({ ...score, ci_violation: 3 })).toThrow();
  });
});
