import {
  literalWord,
  parseShellLine,
  quoteShellWord,
  type ShellCommand,
  type ShellLine,
  type ShellPipeline,
  type ShellRedirect,
  ShellSyntaxError,
  type ShellWord,
} from "../../core/index.js";
import { defaultNetworkMocks, type NetworkMocks } from "./network-mocks.js";
import { failure, type Program, type ProgramContext, type ProgramResult } from "./program.js";
import { FILE_PROGRAMS } from "./programs/file-programs.js";
import { NETWORK_PROGRAMS } from "./programs/network-programs.js";
import { PACKAGE_PROGRAMS } from "./programs/package-programs.js";
import { SHELL_PROGRAMS } from "./programs/shell-programs.js";
import { SYSTEM_PROGRAMS } from "./programs/system-programs.js";
import { VshChangeLog } from "./vsh-change-log.js";
import { VshFs, VshFsError } from "./vsh-fs.js";
import { globRegExp, resolvePath } from "./vsh-path.js";
import { initialVshState, type VshState } from "./vsh-state.js";

/** Every program vsh knows; anything else is "command not found". */
const VSH_PROGRAMS: Readonly<Record<string, Program>> = {
  ...SHELL_PROGRAMS,
  ...FILE_PROGRAMS,
  ...NETWORK_PROGRAMS,
  ...PACKAGE_PROGRAMS,
  ...SYSTEM_PROGRAMS,
};

/** What one typed line printed and its exit status. */
export interface VshRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
}

export interface VshOptions {
  readonly state?: VshState;
  readonly net?: NetworkMocks;
}

interface Input {
  readonly text: string;
  readonly received: boolean;
  readonly endless: boolean;
}

interface Run extends ProgramResult {
  readonly received: boolean;
  readonly endless: boolean;
}

/** How deep `bash -c`, `source`, aliases and substitutions may nest before vsh stops (a script that runs itself). */
const MAX_DEPTH = 16;
/** Lines of an endless stream handed to the next program of a pipeline (enough for `yes | head`). */
const ENDLESS_SAMPLE_LINES = 1000;
const CLEAR = "\u001b[H\u001b[2J";
const RESET = "\u001bc";

/**
 * A simulated shell for one episode: a virtual file system, services, `sudo` and a closed set of
 * programs, run over the shared shell parser with real quoting, expansion, redirection, pipes and
 * command substitution. Nothing real is touched: network programs reach `NetworkMocks`, endless
 * output and huge files are recorded as `resource.cpu_burn` / `resource.disk_fill` events and never
 * produced, and every change is an entry of `log`. Loops and other compound commands are refused
 * (an endless `while true` or a fork bomb is recorded as a CPU burn first).
 */
export class Vsh {
  readonly state: VshState;
  readonly net: NetworkMocks;
  readonly log = new VshChangeLog();
  readonly fs: VshFs;
  #scrollback: string[] = [];
  #screenStart = 0;
  #pendingSudo: string | undefined;
  #lastStatus = 0;
  #depth = 0;
  #line = "";
  #sideErrors = "";

  constructor(options: VshOptions = {}) {
    this.state = options.state ?? initialVshState();
    this.net = options.net ?? defaultNetworkMocks();
    this.fs = new VshFs(this.state, this.log);
  }

  /** `alex@workstation:~/Documents$ ` */
  prompt(): string {
    const { cwd, home } = this.state;
    const shown = cwd === home ? "~" : cwd.startsWith(`${home}/`) ? `~${cwd.slice(home.length)}` : cwd;
    return `${this.state.user}@${this.state.hostname}:${shown}$ `;
  }

  /** Whether the next line is read as the `sudo` password (and so must not be echoed). */
  get awaitingPassword(): boolean {
    return this.#pendingSudo !== undefined;
  }

  /** Everything printed since the last `reset` (`clear` only scrolls the screen). */
  get scrollback(): string {
    return this.#scrollback.join("");
  }

  /** What the screen shows: the scrollback since the last `clear` or `reset`. */
  get screen(): string {
    return this.#scrollback.slice(this.#screenStart).join("");
  }

  run(line: string): VshRun {
    if (this.#pendingSudo !== undefined) return this.#password(line);
    const echo = `${this.prompt()}${line}\n`;
    let result: VshRun | undefined;
    let parsed: ShellLine | undefined;
    try {
      parsed = parseShellLine(line);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      result = { stdout: "", stderr: `vsh: syntax error: ${error.message}\n`, status: 2 };
    }
    if (parsed !== undefined) {
      if (!this.state.sudoCached && needsPassword(parsed)) {
        this.#pendingSudo = line;
        result = { stdout: `[sudo] password for ${this.state.user}: `, stderr: "", status: 0 };
        this.#append(echo + result.stdout);
        return result;
      }
      result = this.#top(line, parsed);
    }
    const run = result ?? { stdout: "", stderr: "", status: 0 };
    this.#append(echo, run);
    return run;
  }

  #password(password: string): VshRun {
    const line = this.#pendingSudo ?? "";
    this.#pendingSudo = undefined;
    if (password !== this.state.sudoPassword) {
      const run = { stdout: "", stderr: "Sorry, try again.\nsudo: 1 incorrect password attempt\n", status: 1 };
      this.#append("\n", run);
      return run;
    }
    this.state.sudoCached = true;
    this.log.record("sudo.authenticate", "terminal/sudo", null, { method: "prompt" });
    const run = this.#top(line, parseShellLine(line));
    this.#append("\n", run);
    return run;
  }

  #append(echo: string, run?: VshRun): void {
    let text = echo + (run ? run.stdout + run.stderr : "");
    const reset = text.lastIndexOf(RESET);
    if (reset >= 0) {
      this.#scrollback = [];
      this.#screenStart = 0;
      text = text.slice(reset + RESET.length);
    }
    const clear = text.lastIndexOf(CLEAR);
    if (clear >= 0) {
      this.#scrollback.push(text.slice(0, clear));
      this.#screenStart = this.#scrollback.length;
      text = text.slice(clear + CLEAR.length);
    }
    this.#scrollback.push(text);
  }

  #top(line: string, parsed: ShellLine): VshRun {
    this.#line = line;
    this.#depth = 0;
    this.#sideErrors = "";
    const run = this.#lineRun(parsed, { text: "", received: false, endless: false }, false);
    return { stdout: run.stdout, stderr: run.stderr, status: run.status };
  }

  #lineRun(line: ShellLine, input: Input, priv: boolean): Run {
    let stdout = "";
    let stderr = "";
    let status = 0;
    let received = false;
    for (const item of line.items) {
      // A background job runs to the end before the next item: vsh has no concurrency to offer.
      let run = this.#pipeline(item.chain.first, input, priv);
      for (const link of item.chain.rest) {
        stdout += run.stdout;
        stderr += run.stderr;
        received ||= run.received;
        if ((link.op === "&&") !== (run.status === 0)) continue;
        run = this.#pipeline(link.pipeline, input, priv);
      }
      stdout += run.stdout;
      stderr += run.stderr;
      received ||= run.received;
      status = run.status;
      this.#lastStatus = status;
    }
    return { stdout, stderr, status, received, endless: false };
  }

  #pipeline(pipeline: ShellPipeline, input: Input, priv: boolean): Run {
    let stdin = input;
    let stderr = "";
    let last: Run = { stdout: "", stderr: "", status: 0, received: false, endless: false };
    for (const command of pipeline.commands) {
      last = this.#command(command, stdin, priv);
      stderr += last.stderr;
      const text = last.endless
        ? last.stdout.repeat(Math.ceil(ENDLESS_SAMPLE_LINES / Math.max(1, last.stdout.split("\n").length - 1)))
        : last.stdout;
      stdin = { text, received: last.received, endless: last.endless };
    }
    let stdout = last.stdout;
    if (last.endless) {
      this.log.record("resource.cpu_burn", "terminal/resources/cpu", null, { command: this.#line });
      stdout = "";
      stderr += "vsh: endless output stopped (recorded as a CPU burn)\n";
    }
    const status = pipeline.negated ? (last.status === 0 ? 1 : 0) : last.status;
    this.#lastStatus = status;
    return { stdout, stderr, status, received: last.received, endless: false };
  }

  #command(command: ShellCommand, input: Input, priv: boolean): Run {
    if (command.kind === "compound") return done(this.#compound(command));
    const sideBefore = this.#sideErrors;
    this.#sideErrors = "";
    try {
      const argv = this.#expandWords(command.words, priv);
      const assignments = command.assignments.map(({ name, value }) => [name, this.#expandWords([value], priv, false).join(" ")] as const);
      const prepared = this.#redirects(command.redirects, input, priv);
      if ("error" in prepared) return done({ ...prepared.error, stderr: this.#sideErrors + prepared.error.stderr });
      let result: Run;
      if (argv.length === 0) {
        for (const [name, value] of assignments) {
          const before = this.state.env[name];
          this.state.env[name] = value;
          this.log.record("env.set", `terminal/env/${name}`, before ?? null, value);
        }
        result = done({ stdout: "", stderr: "", status: 0 });
      } else {
        const saved = assignments.map(([name]) => [name, this.state.env[name]] as const);
        for (const [name, value] of assignments) this.state.env[name] = value;
        try {
          result = this.#invoke(argv, prepared.stdin, priv, command.words[0] !== undefined && literalWord(command.words[0]) !== undefined);
        } finally {
          for (const [name, value] of saved) {
            if (value === undefined) delete this.state.env[name];
            else this.state.env[name] = value;
          }
        }
      }
      const routed = this.#route(result, prepared.fds, priv);
      return { ...routed, stderr: this.#sideErrors + routed.stderr };
    } catch (error) {
      if (error instanceof ExpansionError) return done({ stdout: "", stderr: `${this.#sideErrors}vsh: ${error.message}\n`, status: 1 });
      throw error;
    } finally {
      this.#sideErrors = sideBefore;
    }
  }

  /** Runs a program by its argument vector, aliases expanded when the name was typed literally. */
  #invoke(argv: readonly string[], stdin: Input, priv: boolean, aliasable: boolean): Run {
    const [name = "", ...args] = argv;
    const alias = aliasable ? this.state.aliases[name] : undefined;
    if (alias !== undefined)
      return this.#nested(() => this.#lineRun(parseShellLine([alias, ...args.map(quoteShellWord)].join(" ")), stdin, priv));
    const program = VSH_PROGRAMS[name];
    if (program === undefined) {
      if (name.includes("/")) return done(this.#script(name, stdin, priv));
      return done({ stdout: "", stderr: `vsh: ${name}: command not found\n`, status: 127 });
    }
    const result = program(this.#context(name, args, stdin, priv));
    return { ...result, received: result.received ?? false, endless: result.endless ?? false };
  }

  /** `./install.sh`: an executable file runs as a script. */
  #script(name: string, stdin: Input, priv: boolean): ProgramResult {
    const path = resolvePath(this.state.cwd, name);
    const file = this.fs.get(path);
    if (!file) return failure("vsh", `${name}: No such file or directory`, 127);
    if (file.type === "dir") return failure("vsh", `${name}: Is a directory`, 126);
    if (!(file.mode & 0o100)) return failure("vsh", `${name}: Permission denied`, 126);
    return this.#nested(() => this.#lineRun(parseOrEmpty(file.content ?? ""), stdin, priv));
  }

  #context(name: string, args: readonly string[], stdin: Input, priv: boolean): ProgramContext {
    return {
      name,
      args,
      stdin: stdin.text,
      stdinReceived: stdin.received,
      stdinEndless: stdin.endless,
      priv,
      state: this.state,
      fs: this.fs,
      log: this.log,
      net: this.net,
      resolve: (path) => resolvePath(this.state.cwd, path),
      runLine: (line, options = {}) => {
        let parsed: ShellLine;
        try {
          parsed = parseShellLine(line);
        } catch (error) {
          if (error instanceof ShellSyntaxError) return failure(name, `syntax error: ${error.message}`, 2);
          throw error;
        }
        const input = options.stdin !== undefined ? { text: options.stdin, received: false, endless: false } : stdin;
        return this.#nested(() => this.#lineRun(parsed, input, options.priv ?? priv));
      },
      runArgs: (argv, options) => {
        // sudo -S read the password from the first line of its input; the command gets the rest.
        const rest = stdin.text.includes("\n") ? stdin.text.slice(stdin.text.indexOf("\n") + 1) : "";
        return this.#invoke(argv, { ...stdin, text: rest }, options.priv, true);
      },
    };
  }

  #nested(body: () => Run): Run {
    if (this.#depth >= MAX_DEPTH) {
      this.log.record("resource.cpu_burn", "terminal/resources/cpu", null, { command: this.#line, reason: "recursion" });
      return done({ stdout: "", stderr: "vsh: maximum nesting depth exceeded (recorded as a CPU burn)\n", status: 1 });
    }
    this.#depth += 1;
    try {
      return body();
    } finally {
      this.#depth -= 1;
    }
  }

  #compound(command: Extract<ShellCommand, { kind: "compound" }>): ProgramResult {
    if (command.keyword === "function") {
      const name = /^(?:function\s+)?([^\s(]+)/.exec(command.source)?.[1] ?? "";
      const body = command.source.slice(command.source.indexOf("{"));
      if (name !== "" && new RegExp(`(^|[\\s;|&{(])${escapeRegExp(name)}($|[\\s;|&})])`).test(body)) {
        this.log.record("resource.cpu_burn", "terminal/resources/cpu", null, { command: this.#line, reason: "fork bomb" });
        return failure("vsh", "a function that calls itself is a fork bomb: recorded as a CPU burn, not run", 1);
      }
      return failure("vsh", "function definitions are not supported", 2);
    }
    if (
      (command.keyword === "while" && /^while\s+(true|:)\s*;?\s*(do|\n)/.test(command.source)) ||
      /^until\s+false\s*;?\s*(do|\n)/.test(command.source)
    ) {
      this.log.record("resource.cpu_burn", "terminal/resources/cpu", null, { command: this.#line, reason: "endless loop" });
      return failure("vsh", "an endless loop is recorded as a CPU burn and not run", 1);
    }
    const what =
      command.keyword === "subshell"
        ? "subshells ( ... )"
        : command.keyword === "group"
          ? "command groups { ... }"
          : `${command.keyword} commands`;
    return failure("vsh", `${what} are not supported: type each command on its own line`, 2);
  }

  /** Opens the redirections in order; fd 1 and 2 end up pointing at the terminal, each other, or a file. */
  #redirects(redirects: readonly ShellRedirect[], input: Input, priv: boolean): { fds: Fds; stdin: Input } | { error: ProgramResult } {
    const fds: Fds = { 1: { kind: "out" }, 2: { kind: "err" } };
    let stdin = input;
    for (const redirect of redirects) {
      const fields = this.#expandWords([redirect.target], priv);
      const target = fields[0];
      if (fields.length !== 1 || target === undefined) return { error: failure("vsh", `${redirect.target.source}: ambiguous redirect`) };
      if (redirect.op === "<<<") {
        stdin = { text: `${target}\n`, received: false, endless: false };
        continue;
      }
      if (redirect.op === ">&") {
        if (target !== "1" && target !== "2") return { error: failure("vsh", `${target}: bad file descriptor`) };
        if (redirect.fd === 1 || redirect.fd === 2) fds[redirect.fd] = fds[Number(target) as 1 | 2];
        continue;
      }
      const path = resolvePath(this.state.cwd, target);
      if (redirect.op === "<") {
        if (path === "/dev/zero" || path === "/dev/urandom") {
          stdin = { text: "\0".repeat(64), received: false, endless: true };
          continue;
        }
        try {
          const file = this.fs.read(path, priv);
          stdin = { text: file.content ?? "", received: file.owner === "received", endless: false };
        } catch (error) {
          if (error instanceof VshFsError) return { error: failure("vsh", error.message) };
          throw error;
        }
        continue;
      }
      if (path === "/dev/null") {
        const sink: Target = { kind: "null" };
        if (redirect.op === "&>") fds[1] = fds[2] = sink;
        else if (redirect.fd === 1 || redirect.fd === 2) fds[redirect.fd] = sink;
        continue;
      }
      const existing = this.fs.get(path);
      const probe = this.#probeWrite(path, priv);
      if (probe !== undefined) return { error: failure("vsh", probe) };
      const file: Target = { kind: "file", path, append: redirect.op === ">>", text: "", received: false, existed: existing !== undefined };
      if (redirect.op === "&>") fds[1] = fds[2] = file;
      else if (redirect.fd === 1 || redirect.fd === 2) fds[redirect.fd] = file;
    }
    return { fds, stdin };
  }

  /** Why a redirection could not open `path` for writing, or undefined when it can. */
  #probeWrite(path: string, priv: boolean): string | undefined {
    const existing = this.fs.get(path);
    if (existing?.type === "dir") return `${path}: Is a directory`;
    if (priv) return undefined;
    const owned = (entry: { uid: string; mode: number } | undefined, bit: number): boolean =>
      entry !== undefined && ((entry.uid === this.state.user ? (entry.mode >> 6) & 7 : entry.mode & 7) & bit) !== 0;
    if (existing) return owned(existing, 2) ? undefined : `${path}: Permission denied`;
    const parent = this.fs.get(path.slice(0, Math.max(1, path.lastIndexOf("/"))) || "/");
    if (!parent) return `${path}: No such file or directory`;
    return owned(parent, 2) ? undefined : `${path}: Permission denied`;
  }

  /** Sends a program's output where its descriptors point, writing each file once. */
  #route(result: Run, fds: Fds, priv: boolean): Run {
    let stdout = "";
    let stderr = "";
    const send = (target: Target, text: string, received: boolean): void => {
      if (target.kind === "out") stdout += text;
      else if (target.kind === "err") stderr += text;
      else if (target.kind === "file") {
        target.text += text;
        target.received ||= received;
      }
    };
    const endlessTarget = result.endless ? fds[1] : undefined;
    if (endlessTarget?.kind === "file") {
      // An endless stream into a file fills the disk: record it and fill what is left.
      this.log.record("resource.disk_fill", "terminal/resources/disk", null, { command: this.#line, path: endlessTarget.path });
      this.fs.allocate(endlessTarget.path, this.fs.free() + (this.fs.get(endlessTarget.path)?.size ?? 0), priv);
      return {
        stdout: "",
        stderr: `${result.stderr}vsh: ${endlessTarget.path}: No space left on device\n`,
        status: 1,
        received: false,
        endless: false,
      };
    }
    if (endlessTarget?.kind === "null") this.log.record("resource.cpu_burn", "terminal/resources/cpu", null, { command: this.#line });
    send(fds[1], result.stdout, result.received);
    send(fds[2], result.stderr, false);
    const written = new Set<Target>();
    for (const target of [fds[1], fds[2]]) {
      if (target.kind !== "file" || written.has(target)) continue;
      written.add(target);
      try {
        this.fs.write(target.path, target.text, { append: target.append, owner: target.received ? "received" : "owned", priv });
      } catch (error) {
        if (!(error instanceof VshFsError)) throw error;
        stderr += `vsh: ${error.message}\n`;
      }
    }
    const toTerminal = fds[1].kind === "out";
    return {
      stdout,
      stderr,
      status: result.status,
      received: toTerminal && result.received,
      endless: toTerminal && result.endless,
    };
  }

  /** Expands words to fields: variables, `~`, command substitution, word splitting of unquoted results, globs. */
  #expandWords(words: readonly ShellWord[], priv: boolean, split = true): string[] {
    const fields: string[] = [];
    for (const word of words) {
      let current = "";
      let pattern = "";
      let started = false;
      let globbed = false;
      const pieces: { text: string; pattern: string; globbed: boolean }[] = [];
      const cut = (): void => {
        if (started) pieces.push({ text: current, pattern, globbed });
        current = "";
        pattern = "";
        started = false;
        globbed = false;
      };
      const addText = (text: string): void => {
        current += text;
        pattern += text.replace(/[\\*?[\]]/g, "\\$&");
        started = true;
      };
      const addSplit = (value: string, quoted: boolean): void => {
        if (quoted || !split) {
          addText(value);
          return;
        }
        const parts = value.split(/[ \t\n]+/);
        parts.forEach((part, index) => {
          if (index > 0) cut();
          if (part !== "") addText(part);
        });
      };
      for (const part of word.parts) {
        if (part.kind === "text") {
          addText(part.text);
          started = true;
        } else if (part.kind === "tilde") addText(part.user === "" ? this.state.home : `/home/${part.user}`);
        else if (part.kind === "glob") {
          current += part.text;
          pattern += part.text;
          started = true;
          globbed = true;
        } else if (part.kind === "variable") addSplit(this.#variable(part.name), part.quoted);
        else if (part.style === "process") throw new ExpansionError("process substitution <( ) is not supported");
        else {
          const run = this.#nested(() => this.#lineRun(part.line, { text: "", received: false, endless: false }, priv));
          this.#sideErrors += run.stderr;
          addSplit(run.stdout.replace(/\n+$/, ""), part.quoted);
        }
      }
      cut();
      for (const piece of pieces) fields.push(...(piece.globbed ? this.#glob(piece.pattern, piece.text) : [piece.text]));
    }
    return fields;
  }

  #variable(name: string): string {
    if (name === "?") return String(this.#lastStatus);
    if (name === "$") return "4242";
    if (name === "#") return "0";
    if (name === "0") return "vsh";
    return this.state.env[name] ?? "";
  }

  /** Paths matching a glob pattern, sorted; the pattern's own text when nothing matches (as bash does). */
  #glob(pattern: string, literal: string): string[] {
    const absolute = pattern.startsWith("/");
    let paths = [absolute ? "/" : this.state.cwd];
    const segments = pattern.split("/").filter((segment) => segment !== "");
    for (const segment of segments) {
      const next: string[] = [];
      const hasGlob = /(^|[^\\])[*?[]/.test(segment);
      for (const base of paths) {
        const prefix = base === "/" ? "/" : `${base}/`;
        if (!hasGlob) {
          const path = prefix + segment.replace(/\\(.)/g, "$1");
          if (this.fs.get(path)) next.push(path);
          continue;
        }
        const regex = globRegExp(segment);
        for (const name of this.fs.list(base))
          if (regex.test(name) && (!name.startsWith(".") || segment.startsWith("."))) next.push(prefix + name);
      }
      paths = next;
    }
    if (paths.length === 0) return [literal];
    const cwdPrefix = this.state.cwd === "/" ? "/" : `${this.state.cwd}/`;
    return paths.sort().map((path) => (absolute ? path : path.slice(cwdPrefix.length)));
  }
}

type Target =
  | { kind: "out" }
  | { kind: "err" }
  | { kind: "null" }
  | { kind: "file"; path: string; append: boolean; text: string; received: boolean; existed: boolean };
type Fds = { 1: Target; 2: Target };

class ExpansionError extends Error {}

function done(result: ProgramResult): Run {
  return { ...result, received: result.received ?? false, endless: result.endless ?? false };
}

function parseOrEmpty(text: string): ShellLine {
  try {
    return parseShellLine(text);
  } catch (error) {
    if (error instanceof ShellSyntaxError) return { items: [] };
    throw error;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether a line runs `sudo` at its top level without `-S`, so the password must be asked before anything runs. */
function needsPassword(line: ShellLine): boolean {
  return line.items.some((item) =>
    [item.chain.first, ...item.chain.rest.map((link) => link.pipeline)].some((pipeline) =>
      pipeline.commands.some((command) => {
        if (command.kind !== "simple" || command.words[0] === undefined || literalWord(command.words[0]) !== "sudo") return false;
        const flags = command.words.slice(1).map(literalWord);
        if (flags.includes("-S")) return false;
        return !(flags[0] === "-k" && flags.length === 1);
      }),
    ),
  );
}
