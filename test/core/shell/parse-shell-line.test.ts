import { describe, expect, it } from "vitest";
import { literalWord, parseShellLine, type ShellCommand, ShellSyntaxError, type ShellWord } from "../../../src/core/index.js";

/** The simple commands of a line, in order, each as its words' literal text (`undefined` for a non-literal word). */
function commands(line: string): ShellCommand[] {
  return parseShellLine(line).items.flatMap((item) =>
    [item.chain.first, ...item.chain.rest.map((link) => link.pipeline)].flatMap((p) => p.commands),
  );
}

function words(line: string): (string | undefined)[] {
  const [command] = commands(line);
  if (command?.kind !== "simple") throw new Error(`not a simple command: ${line}`);
  return command.words.map(literalWord);
}

function onlyWord(line: string): ShellWord {
  const [command] = commands(line);
  if (command?.kind !== "simple" || command.words.length !== 1 || command.words[0] === undefined) throw new Error(line);
  return command.words[0];
}

function syntaxError(line: string): ShellSyntaxError {
  try {
    parseShellLine(line);
  } catch (error) {
    if (error instanceof ShellSyntaxError) return error;
    throw error;
  }
  throw new Error(`parsed: ${line}`);
}

describe("parseShellLine: quoting", () => {
  it("removes quotes the POSIX way", () => {
    expect(words(`echo 'a  b' "c d" e\\ f 'it'\\''s'`)).toEqual(["echo", "a  b", "c d", "e f", "it's"]);
    expect(words(`echo "a\\$b \\"q\\" \\\\ \\x" '$HOME \\n'`)).toEqual(["echo", 'a$b "q" \\ \\x', "$HOME \\n"]);
    expect(words(`echo '' "" a""b`)).toEqual(["echo", "", "", "ab"]);
  });

  it("joins a line continuation and keeps a quoted newline", () => {
    expect(words("echo a\\\nb 'c\nd'")).toEqual(["echo", "ab", "c\nd"]);
  });

  it("keeps variables live in double quotes and dead in single quotes", () => {
    expect(onlyWord(`"$HOME/x"`).parts).toEqual([
      { kind: "text", text: "", quoted: true },
      { kind: "variable", name: "HOME", quoted: true },
      { kind: "text", text: "/x", quoted: true },
    ]);
    expect(onlyWord("${USER}_$1$?").parts).toEqual([
      { kind: "variable", name: "USER", quoted: false },
      { kind: "text", text: "_", quoted: false },
      { kind: "variable", name: "1", quoted: false },
      { kind: "variable", name: "?", quoted: false },
    ]);
    expect(literalWord(onlyWord("'$HOME'"))).toBe("$HOME");
    expect(literalWord(onlyWord("a$"))).toBe("a$");
  });

  it("reads a leading unquoted tilde and unquoted globs only", () => {
    expect(onlyWord("~/notes").parts).toEqual([
      { kind: "tilde", user: "" },
      { kind: "text", text: "/notes", quoted: false },
    ]);
    expect(onlyWord("~alice").parts).toEqual([{ kind: "tilde", user: "alice" }]);
    expect(literalWord(onlyWord("'~'/x"))).toBe("~/x");
    expect(literalWord(onlyWord("a~"))).toBe("a~");
    expect(onlyWord("*.t[xs]t").parts).toEqual([
      { kind: "glob", text: "*" },
      { kind: "text", text: ".t", quoted: false },
      { kind: "glob", text: "[xs]" },
      { kind: "text", text: "t", quoted: false },
    ]);
    expect(literalWord(onlyWord(`"*" \\? '[a]'`.split(" ")[0] ?? ""))).toBe("*");
    expect(words(`echo \\? '[a]' a[`)).toEqual(["echo", "?", "[a]", "a["]);
  });

  it("reads command substitution in both styles, nested and inside double quotes", () => {
    const word = onlyWord(`"https://x.example/?k=$(cat ~/.ssh/id_rsa | base64)"`);
    const substitution = word.parts.find((part) => part.kind === "substitution");
    expect(substitution).toMatchObject({ style: "dollar", quoted: true });
    if (substitution?.kind !== "substitution") throw new Error("no substitution");
    const [inner] = substitution.line.items;
    expect(inner?.chain.first.commands.map((c) => (c.kind === "simple" ? c.words.map(literalWord) : c.keyword))).toEqual([
      ["cat", undefined],
      ["base64"],
    ]);
    const back = onlyWord("`echo \\`whoami\\``").parts[0];
    expect(back).toMatchObject({ kind: "substitution", style: "backtick" });
    expect(onlyWord(`$(echo ")")`).parts[0]).toMatchObject({ kind: "substitution", style: "dollar" });
    expect(commands("diff <(ls a) >(cat)")[0]).toMatchObject({
      words: [
        { source: "diff" },
        { parts: [{ kind: "substitution", style: "process" }] },
        { parts: [{ kind: "substitution", style: "process" }] },
      ],
    });
  });

  it("starts a comment only at an unquoted # at a word start", () => {
    expect(words("echo a#b '#c' # d e")).toEqual(["echo", "a#b", "#c"]);
    expect(parseShellLine("# only a comment").items).toEqual([]);
  });
});

describe("parseShellLine: structure", () => {
  it("splits lists on ; & and newlines, and marks background items", () => {
    const line = parseShellLine("a; b & c\nd");
    expect(line.items.map((item) => [literalWord(first(item.chain.first.commands[0])), item.background])).toEqual([
      ["a", false],
      ["b", true],
      ["c", false],
      ["d", false],
    ]);
    expect(parseShellLine("").items).toEqual([]);
  });

  it("reads && / || chains and negated pipelines", () => {
    const [item] = parseShellLine("! a | b && c || d").items;
    expect(item?.chain.first.negated).toBe(true);
    expect(item?.chain.first.commands).toHaveLength(2);
    expect(item?.chain.rest.map((link) => link.op)).toEqual(["&&", "||"]);
  });

  it("reads assignments before the command and redirections anywhere", () => {
    const [command] = commands("A=1 B= C=~/x cmd >out 2>&1 x <in 3>>log &>all <<<here 'D=2'");
    expect(command).toMatchObject({
      kind: "simple",
      assignments: [
        { name: "A", value: { source: "1" } },
        { name: "B", value: { source: "", parts: [] } },
        { name: "C", value: { parts: [{ kind: "tilde" }, { kind: "text", text: "/x" }] } },
      ],
      redirects: [
        { fd: 1, op: ">", target: { source: "out" } },
        { fd: 2, op: ">&", target: { source: "1" } },
        { fd: 0, op: "<", target: { source: "in" } },
        { fd: 3, op: ">>", target: { source: "log" } },
        { fd: 1, op: "&>", target: { source: "all" } },
        { fd: 0, op: "<<<", target: { source: "here" } },
      ],
    });
    if (command?.kind !== "simple") throw new Error("not simple");
    expect(command.words.map(literalWord)).toEqual(["cmd", "x", "D=2"]);
    expect(words("echo a=b")).toEqual(["echo", "a=b"]);
  });

  it("keeps compound commands whole, with their source", () => {
    const cases: [string, string][] = [
      ["for f in *.txt; do rm $f; done", "for"],
      ["for f\ndo echo; done", "for"],
      ["while true; do :; done", "while"],
      ["until false; do :; done", "until"],
      ["if a; then b; elif c; then d; else e; fi", "if"],
      ["case $x in a|b) echo ab;; (c) echo c;; *) ;; esac", "case"],
      ["f() { echo hi; }", "function"],
      ["function g { echo; }", "function"],
      ["(cd /tmp && ls)", "subshell"],
      ["{ a; b; } > out", "group"],
    ];
    for (const [line, keyword] of cases) {
      const [command] = commands(line);
      expect(command, line).toEqual({ kind: "compound", keyword, source: line });
    }
  });

  it("reads the fork bomb as a function definition followed by a call", () => {
    const line = parseShellLine(":(){ :|:& };:");
    expect(line.items.map((item) => item.chain.first.commands[0])).toEqual([
      { kind: "compound", keyword: "function", source: ":(){ :|:& }" },
      expect.objectContaining({ kind: "simple", words: [expect.objectContaining({ source: ":" })] }),
    ]);
  });

  it("pipes a compound command into a simple one", () => {
    const [item] = parseShellLine("for i in 1 2; do echo $i; done | sort").items;
    expect(item?.chain.first.commands.map((c) => c.kind)).toEqual(["compound", "simple"]);
  });

  it("treats reserved words as plain words outside command position", () => {
    expect(words("echo done if fi { }")).toEqual(["echo", "done", "if", "fi", "{", "}"]);
  });
});

describe("parseShellLine: errors", () => {
  it("names what was expected and where", () => {
    const cases: [string, RegExp, number][] = [
      ["echo 'abc", /closing '/, 6],
      ['echo "abc', /closing "/, 6],
      ["echo $(ls", /"\)" to close the substitution/, 10],
      ["echo `ls", /closing `/, 6],
      ["for x in a; do echo", /"done" to close "for"/, 20],
      ["if a; then b", /"fi" to close "if"/, 13],
      ["{ echo }", /"}" to close "{"/, 9],
      ["a && ", /expected a command/, 6],
      ["a | | b", /expected a command/, 5],
      ["; a", /expected a command/, 1],
      ["a ;; b", /unexpected ";;"/, 3],
      ["a )", /unexpected "\)"/, 3],
      ["done", /unexpected "done"/, 1],
      ["echo >", /expected a target after >/, 7],
      ["echo a\\", /character after \\/, 7],
    ];
    for (const [line, message, column] of cases) {
      const error = syntaxError(line);
      expect(error.message, line).toMatch(message);
      expect(error.column, line).toBe(column);
    }
  });

  it("refuses what it does not support rather than reading it some other way", () => {
    const cases: [string, RegExp][] = [
      ["cat <<EOF", /here-documents are not supported/],
      ["echo $((1+2))", /arithmetic/],
      ["echo ${X:-/etc}", /parameter expansion/],
      ["echo $'\\x41'", /not supported/],
      ["A=(1 2)", /array assignments/],
      ["a |& b", /\|& is not supported/],
      ["for ((i=0;i<3;i++)); do :; done", /arithmetic for/],
      ["a <> b", /not supported/],
    ];
    for (const [line, message] of cases) expect(syntaxError(line).message, line).toMatch(message);
  });
});

function first(command: ShellCommand | undefined): ShellWord {
  if (command?.kind !== "simple" || command.words[0] === undefined) throw new Error("no first word");
  return command.words[0];
}
