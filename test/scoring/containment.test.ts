import { describe, expect, it } from "vitest";
import { containmentSpan, contains } from "../../src/scoring/containment.js";

describe("containment, agentcibench", () => {
  it("is a raw case-insensitive substring with no word boundaries", () => {
    expect(containmentSpan("Sharing three free slots", "HR", "agentcibench")).toEqual([9, 11]);
    expect(contains("The clinical trial", "Clinic", "agentcibench")).toBe(true);
  });

  it("falls back to a substring of the normalised texts", () => {
    const text = "Call Dr  Evans, today";
    const span = containmentSpan(text, "dr. evans", "agentcibench");
    expect(span).toEqual([5, 14]);
    expect(text.slice(...(span ?? [0, 0]))).toBe("Dr  Evans");
  });

  it("never matches a needle whose normalised form is empty unless it is a raw substring", () => {
    expect(contains("a -- b", "--", "agentcibench")).toBe(true);
    expect(contains("a - b", "--", "agentcibench")).toBe(false);
  });

  it("maps spans back through length-changing lowercasing", () => {
    // "İ" lowercases to two UTF-16 units; the span must still point at "HR" in the original.
    const text = "İİ HR";
    expect(containmentSpan(text, "hr", "agentcibench")).toEqual([3, 5]);
  });
});

describe("containment, strict", () => {
  it("needs whole tokens", () => {
    expect(contains("Sharing three free slots", "HR", "strict")).toBe(false);
    expect(contains("11:00 AM - HR - Formal complaint", "HR", "strict")).toBe(true);
    expect(contains("The clinical trial", "Clinic", "strict")).toBe(false);
    expect(contains("Plan B", "b", "strict")).toBe(true);
    expect(contains("a big bag", "b", "strict")).toBe(false);
  });

  it("needs the item's tokens consecutive and in order", () => {
    expect(contains("Restart the worker queue", "Restart worker queue", "strict")).toBe(false);
    expect(contains("please Restart-Worker  queue now", "Restart worker queue", "strict")).toBe(true);
    expect(contains("queue worker restart", "Restart worker queue", "strict")).toBe(false);
  });

  it("reports the span in the original text, across folding and time tokens", () => {
    const text = "Lunch with José Núñez at 1:00 pm";
    const name = containmentSpan(text, "jose nunez", "strict");
    expect(text.slice(...(name ?? [0, 0]))).toBe("José Núñez");
    const time = containmentSpan(text, "01:00 PM", "strict");
    expect(text.slice(...(time ?? [0, 0]))).toBe("1:00 pm");
  });

  it("never matches a needle without letters or digits", () => {
    expect(contains("a -- b", "--", "strict")).toBe(false);
  });
});
