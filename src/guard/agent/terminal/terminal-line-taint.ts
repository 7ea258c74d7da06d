import { posix } from "node:path";
import { parseShellLine, type ShellCommand, type ShellLine, type ShellWord } from "../../../core/index.js";

/** Who a path's content comes from, as the workspace labels its files. */
export type PathOwnership = "owned" | "received" | "unknown";

export interface TerminalLineContext {
  /** The directory the line runs in, absolute. */
  cwd: string;
  /** The user's home directory, absolute (`~` and `$HOME`). */
  home: string;
  /** The label of an absolute path; anything not known to be the user's is not `owned`. */
  ownership(path: string): PathOwnership;
}

/** Why a typed line taints the terminal (fixed codes; never the line's text). */
export type TaintReason =
  | "unparsed"
  | "compound"
  | "substitution"
  | "download_to_screen"
  | "network_client"
  | "remote_shell"
  | "reads_unowned_file"
  | "inline_code"
  | "eval"
  | "source_unowned"
  | "remote_history"
  | "remote_output"
  | "remote_metadata"
  | "unowned_directory"
  | "unknown_program";

export type TerminalLineVerdict = { taints: false; reason: "local_owned" } | { taints: true; reason: TaintReason };

const CLEAN: TerminalLineVerdict = { taints: false, reason: "local_owned" };
const taint = (reason: TaintReason): TerminalLineVerdict => ({ taints: true, reason });

/** Programs that print the content of the files they are given (or of standard input). */
const FILE_READERS: ReadonlySet<string> = new Set([
  "cat",
  "less",
  "more",
  "head",
  "tail",
  "bat",
  "strings",
  "xxd",
  "od",
  "tac",
  "nl",
  "sort",
  "uniq",
  "wc",
]);
/** Readers whose first operand is a pattern or a script, not a file. */
const PATTERN_READERS: ReadonlySet<string> = new Set(["grep", "sed"]);
/** Programs whose output is about the user's own state or nothing at all. */
const LOCAL_QUIET: ReadonlySet<string> = new Set([
  "pwd",
  "cd",
  "mkdir",
  "touch",
  "cp",
  "mv",
  "rm",
  "rmdir",
  "chmod",
  "chown",
  "clear",
  "reset",
  "export",
  "alias",
  "true",
  "false",
  "whoami",
  "date",
  "history",
]);
const NETWORK_CLIENTS: ReadonlySet<string> = new Set(["nc", "ncat", "netcat", "telnet", "socat"]);
const INTERPRETERS: ReadonlySet<string> = new Set(["python", "python3", "node", "perl", "ruby", "bash", "sh", "zsh", "dash", "php", "lua"]);
const INLINE_FLAGS: ReadonlySet<string> = new Set(["-c", "-e", "-E", "--eval"]);
/** git subcommands that print only the user's own work in an owned repository. */
const GIT_LOCAL: ReadonlySet<string> = new Set([
  "status",
  "init",
  "add",
  "commit",
  "config",
  "checkout",
  "switch",
  "branch",
  "rm",
  "mv",
  "restore",
]);
/** git subcommands that print a repository's history and content. */
const GIT_HISTORY: ReadonlySet<string> = new Set(["log", "show", "diff", "blame", "cat-file", "shortlog", "grep", "reflog"]);
const SERVICE_ACTIONS_QUIET: ReadonlySet<string> = new Set(["start", "stop", "restart", "reload", "enable", "disable"]);

/**
 * Terminal trust tracking's classifier (docs/design/guarded-agent.md, "Terminal trust"): whether a
 * line the host typed into a terminal, once run, puts text on the screen that the user did not
 * write. The guarantee, on the lines it says `taints: false` for: every command is one this file
 * lists as printing only the user's own state (its files labelled `owned`) or nothing, and nothing
 * in the line substitutes, expands a variable into a path, or runs code it was given. Everything
 * else taints — an unparsable line, a compound command, any substitution, an unknown program
 * (default deny) — so a program the list forgot masks the terminal rather than showing it.
 *
 * Output sent to a file (`> file`) does not reach the screen, so `curl URL > file` does not taint;
 * output piped to another command does, through it.
 */
export function classifyTerminalLine(line: string, context: TerminalLineContext): TerminalLineVerdict {
  let parsed: ShellLine;
  try {
    parsed = parseShellLine(line);
  } catch {
    return taint("unparsed");
  }
  const commands = parsed.items
    .flatMap((item) => [item.chain.first, ...item.chain.rest.map((link) => link.pipeline)])
    .flatMap((pipeline) => pipeline.commands);
  for (const command of commands) {
    if (command.kind === "compound") return taint("compound");
    const words = [...command.words, ...command.assignments.map((a) => a.value), ...command.redirects.map((r) => r.target)];
    if (words.some((word) => word.parts.some((part) => part.kind === "substitution"))) return taint("substitution");
  }
  for (const command of commands) {
    const verdict = classifyCommand(command as Extract<ShellCommand, { kind: "simple" }>, context);
    if (verdict.taints) return verdict;
  }
  return CLEAN;
}

/** A word's text with `~`/`$HOME` expanded; null when any other expansion (a variable, a glob) makes it unknowable. */
function expand(word: ShellWord, home: string): string | null {
  let text = "";
  for (const part of word.parts) {
    if (part.kind === "text") text += part.text;
    else if (part.kind === "tilde" && part.user === "") text += home;
    else if (part.kind === "variable" && part.name === "HOME") text += home;
    else return null;
  }
  return text;
}

function classifyCommand(command: Extract<ShellCommand, { kind: "simple" }>, context: TerminalLineContext): TerminalLineVerdict {
  const words = command.words.map((word) => expand(word, context.home));
  const toFile = command.redirects.some((r) => (r.op === ">" || r.op === ">>" || r.op === "&>") && r.fd === 1);
  const owned = (text: string | null) => text !== null && context.ownership(posix.resolve(context.cwd, text)) === "owned";
  // Standard input from a file that is not the user's feeds whatever reads it.
  if (command.redirects.some((r) => r.op === "<" && !owned(expand(r.target, context.home)))) return taint("reads_unowned_file");
  if (command.redirects.some((r) => r.op === "<<<")) return taint("unknown_program");
  if (words.length === 0) return CLEAN; // assignments alone print nothing
  let start = 0;
  while (words[start] === "sudo") start++;
  const program = words[start];
  const args = words.slice(start + 1);
  if (program === null || program === undefined) return taint("unknown_program");
  const operands = args.filter((arg) => arg === null || !arg.startsWith("-"));

  if (program === "eval") return taint("eval");
  if (program === "source" || program === ".") return operands.length > 0 && operands.every(owned) ? CLEAN : taint("source_unowned");
  if (INTERPRETERS.has(program))
    return taint(args.some((arg) => arg !== null && INLINE_FLAGS.has(arg)) ? "inline_code" : "unknown_program");
  if (NETWORK_CLIENTS.has(program)) return taint("network_client");
  if (program === "ssh" || program === "scp" || program === "sftp") return taint("remote_shell");
  if (program === "curl") {
    const i = args.findIndex((arg) => arg === "-o" || arg === "--output");
    const toNamedFile =
      (i >= 0 && args[i + 1] !== "-" && args[i + 1] !== undefined) || args.includes("-O") || args.includes("--remote-name");
    return toNamedFile || toFile ? CLEAN : taint("download_to_screen");
  }
  if (program === "wget") {
    const i = args.findIndex((arg) => arg === "-O" || arg === "--output-document");
    const toStdout =
      (i >= 0 && args[i + 1] === "-") || args.some((arg) => arg !== null && /^(?:-[a-zA-Z]*O-|--output-document=-)$/.test(arg));
    return toStdout && !toFile ? taint("download_to_screen") : CLEAN;
  }
  if (FILE_READERS.has(program) || PATTERN_READERS.has(program)) {
    const files = PATTERN_READERS.has(program) ? operands.slice(1) : operands;
    return toFile || files.every(owned) ? CLEAN : taint("reads_unowned_file");
  }
  if (program === "ls") {
    const dirs = operands.length === 0 ? [context.cwd] : operands;
    return toFile || dirs.every(owned) ? CLEAN : taint("unowned_directory");
  }
  if (program === "echo")
    return toFile || command.words.every((word) => expand(word, context.home) !== null) ? CLEAN : taint("unknown_program");
  if (program === "git") return classifyGit(args, context, owned);
  if (program === "pip" || program === "pip3" || program === "npm" || program === "apt" || program === "apt-get" || program === "docker") {
    // `pip show`, `npm view` print what a package's author wrote; installs run the package's own scripts, which may print anything.
    return toFile ? CLEAN : taint("remote_metadata");
  }
  if (program === "systemctl" || program === "service") {
    const action = program === "systemctl" ? operands[0] : operands[1];
    return action !== null && action !== undefined && SERVICE_ACTIONS_QUIET.has(action) ? CLEAN : taint("unknown_program");
  }
  if (LOCAL_QUIET.has(program)) return CLEAN;
  return toFile ? CLEAN : taint("unknown_program");
}

function classifyGit(
  args: readonly (string | null)[],
  context: TerminalLineContext,
  owned: (text: string | null) => boolean,
): TerminalLineVerdict {
  let repo: string | null = context.cwd;
  let i = 0;
  while (i < args.length && args[i]?.startsWith("-")) {
    if (args[i] === "-C") {
      repo = args[i + 1] ?? null;
      i += 2;
    } else i++;
  }
  const sub = args[i];
  if (sub === null || sub === undefined) return CLEAN; // `git` alone prints its own usage
  if (GIT_HISTORY.has(sub)) return owned(repo) ? CLEAN : taint("remote_history");
  if (GIT_LOCAL.has(sub)) return owned(repo) ? CLEAN : taint("remote_history");
  // clone, fetch, pull, push print what the server sends ("remote: …").
  return taint("remote_output");
}
