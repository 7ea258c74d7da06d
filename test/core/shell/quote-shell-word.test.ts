import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { literalWord, parseShellLine, quoteShellWord } from "../../../src/core/index.js";

describe("quoteShellWord", () => {
  it("leaves safe words bare and single-quotes the rest", () => {
    expect(quoteShellWord("git@host.example:team/repo.git")).toBe("git@host.example:team/repo.git");
    expect(quoteShellWord("--depth=1")).toBe("--depth=1");
    expect(quoteShellWord("a b")).toBe("'a b'");
    expect(quoteShellWord("it's")).toBe("'it'\\''s'");
    expect(quoteShellWord("$HOME")).toBe("'$HOME'");
    expect(quoteShellWord("")).toBe("''");
  });

  it("quotes words that would read as a keyword or an assignment where a command starts", () => {
    expect(quoteShellWord("for")).toBe("'for'");
    expect(quoteShellWord("EDITOR=vim")).toBe("'EDITOR=vim'");
    expect(quoteShellWord("core.editor=vim")).toBe("core.editor=vim");
  });

  it("round-trips any list of words through the parser as one simple command", () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constantFrom("for", "a=b", "!", "{", "~", "#", "*", ""));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (xs) => {
        const line = parseShellLine(xs.map(quoteShellWord).join(" "));
        expect(line.items).toHaveLength(1);
        const [item] = line.items;
        expect(item?.chain.rest).toEqual([]);
        expect(item?.chain.first.commands).toHaveLength(1);
        const command = item?.chain.first.commands[0];
        if (command?.kind !== "simple") throw new Error("not a simple command");
        expect(command.assignments).toEqual([]);
        expect(command.redirects).toEqual([]);
        expect(command.words.map(literalWord)).toEqual(xs);
      }),
      { numRuns: 500 },
    );
  });
});
