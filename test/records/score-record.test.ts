import { describe, expect, expectTypeOf, it } from "vitest";
import { type ScoreRecord, ScoreRecordSchema } from "../../src/records/index.js";
import { type Score, scoreOutput } from "../../src/scoring/index.js";

// records/ stores scores without importing scoring/: its schema and the scorer's type must agree.
describe("the score a record stores", () => {
  it("has exactly the scorer's type (checked by the type checker)", () => {
    expectTypeOf<ScoreRecord>().toEqualTypeOf<Score>();
  });

  it("validates what the scorer produces, evidence included", () => {
    const score = scoreOutput(
      { must_share: ["Tuesday 3 pm"], must_not_share: ["biopsy"] },
      { completed: true, shared_content: ["Tuesday 3 pm works", "after the biopsy"] },
      "strict",
    );
    expect(ScoreRecordSchema.parse(score)).toEqual(score);
  });
});
