/**
 * Properties of procedure endorsement, on generated commands:
 * 1. no command holding a refused construct (a substitution of any style, a loop, eval, a pipe into
 *    an interpreter, a protected path, a glob in rm) is ever endorsed — checked in the most
 *    permissive setting there is: every capability declared, a request that names every word of
 *    the command, a task-only model that agrees, and an allowlisted page that shows the command;
 *    the same setting endorses every safe command it was built from, so the property is not empty;
 * 2. the stored command parses back to exactly the words that were checked;
 * 3. no command that deletes, re-permissions or overwrites a file the request does not name is
 *    endorsed, whichever capabilities are declared and whichever route would vouch (the request
 *    naming every URL, an agreeing model, a page showing the command);
 * 4. no write to a shell start-up or config file is endorsed without `sys.config` declared, or
 *    without the request naming the file, however the path is spelled; no download into one ever.
 * Lines are read in a file system where nothing exists yet unless a property says otherwise, so a
 * write creates; the paths of deletes and mode changes are named by the request.
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
/** A name the request can name as a whole term (never a stop word: it ends in a digit). */
const nameable = fc.stringMatching(/^[a-z]{3,6}[0-9]$/);
const namedPath = fc.array(nameable, { minLength: 1, maxLength: 3 }).map((parts) => `~/${parts.join("/")}`);
const repoUrl = fc.constantFrom("https://git.example/team/tool", "https://git.example/team/tool.git", "git+https://git.example/team/tool");
const pkg = fc.constantFrom("termcolor", "requests", "Flask_Login", "termcolor==2.4.0");
const name = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(..."ab c'\"$é".split("")) }).map(quoteShellWord);

/** One safe command and whether it has a path slot (for the protected-path injection). */
const safeCommand = fc.oneof(
  fc.tuple(fc.boolean(), homePath).map(([p, path]) => `mkdir ${p ? "-p " : ""}${path}`),
  homePath.map((path) => `touch ${path}`),
  fc.tuple(homePath, homePath).map(([a, b]) => `cp -r ${a} ${b}`),
  fc.tuple(fc.constantFrom("644", "u+x", "700"), namedPath).map(([mode, path]) => `chmod ${mode} ${path}`),
  fc.tuple(repoUrl, fc.option(homePath, { nil: undefined })).map(([url, path]) => `git clone ${url}${path ? ` ${path}` : ""}`),
  fc.tuple(homePath, repoUrl).map(([path, url]) => `curl -fsSL -o ${path} ${url}`),
  pkg.map((p) => `pip install --user ${quoteShellWord(p)}`),
  name.map((n) => `git config --global user.name ${n}`),
  fc.tuple(fc.boolean(), namedPath).map(([sudo, path]) => `${sudo ? "sudo " : ""}rm -rf ${path}`),
  // `cd` and `echo` in a chain: the clone, then into it, then a note written there
  fc.tuple(namedPath, nameable).map(([dir, file]) => `git clone https://git.example/team/tool ${dir} && cd ${dir} && echo done > ${file}`),
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

const URL = "https://git.example/team/tool";

/** One command that deletes, re-permissions or (the file existing) overwrites `path`. */
const destructiveLine = (path: fc.Arbitrary<string>) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom("rm", "rm -rf", "rm -f", "sudo rm -r", "rmdir", "chmod 600", "chmod -R u+x", "sudo chown user"), path)
      .map(([program, p]) => `${program} ${p}`),
    fc.tuple(path, path).map(([a, b]) => `mv ${a} ${b}`),
    fc.tuple(namedPath, path).map(([from, to]) => `cp ${from} ${to}`),
    fc.tuple(fc.constantFrom(">", ">>", "2>", "&>"), path).map(([op, p]) => `echo hello ${op} ${p}`),
    fc.tuple(fc.constantFrom("tee", "tee -a", "sudo tee"), path).map(([tee, p]) => `printf x | ${tee} ${p}`),
    path.map((p) => `curl -fsSL -o ${p} ${URL}`),
    path.map((p) => `wget -O ${p} ${URL}`),
    // after `cd`, a relative path is read from the new directory (and from the old one)
    fc.tuple(namedPath, nameable, fc.constantFrom("rm -f", "chmod 644", "echo x >")).map(([dir, file, op]) => `cd ${dir} && ${op} ${file}`),
  );

const startupFile = fc.constantFrom(".bashrc", ".bash_profile", ".profile", ".zshrc", ".bash_aliases", ".gitconfig", ".zshenv");
const configFile = fc.oneof(
  startupFile,
  nameable.map((name) => `.config/autostart/${name}.desktop`),
);
/** A start-up or config file however written: from home, absolute, through `..`, relative, after `cd`. */
const configTarget = configFile.chain((rel) => {
  const slash = rel.lastIndexOf("/");
  const spellings = [
    { cd: "", path: `~/${rel}` },
    { cd: "", path: `"$HOME"/${rel}` },
    { cd: "", path: `${HOME}/${rel}` },
    { cd: "", path: `~/abcd1/../${rel}` },
    { cd: "", path: rel },
    { cd: "cd && ", path: rel },
  ];
  if (slash > 0) spellings.push({ cd: `cd ~/${rel.slice(0, slash)} && `, path: rel.slice(slash + 1) });
  return fc.constantFrom(...spellings);
});
const configWrite = fc
  .tuple(
    configTarget,
    fc.constantFrom(
      "echo 'alias ll=ls' >> T",
      "echo x > T",
      "printf x | tee -a T",
      "cp ~/abcd1 T",
      "mv ~/abcd1 T",
      "touch T",
      "chmod 644 T",
      "rm T",
    ),
  )
  .map(([{ cd, path }, command]) => cd + command.replace("T", path));
const configDownload = fc.oneof(
  fc
    .tuple(configTarget, fc.constantFrom(`curl -fsSL -o T ${URL}`, `wget -O T ${URL}`, `git clone ${URL} T`))
    .map(([{ cd, path }, command]) => cd + command.replace("T", path)),
  // a download named after its URL, into the working directory or wget's -P directory
  startupFile.map((name) => `curl -O https://git.example/team/${name}`),
  startupFile.map((name) => `cd && wget https://git.example/team/${name.replace(".", "%2E")}`),
  nameable.map((name) => `wget -P ~/.config/autostart https://git.example/team/${name}.desktop`),
  fc.constant(`cd ~/.config && git clone https://git.example/team/autostart.git`),
);

const refusedLine = fc
  .tuple(fc.array(fc.tuple(safeCommand, join), { maxLength: 2 }), injected, fc.array(fc.tuple(join, safeCommand), { maxLength: 2 }))
  .map(([before, bad, after]) => before.map(([c, j]) => c + j).join("") + bad + after.map(([j, c]) => j + c).join(""));

interface Setting {
  task?: string;
  capabilities?: readonly string[];
  pathExists?: (path: string) => boolean;
}

/**
 * The most permissive setting: every capability, a request naming the line, an agreeing model, a
 * page showing it, a file system where nothing exists yet; a property may narrow one of them.
 */
async function endorseInOpenSetting(line: string, setting: Setting = {}) {
  const call: CallOf<"endorse_by_procedure"> = {
    tool: "endorse_by_procedure",
    var: "cmd",
    declared_capabilities: [...(setting.capabilities ?? CAPABILITIES)],
    source_page_url: PAGE,
  };
  return endorseByProcedure(call, variable("cmd", "shell_command", line), {
    task: setting.task ?? `Please run exactly this: ${line}`,
    sources: fakeSources({ pages: { [PAGE]: `$ ${line}\n` }, pathExists: setting.pathExists ?? (() => false) }),
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
    fc.assert(
      fc.property(safeLine, (line) => {
        const context = { home: HOME, task: line, fetchAllowlist: ALLOWLIST, pathExists: () => false };
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

  it("never endorses a delete, a mode change or an overwrite of a file the request does not name", async () => {
    await fc.assert(
      fc.asyncProperty(destructiveLine(fc.oneof(homePath, namedPath)), fc.subarray([...CAPABILITIES]), async (line, capabilities) => {
        // The request names the URLs (route A), the model agrees (route B), the page shows the line (route C).
        const task = `Please set up ${URL} as the guide at ${PAGE} says.`;
        const result = await endorseInOpenSetting(line, { task, capabilities, pathExists: () => true });
        expect(result.outcome, `${line}: ${result.result}`).not.toBe("endorsed");
      }),
      { numRuns: 300, seed: 31 },
    );
  });

  it("endorses those same commands once the request names their paths", async () => {
    await fc.assert(
      fc.asyncProperty(destructiveLine(namedPath), async (line) => {
        const result = await endorseInOpenSetting(line, { pathExists: () => true });
        expect(result.outcome, `${line}: ${result.result}`).toBe("endorsed");
      }),
      { numRuns: 200, seed: 31 },
    );
  });

  it("never endorses a write to a start-up or config file without sys.config declared", async () => {
    const withoutConfig = CAPABILITIES.filter((capability) => capability !== "sys.config");
    await fc.assert(
      fc.asyncProperty(configWrite, async (line) => {
        const result = await endorseInOpenSetting(line, { capabilities: withoutConfig, pathExists: () => true });
        expect(result.outcome, `${line}: ${result.result}`).not.toBe("endorsed");
      }),
      { numRuns: 300, seed: 31 },
    );
  });

  it("never endorses a write to a start-up or config file the request does not name, sys.config or not", async () => {
    await fc.assert(
      fc.asyncProperty(configWrite, async (line) => {
        const task = `Please set up ${URL} as the guide at ${PAGE} says.`;
        const result = await endorseInOpenSetting(line, { task, pathExists: () => false });
        expect(result.outcome, `${line}: ${result.result}`).not.toBe("endorsed");
      }),
      { numRuns: 300, seed: 31 },
    );
  });

  it("endorses a write to a start-up or config file with sys.config declared and the file named", async () => {
    await fc.assert(
      fc.asyncProperty(configWrite, async (line) => {
        const result = await endorseInOpenSetting(line, { pathExists: () => true });
        expect(result.outcome, `${line}: ${result.result}`).toBe("endorsed");
      }),
      { numRuns: 200, seed: 31 },
    );
  });

  it("refuses every download into a start-up or config file, in the most permissive setting", async () => {
    await fc.assert(
      fc.asyncProperty(configDownload, async (line) => {
        expect(readProcedure(line, { home: HOME, task: line, fetchAllowlist: ALLOWLIST, pathExists: () => false }), line).toEqual({
          ok: false,
          reason: "DOWNLOAD_TO_CONFIG",
        });
        expect((await endorseInOpenSetting(line)).outcome, line).not.toBe("endorsed");
      }),
      { numRuns: 200, seed: 31 },
    );
  });
});
