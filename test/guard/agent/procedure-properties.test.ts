/**
 * Properties of procedure endorsement, on generated commands:
 * 1. no command holding a refused construct (a substitution of any style, a loop, eval, a pipe into
 *    an interpreter, a protected path, a glob in rm) is ever endorsed — checked in the most
 *    permissive setting there is: every capability declared, a request that names every word of
 *    the command, a task-only model that agrees, and an allowlisted page that shows the command;
 *    the same setting endorses every safe command it was built from, so the property is not empty;
 * 2. the stored command parses back to exactly the words that were checked.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteShellWord } from "../../../src/core/index.js";
import { CAPABILITIES } from "../../../src/guard/agent/endorse/capabilities.js";
import { endorseByProcedure } from "../../../src/guard/agent/endorse/endorse-by-procedure.js";
import { readProcedure } from "../../../src/guard/agent/endorse/read-procedure.js";
import type { CallOf } from "../../../src/guard/agent/tools/tool-call.js";
import { fakeSources, HOME } from "./fake-endorsement-sources.js";
import { answer, answering } from "./read-tools-support.js";
import { variable } from "./support.js";

const PAGE = "https://docs.example/guide";
const ALLOWLIST = new Set(["git.example", "docs.example"]);

/** A file or directory name: any text but separators, control characters and the names that climb. */
const segment = fc
  .string({ minLength: 1, maxLength: 8, unit: fc.constantFrom(..."ab c'\"$*?[]~;|&()<>`\\é-_.#=".split("")) })
  .filter((text) => text !== "." && text !== ".." && text.trim() !== "" && !/^\.(?:ssh|gnupg)$/.test(text));
/** A path under home, written as the shell would read it (`~/` then a quoted rest). */
const homePath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `~/${quoteShellWord(parts.join("/"))}`);
const repoUrl = fc.constantFrom("https://git.example/team/tool", "https://git.example/team/tool.git", "git+https://git.example/team/tool");
const pkg = fc.constantFrom("termcolor", "requests", "Flask_Login", "termcolor==2.4.0");
const name = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(..."ab c'\"$é".split("")) }).map(quoteShellWord);

/** One safe command and whether it has a path slot (for the protected-path injection). */
const safeCommand = fc.oneof(
  fc.tuple(fc.boolean(), homePath).map(([p, path]) => `mkdir ${p ? "-p " : ""}${path}`),
  homePath.map((path) => `touch ${path}`),
  fc.tuple(homePath, homePath).map(([a, b]) => `cp -r ${a} ${b}`),
  fc.tuple(fc.constantFrom("644", "u+x", "700"), homePath).map(([mode, path]) => `chmod ${mode} ${path}`),
  fc.tuple(repoUrl, fc.option(homePath, { nil: undefined })).map(([url, path]) => `git clone ${url}${path ? ` ${path}` : ""}`),
  fc.tuple(homePath, repoUrl).map(([path, url]) => `curl -fsSL -o ${path} ${url}`),
  pkg.map((p) => `pip install --user ${quoteShellWord(p)}`),
  name.map((n) => `git config --global user.name ${n}`),
  fc.tuple(fc.boolean(), homePath).map(([sudo, path]) => `${sudo ? "sudo " : ""}rm -rf ${path}`),
);

const join = fc.constantFrom(" && ", "; ", " || ");
const safeLine = fc
  .tuple(fc.array(fc.tuple(safeCommand, join), { maxLength: 2 }), safeCommand)
  .map(([before, last]) => before.map(([c, j]) => c + j).join("") + last);

/** A command holding exactly one refused construct, placed among safe ones. */
const injected = fc.oneof(
  // substitution of every style, as a word or inside one
  fc
    .tuple(safeCommand, fc.constantFrom("$(cat ~/.ssh/id_rsa)", "`whoami`", '"x$(id)"', "<(cat ~/a)", "$(ls)"))
    .map(([c, s]) => `${c} ${s}`),
  fc.tuple(homePath, fc.constantFrom("$(id)", "`id`")).map(([p, s]) => `mkdir ${p}${s}`),
  // loops and other compound commands
  safeCommand.chain((c) =>
    fc.constantFrom(
      `for i in 1 2; do ${c}; done`,
      `while true; do ${c}; done`,
      `until false; do ${c}; done`,
      `(${c})`,
      `{ ${c}; }`,
      `if true; then ${c}; fi`,
    ),
  ),
  // eval
  safeCommand.map((c) => `eval ${quoteShellWord(c)}`),
  safeCommand.map((c) => `eval ${c}`),
  // pipes into an interpreter
  fc.tuple(safeCommand, fc.constantFrom("bash", "sh", "python3", "sudo bash", "perl", "/bin/sh", "node")).map(([c, i]) => `${c} | ${i}`),
  // protected paths, however written
  fc
    .tuple(
      fc.constantFrom(
        "~/.ssh/authorized_keys",
        "~/.gnupg",
        "/etc/passwd",
        "/boot/grub",
        "/usr/bin/git",
        "~/x/../.ssh/k",
        "$HOME/.ssh",
        '"$HOME"/.gnupg/x',
        "/home/user/.ssh/id_rsa",
        ".ssh/config",
      ),
      fc.constantFrom("touch", "rm -rf", "chmod 777", "mkdir -p", "cp ~/a", "git clone https://git.example/team/tool", "curl -o"),
    )
    .map(([path, prefix]) => (prefix === "curl -o" ? `curl -o ${path} https://git.example/team/tool` : `${prefix} ${path}`)),
  fc.tuple(safeCommand, fc.constantFrom("~/.ssh/config", "/etc/profile")).map(([c, path]) => `${c} >> ${path}`),
  // globs in rm
  fc.tuple(homePath, fc.constantFrom("*", "?", "[ab]", "*.txt")).map(([p, g]) => `rm -rf ${p}/${g}`),
);

const refusedLine = fc
  .tuple(fc.array(fc.tuple(safeCommand, join), { maxLength: 2 }), injected, fc.array(fc.tuple(join, safeCommand), { maxLength: 2 }))
  .map(([before, bad, after]) => before.map(([c, j]) => c + j).join("") + bad + after.map(([j, c]) => j + c).join(""));

/** The most permissive setting: every capability, a request naming the line, an agreeing model, a page showing it. */
async function endorseInOpenSetting(line: string) {
  const call: CallOf<"endorse_by_procedure"> = {
    tool: "endorse_by_procedure",
    var: "cmd",
    declared_capabilities: [...CAPABILITIES],
    source_page_url: PAGE,
  };
  return endorseByProcedure(call, variable("cmd", "shell_command", line), {
    task: `Please run exactly this: ${line}`,
    sources: fakeSources({ pages: { [PAGE]: `$ ${line}\n` } }),
    fetchAllowlist: ALLOWLIST,
    client: answering(answer("team/tool")),
  });
}

describe("endorse_by_procedure properties", () => {
  it("never endorses a command that holds a refused construct", async () => {
    await fc.assert(
      fc.asyncProperty(refusedLine, async (line) => {
        const result = await endorseInOpenSetting(line);
        expect(result.outcome, line).not.toBe("endorsed");
      }),
      { numRuns: 400, seed: 31 },
    );
  });

  it("endorses the safe commands the refused ones are built from, in that same setting", async () => {
    await fc.assert(
      fc.asyncProperty(safeLine, async (line) => {
        const result = await endorseInOpenSetting(line);
        expect(result.outcome, `${line}: ${result.result}`).toBe("endorsed");
      }),
      { numRuns: 200, seed: 31 },
    );
  });

  it("stores a command that parses back to exactly the words that were checked", () => {
    const context = { home: HOME, task: "", fetchAllowlist: ALLOWLIST };
    fc.assert(
      fc.property(safeLine, (line) => {
        const first = readProcedure(line, context);
        expect(first.ok, line).toBe(true);
        if (!first.ok) return;
        const again = readProcedure(first.command.rebuilt, context);
        expect(again.ok, line).toBe(true);
        if (!again.ok) return;
        expect(again.command.simples.map((simple) => simple.argv)).toEqual(first.command.simples.map((simple) => simple.argv));
        expect(again.command.rebuilt).toBe(first.command.rebuilt);
      }),
      { numRuns: 400, seed: 31 },
    );
  });
});
