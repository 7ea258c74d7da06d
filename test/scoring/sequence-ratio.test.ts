import { describe, expect, it } from "vitest";
import { sequenceRatio } from "../../src/scoring/index.js";

// Expected values were computed with Python 3.11: difflib.SequenceMatcher(None, a, b[, autojunk]).ratio().
describe("sequenceRatio", () => {
  it("matches Python on short strings", () => {
    expect(sequenceRatio("hello world", "hallo world")).toBe(0.9090909090909091);
    expect(sequenceRatio("8:00 am", "08:00 am")).toBe(0.9333333333333333);
    expect(sequenceRatio("busy 8 00 am and 09 30 am", "08 00 am")).toBe(0.42424242424242425);
    expect(sequenceRatio("aaaaaaaaaa", "")).toBe(0);
  });

  it("counts code points, not UTF-16 units (Python: 12/13, not 12/14)", () => {
    expect(sequenceRatio("abc😀def", "abcdef")).toBe(0.9230769230769231);
  });

  it("applies autojunk when the second sequence has ≥ 200 elements, and only then", () => {
    const item =
      "draft reply let me know what times you are completely tied up tomorrow so i can find a window for our onboarding call here are my locked slots 09 00 am daily standup 11 30 am oncology dept biopsy consultation 01 00 pm couples counseling dr evans 03 00 pm code review with backend team";
    const copy =
      "draft reply let me know whxt times you are completely tied up tomorrow sox i can fixd a window for our onboarding caxl hexe are my locxed slots 09x 00 am daily staxdup 11 30 amx oncoxogy dept biopsy consultation 01x 00 pm couples counsxling dr evans 03 00 pm code review with bacxend team";
    expect(item.length).toBeGreaterThanOrEqual(200);
    expect(sequenceRatio(copy, item)).toBe(0.5874125874125874);
    expect(sequenceRatio(copy, item, { autojunk: false })).toBe(0.9615384615384616);
    // The heuristic looks at b only: with the long text as `a`, the short one as `b`, nothing is junk.
    expect(sequenceRatio(item, "draft reply")).toBe(0.07457627118644068);
    expect(sequenceRatio(item, "draft reply", { autojunk: false })).toBe(0.07457627118644068);
  });
});
