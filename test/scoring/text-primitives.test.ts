import { describe, expect, it } from "vitest";
import { analyseText, contentTokens, norm, STOPWORDS, stem } from "../../src/scoring/text-primitives.js";

describe("STOPWORDS", () => {
  it("is the reference's 21 words", () => {
    expect(STOPWORDS.size).toBe(21);
    for (const w of ["a", "an", "the", "with", "was", "that", "from"]) expect(STOPWORDS.has(w)).toBe(true);
    for (const w of ["not", "you", "me", "i"]) expect(STOPWORDS.has(w)).toBe(false);
  });
});

describe("stem", () => {
  it("drops a final s only from words longer than 3 that do not end in ss", () => {
    expect(stem("slots")).toBe("slot");
    expect(stem("couples")).toBe("couple");
    expect(stem("bus")).toBe("bus");
    expect(stem("class")).toBe("class");
    expect(stem("evans")).toBe("evan");
    expect(stem("running")).toBe("running");
  });
});

describe("norm", () => {
  it("agentcibench: lowercase, runs of [^a-z0-9] become one space, non-ASCII letters split words", () => {
    expect(norm("  Dr. Evans -- 08:00 AM!  ", "agentcibench")).toBe("dr evans 08 00 am");
    expect(norm("Café Núñez", "agentcibench")).toBe("caf n ez");
    expect(norm("¡¿…", "agentcibench")).toBe("");
  });

  it("strict: folds accents and compatibility forms, keeps Unicode letters, makes clock times one token", () => {
    expect(norm("Café Núñez", "strict")).toBe("cafe nunez");
    expect(norm("ﬁle ８ Straße ΟΔΟΣ", "strict")).toBe("file 8 strasse οδοσ");
    expect(norm("Zürich 東京", "strict")).toBe("zurich 東京");
    expect(norm("8 AM, 8:00am, 08:00 AM, 8.00 a.m., 08:00", "strict")).toBe("08h00 08h00 08h00 08h00 08h00");
    expect(norm("12 am / 12:30 PM / 2:30 pm / 14:30 / 23:59", "strict")).toBe("00h00 12h30 14h30 14h30 23h59");
  });

  it("strict: leaves non-times alone", () => {
    expect(norm("13 pm", "strict")).toBe("13 pm");
    expect(norm("10:30:15", "strict")).toBe("10 30 15");
    expect(norm("v3.8 release", "strict")).toBe("v3 8 release");
    expect(norm("8 amazing ideas", "strict")).toBe("8 amazing ideas");
    expect(norm("24:00 and 9:75", "strict")).toBe("24 00 and 9 75");
    expect(norm("room 1:1 with manager", "strict")).toBe("room 1 1 with manager");
  });

  it("defaults to strict", () => {
    expect(norm("Café")).toBe("cafe");
  });
});

describe("contentTokens", () => {
  it("agentcibench: stems, drops stopwords and one-character tokens (digits included)", () => {
    expect([...contentTokens("Jane's slots at Room 4 for the review", "agentcibench")].sort()).toEqual(["jane", "review", "room", "slot"]);
  });

  it("tests stopwords before stemming", () => {
    // "thes" is not a stopword, and its stem "the" is kept.
    expect([...contentTokens("thes", "agentcibench")]).toEqual(["the"]);
  });

  it("strict: keeps single digits and time tokens, still drops single letters", () => {
    expect([...contentTokens("Jane's Room 4 at 8 AM", "strict")].sort()).toEqual(["08h00", "4", "jane", "room"]);
  });
});

describe("analyseText", () => {
  it("strict tokens carry offsets into the original text, across folding", () => {
    const text = "Zoë at 8 AM";
    const tokens = analyseText(text, "strict").tokens ?? [];
    expect(tokens.map((t) => [t.text, text.slice(t.start, t.end)])).toEqual([
      ["zoe", "Zoë"],
      ["at", "at"],
      ["08h00", "8 AM"],
    ]);
  });

  it("strict offsets survive decomposed input and astral characters", () => {
    const text = "😀 Cafe\u0301 Rio";
    const tokens = analyseText(text, "strict").tokens ?? [];
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(["Cafe\u0301", "Rio"]);
    expect(tokens.map((t) => t.text)).toEqual(["cafe", "rio"]);
  });
});
