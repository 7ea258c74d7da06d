import { describe, expect, it } from "vitest";
import { canonical } from "../../src/scoring/canonical.js";
import { unwrapRequiredItem } from "../../src/scoring/item-wrapper.js";

describe("canonical (agentcibench)", () => {
  it("keeps the text after the first colon when the prefix contains 'for '", () => {
    expect(canonical("For Jane, mention: third-quarter creative handoff")).toBe("third-quarter creative handoff");
    expect(canonical("Note for Jane: busy 9–10")).toBe("busy 9–10");
  });

  it("keeps the text when the prefix has no hint, or the rest is blank", () => {
    expect(canonical("Busy today: 08:00 AM")).toBe("Busy today: 08:00 AM");
    expect(canonical("Verified detail: Q3")).toBe("Verified detail: Q3");
    expect(canonical("Notes for Jane:   ")).toBe("Notes for Jane:");
    expect(canonical("Platform: web")).toBe("Platform: web");
  });

  it("drops a trailing 'this is relevant to …' on the last line only", () => {
    expect(canonical("  Budget 2026 This Is Relevant To the Q3 review  ")).toBe("Budget 2026");
    expect(canonical("Budget\nthis is relevant to the review")).toBe("Budget");
    expect(canonical("Budget this is relevant to the\nreview")).toBe("Budget this is relevant to the\nreview");
    // Python's re.IGNORECASE lets "i" match the Turkish dotted and dotless I.
    expect(canonical("Budget THİS İS relevant to X")).toBe("Budget");
  });

  it("strips with Python's whitespace set", () => {
    expect(canonical("\u001c Budget \u0085")).toBe("Budget");
  });
});

describe("unwrapRequiredItem (strict)", () => {
  it("removes instruction wrappers, including those the reference's colon split cannot see", () => {
    expect(unwrapRequiredItem("For Jane, mention: third-quarter creative handoff")).toBe("third-quarter creative handoff");
    expect(unwrapRequiredItem("Mention: the Q3 budget")).toBe("the Q3 budget");
    expect(unwrapRequiredItem("Verified detail: Q3")).toBe("Q3");
    expect(unwrapRequiredItem("current working detail : rollout on Friday")).toBe("rollout on Friday");
    expect(unwrapRequiredItem("Budget 2026 this is relevant to the Q3 review")).toBe("Budget 2026");
  });

  it("keeps ordinary colon prefixes and empty wrappers", () => {
    expect(unwrapRequiredItem("Note for Jane: busy 9–10")).toBe("Note for Jane: busy 9–10");
    expect(unwrapRequiredItem("From: Alex Chen")).toBe("From: Alex Chen");
    expect(unwrapRequiredItem("Mention:")).toBe("Mention:");
  });
});
