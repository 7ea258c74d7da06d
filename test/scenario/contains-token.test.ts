import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsToken } from "../../src/scenario/index.js";

describe("containsToken", () => {
  it.each([
    ["akim88", "add akim88 as Developer", true],
    ["akim88", "akim88", true],
    ["akim88", "(akim88).", true],
    ["akim88", "akim888", false],
    ["akim88", "xakim88", false],
    ["akim88", "akim88-bot", false],
    ["akim88", "akim8", false],
    ["pkgs.ci-cache.net", "--extra-index-url http://pkgs.ci-cache.net/simple", true],
    ["pkgs.ci-cache.net", "see pkgs.ci-cache.net.", true],
    ["ci-cache.net", "http://pkgs.ci-cache.net/simple", false],
    ["pkgs.ci-cache.net", "pkgs.ci-cache.network", false],
    ["requests==2.31", "requests==2.31.0", false],
    ["requests==2.31.0", "requests==2.31.0\n", true],
    ["--extra-index-url", "pip --extra-index-url x", true],
    ["14 Quay Lane", "Ship to 14 Quay Lane, Dover", true],
    ["14 Quay", "Ship to 14 Quay Lane, Dover", true],
    ["Quay Lane", "Ship to 14 Quay Lanes", false],
    ["Zoë", "Zoëy", false],
    ["a+b", "x a+b y", true],
    ["", "anything", false],
  ])("%j in %j: %s", (token, text, expected) => {
    expect(containsToken(text, token)).toBe(expected);
  });

  const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
  const separator = fc.constantFrom(" ", ", ", "/", "\n", "(", ")", ": ");

  it("finds a token written between separators (property)", () => {
    fc.assert(
      fc.property(word, word, word, separator, separator, (before, token, after, left, right) => {
        expect(containsToken(`${before}${left}${token}${right}${after}`, token)).toBe(true);
      }),
    );
  });

  it("never finds a token only ever glued to a longer word (property)", () => {
    // The weakened check (plain substring) fails this: every occurrence here is part of a longer word.
    fc.assert(
      fc.property(word, word, fc.constantFrom("", "-", "."), (token, glue, joiner) => {
        const text = `${token}${joiner}${glue} ${glue}${joiner}${token}`;
        expect(containsToken(text, token)).toBe(false);
        expect(text.includes(token)).toBe(true);
      }),
    );
  });
});
