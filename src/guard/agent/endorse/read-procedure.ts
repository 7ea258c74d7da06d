import { posix } from "node:path";
import {
  parseShellLine,
  quoteShellWord,
  type ShellCommand,
  type ShellLine,
  type ShellPipeline,
  type ShellRedirect,
  type ShellWord,
} from "../../../core/index.js";
import { type ArgumentContext, checkArgument, checkFilePath, workingDirectories } from "./argument-checks.js";
import type { Capability } from "./capabilities.js";
import type { CheckedCommand, CheckedSimple, CheckedStage, CheckedWord, TypedArgument } from "./checked-command.js";
import { checkPathUse, type PathUse, resolveAgainst } from "./path-effects.js";
import type { ProcedureReason } from "./procedure-reasons.js";
import { type ArgumentKind, findProgram, INTERPRETERS, type ProgramSpec } from "./program-table.js";

export type ProcedureRead = { ok: true; command: CheckedCommand } | { ok: false; reason: ProcedureReason };

class Refusal extends Error {
  constructor(readonly reason: ProcedureReason) {
    super(reason);
  }
}

const refuse = (reason: ProcedureReason): never => {
  throw new Refusal(reason);
};

/** The context of one line as it is read: the working directories grow with each `cd`. */
interface ReadState extends ArgumentContext {
  cwds: string[];
}

/** How deep `sudo`, `bash -c` and `alias` may nest before the command is refused. */
const MAX_DEPTH = 4;

/**
 * Reads a shell line under the program table (docs/design/guarded-agent.md, "Registries, listings
 * and procedures"), refusing every construct the table does not vouch for and rebuilding the line
 * from its checked parts. The guarantee: a line that is read holds no loop or other compound
 * command, no substitution of any style, no `eval`, `source` or `.`, no pipe into an interpreter,
 * no variable but `~`/`$HOME` at a word's start, no glob, no program, subcommand or option outside
 * the table, no protected or (unless the request names it) outside-home path, and no URL that is
 * not https or carries user information or a non-ASCII host; and its `rebuilt` text parses back to
 * the same words. Everything not understood is refused (default deny): the table is what an
 * attacker reads, so what it leaves out must fail closed.
 */
export function readProcedure(text: string, context: ArgumentContext): ProcedureRead {
  let line: ShellLine;
  try {
    line = parseShellLine(text);
  } catch {
    return { ok: false, reason: "SYNTAX" };
  }
  try {
    return { ok: true, command: readLine(line, { ...context, cwds: [...workingDirectories(context)] }, 0) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason };
    throw error;
  }
}

function readLine(line: ShellLine, context: ReadState, depth: number): CheckedCommand {
  if (depth > MAX_DEPTH) refuse("UNSUPPORTED_SYNTAX");
  if (line.items.length === 0) refuse("SYNTAX");
  // The constructs refused outright are looked for first, anywhere in the line, so a refusal names
  // the construct and not whatever else in the line happens to come first.
  scanLine(line);
  const simples: CheckedSimple[] = [];
  const items = line.items.map((item) => {
    if (item.background) refuse("UNSUPPORTED_SYNTAX");
    const pipelines = [item.chain.first, ...item.chain.rest.map((link) => link.pipeline)];
    const texts = pipelines.map((pipeline) => readPipeline(pipeline, context, depth, simples));
    return texts.reduce((joined, next, i) => `${joined} ${item.chain.rest[i - 1]!.op} ${next}`);
  });
  const capabilities = new Set<Capability>(simples.flatMap((simple) => [...simple.capabilities]));
  return { rebuilt: items.join("; "), simples, stages: simples.flatMap((simple) => simple.stages), capabilities };
}

/** Refusals that hold wherever the construct is: compound commands and substitutions. */
function scanLine(line: ShellLine): void {
  for (const item of line.items) {
    for (const pipeline of [item.chain.first, ...item.chain.rest.map((link) => link.pipeline)]) {
      for (const command of pipeline.commands) {
        if (command.kind === "compound") refuse("COMPOUND");
        else {
          const words = [...command.words, ...command.assignments.map((a) => a.value), ...command.redirects.map((r) => r.target)];
          if (words.some((word) => word.parts.some((part) => part.kind === "substitution"))) refuse("SUBSTITUTION");
        }
      }
    }
  }
}

function readPipeline(pipeline: ShellPipeline, context: ReadState, depth: number, simples: CheckedSimple[]): string {
  if (pipeline.negated) refuse("UNSUPPORTED_SYNTAX");
  pipeline.commands.forEach((command, index) => {
    if (index > 0 && command.kind === "simple" && feedsInterpreter(command)) refuse("INTERPRETER_PIPE");
  });
  return pipeline.commands
    .map((command) => {
      const simple = readSimple(command, context, depth);
      simples.push(simple);
      return simple.rebuilt;
    })
    .join(" | ");
}

/** Whether a command that reads a pipe is an interpreter, directly or behind `sudo`/`env`. */
function feedsInterpreter(command: Extract<ShellCommand, { kind: "simple" }>): boolean {
  for (const word of command.words) {
    const text = word.parts.map((part) => (part.kind === "text" ? part.text : "\u0000")).join("");
    const program = text.slice(text.lastIndexOf("/") + 1);
    if (INTERPRETERS.has(program)) return true;
    if (program !== "sudo" && program !== "env" && !program.startsWith("-")) return false;
  }
  return false;
}

/** A word's text with `~`/`$HOME` at its start, or a refusal for anything else that expands. */
function checkWord(word: ShellWord, home: string): CheckedWord {
  let homeStart = false;
  let text = "";
  // Home may only open the word: nothing but empty quotes (`"$HOME/x"` starts with one) before it.
  const atStart = () => text === "" && !homeStart;
  for (const part of word.parts) {
    switch (part.kind) {
      case "text":
        text += part.text;
        break;
      case "tilde":
        if (part.user !== "") refuse("PATH_OUTSIDE_HOME");
        if (!atStart()) refuse("VARIABLE_EXPANSION");
        homeStart = true;
        break;
      case "variable":
        if (part.name !== "HOME" || !atStart()) refuse("VARIABLE_EXPANSION");
        homeStart = true;
        break;
      case "glob":
        refuse("GLOB");
        break;
      case "substitution":
        refuse("SUBSTITUTION");
    }
  }
  if (!homeStart) return { expanded: text, raw: text, rebuilt: quoteShellWord(text) };
  // `$HOME` glued to a name (`$HOMEx` is another variable; `"$HOME"x`) is not a path under home.
  if (text !== "" && !text.startsWith("/")) refuse("VARIABLE_EXPANSION");
  const rest = text.slice(1);
  return { expanded: home + text, raw: `~${text}`, rebuilt: text === "" ? "~" : rest === "" ? "~/" : `~/${quoteShellWord(rest)}` };
}

function readSimple(command: ShellCommand, context: ReadState, depth: number): CheckedSimple {
  if (command.kind === "compound") return refuse("COMPOUND");
  if (command.assignments.length > 0) refuse("ASSIGNMENT");
  if (command.words.length === 0) refuse("UNSUPPORTED_SYNTAX");
  const words = command.words.map((word) => checkWord(word, context.home));
  const run = readRun(words, context, depth);
  const redirects = command.redirects.map((redirect) => readRedirect(redirect, context));
  const capabilities = new Set<Capability>([...run.capabilities, ...redirects.flatMap((r) => r.capabilities)]);
  const rebuilt = [run.rebuilt, ...redirects.map((r) => r.rebuilt)].join(" ");
  return { rebuilt, argv: [...run.argv, ...redirects.map((r) => r.target)], stages: run.stages, capabilities };
}

interface Run {
  rebuilt: string;
  argv: string[];
  stages: CheckedStage[];
  capabilities: Capability[];
}

/** The words of one simple command: a wrapper (`sudo`, `bash -c`, `alias`) or a table entry. */
function readRun(words: readonly CheckedWord[], context: ReadState, depth: number): Run {
  const program = words[0]!;
  const name = program.raw;
  if (name === "eval") refuse("EVAL");
  if (name === "source" || name === ".") refuse("SOURCE");
  if (program.raw !== program.expanded) refuse("UNKNOWN_PROGRAM"); // a program under home is the page's own code
  if (name === "sudo") {
    if (words.length < 2 || words[1]!.expanded.startsWith("-")) refuse("UNKNOWN_PROGRAM");
    const inner = readRun(words.slice(1), context, depth + 1);
    return { ...inner, rebuilt: `sudo ${inner.rebuilt}`, argv: ["sudo", ...inner.argv], capabilities: [...inner.capabilities, "priv"] };
  }
  if ((name === "bash" || name === "sh") && words[1]?.expanded === "-c") {
    if (words.length !== 3 || words[2]!.raw !== words[2]!.expanded) refuse("UNKNOWN_PROGRAM");
    const inner = readInner(words[2]!.expanded, context, depth);
    return {
      rebuilt: `${name} -c ${quoteShellWord(inner.rebuilt)}`,
      argv: [name, "-c", inner.rebuilt],
      stages: [...inner.stages],
      capabilities: [...inner.capabilities],
    };
  }
  if (name === "alias") {
    const match = words.length === 2 ? /^([A-Za-z_][A-Za-z0-9_-]{0,63})=(.+)$/s.exec(words[1]!.expanded) : null;
    if (match === null || words[1]!.raw !== words[1]!.expanded) return refuse("BAD_ARGUMENT");
    // The body runs whenever the alias is typed: it is read as a command, by the same rules.
    const inner = readInner(match[2]!, context, depth);
    const definition = `${match[1]}=${inner.rebuilt}`;
    return {
      rebuilt: `alias ${quoteShellWord(definition)}`,
      argv: ["alias", definition],
      stages: [...inner.stages],
      capabilities: ["sys.config", ...inner.capabilities],
    };
  }
  if (INTERPRETERS.has(name)) refuse("UNKNOWN_PROGRAM");
  return readTableEntry(words, context);
}

function readInner(code: string, context: ReadState, depth: number): CheckedCommand {
  let line: ShellLine;
  try {
    line = parseShellLine(code);
  } catch {
    return refuse("SYNTAX");
  }
  return readLine(line, context, depth + 1);
}

function readTableEntry(words: readonly CheckedWord[], context: ReadState): Run {
  const spec = findProgram(words.map((word) => (word.raw === word.expanded ? word.expanded : "\u0000")));
  if (spec === undefined) return refuse("UNKNOWN_PROGRAM");
  const capabilities: Capability[] = [...spec.capabilities];
  const typed: TypedArgument[] = [];
  const operands: CheckedWord[] = [];
  const flags = spec.flags ?? {};
  const options = spec.options ?? {};
  const given = new Set<string>(); // flags and options present, for the implicit target
  const rest = words.slice(spec.words.length);
  let endOfOptions = false;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const text = word.expanded;
    if (endOfOptions || !text.startsWith("-") || text === "-" || word.raw !== word.expanded) {
      operands.push(word);
      continue;
    }
    if (text === "--") {
      endOfOptions = true;
      continue;
    }
    const inline = /^(--[A-Za-z0-9-]+)=(.*)$/s.exec(text);
    if (inline !== null) {
      const option = options[inline[1]!] ?? refuse("UNKNOWN_PROGRAM");
      // `--output=~/x`: no tilde expansion after `=`, so the value is the literal text.
      const value: CheckedWord = { expanded: inline[2]!, raw: inline[2]!, rebuilt: quoteShellWord(inline[2]!) };
      typed.push({ kind: option.kind, word: value, ...(option.effect && { effect: option.effect }) });
      capabilities.push(...(option.adds ?? []));
      given.add(inline[1]!);
      continue;
    }
    if (Object.hasOwn(flags, text)) {
      capabilities.push(...flags[text]!);
      given.add(text);
      continue;
    }
    if (Object.hasOwn(options, text)) {
      const value = rest[++i] ?? refuse("BAD_ARGUMENT");
      const option = options[text]!;
      typed.push({ kind: option.kind, word: value, ...(option.effect && { effect: option.effect }) });
      capabilities.push(...(option.adds ?? []));
      given.add(text);
      continue;
    }
    // Combined single-letter flags (`-fsSL`, `-rf`): every letter must be a flag of the entry.
    const letters = /^-[A-Za-z]{2,}$/.test(text) ? [...text.slice(1)].map((letter) => `-${letter}`) : [];
    if (letters.length === 0 || !letters.every((letter) => Object.hasOwn(flags, letter))) refuse("UNKNOWN_PROGRAM");
    for (const letter of letters) {
      capabilities.push(...flags[letter]!);
      given.add(letter);
    }
  }
  if (operands.length < spec.minOperands || (!spec.repeat && operands.length > spec.operands.length)) refuse("BAD_ARGUMENT");
  const paths = operands.filter((_, index) => spec.operands[Math.min(index, spec.operands.length - 1)] === "file_path");
  operands.forEach((word, index) => {
    const kind = spec.operands[Math.min(index, spec.operands.length - 1)]!;
    const last = spec.destinationEffect !== undefined && paths.length >= 2 && word === paths[paths.length - 1];
    typed.push(kind === "file_path" ? { kind, word, effect: (last ? spec.destinationEffect : spec.pathEffect) ?? "read" } : { kind, word });
  });
  for (const argument of typed) checkTyped(argument, context, spec.ecosystem);
  for (const use of pathUses(spec, typed, paths, given, context)) {
    const checked = checkPathUse(use, context);
    if (!checked.ok) refuse(checked.reason);
    else capabilities.push(...checked.capabilities);
  }
  const argv = words.map((word) => word.expanded);
  const rebuilt = words.map((word) => word.rebuilt).join(" ");
  if (spec.changesDirectory) {
    // `cd` alone goes home. The old directories stay: a `cd` that fails leaves the shell where it was.
    const targets = paths.length === 0 ? [context.home] : resolveAgainst(paths[0]!.expanded, context.cwds);
    for (const target of targets) if (!context.cwds.includes(target)) context.cwds.push(target);
    return { rebuilt, argv, stages: [], capabilities };
  }
  return { rebuilt, argv, stages: [{ spec, arguments: typed }], capabilities };
}

/**
 * Every file a table entry's paths reach, with what it does to each: its path arguments from each
 * working directory, the copy of each source into a destination that is a directory, and the file
 * a download names after its URL when no argument names it.
 */
function pathUses(
  spec: ProgramSpec,
  typed: readonly TypedArgument[],
  paths: readonly CheckedWord[],
  given: ReadonlySet<string>,
  context: ReadState,
): PathUse[] {
  const uses: PathUse[] = [];
  for (const { kind, word, effect } of typed) {
    if (kind !== "file_path" || effect === undefined) continue;
    const targets = resolveAgainst(word.expanded, context.cwds);
    if (spec.destinationEffect !== undefined && word === paths[paths.length - 1] && paths.length >= 2) {
      const into = paths
        .slice(0, -1)
        .flatMap((source) => resolveAgainst(posix.join(word.expanded, posix.basename(source.expanded)), context.cwds));
      uses.push({ effect, raw: word.raw, targets: [...targets, ...into], namedAs: targets });
      continue;
    }
    uses.push({ effect, raw: word.raw, targets });
  }
  const implicit = spec.implicitTarget;
  if (implicit === undefined) return uses;
  if (implicit.whenFlags !== undefined && !implicit.whenFlags.some((flag) => given.has(flag))) return uses;
  if (implicit.unlessOptions?.some((option) => given.has(option))) return uses;
  if (implicit.unlessPathOperand && paths.length > 0) return uses;
  const url = typed.find((argument) => argument.kind === "url");
  if (url === undefined) return uses;
  const directory = implicit.directoryOption === undefined ? undefined : typed.find((a) => a.effect === "create" && a.kind === "file_path");
  const directories = directory === undefined ? context.cwds : resolveAgainst(directory.word.expanded, context.cwds);
  const names = remoteNames(url.word.expanded);
  uses.push({ effect: implicit.effect, raw: names[0]!, targets: names.flatMap((name) => resolveAgainst(name, directories)) });
  return uses;
}

/**
 * The names a download may give the file it saves: the URL path's last segment as written and
 * decoded, without `.git` (a clone's directory), or `index.html` when there is none. Both spellings
 * are judged, so an encoded `%2Ebashrc` is the start-up file it decodes to.
 */
function remoteNames(url: string): string[] {
  let segment = "";
  try {
    segment = new URL(url.replace(/^git\+/i, "")).pathname.split("/").pop() ?? "";
  } catch {
    return refuse("BAD_ARGUMENT");
  }
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // An undecodable name is saved as written.
  }
  const names = [...new Set([segment, decoded].map((name) => name.replace(/\.git$/, "")))].filter(
    (name) => name !== "" && name !== "." && name !== "..",
  );
  // A name holding a slash once decoded is not one the program would save under; fail closed on it as it reads.
  return names.length === 0 ? ["index.html"] : names.map((name) => name.replaceAll("/", "_"));
}

function checkTyped(argument: TypedArgument, context: ArgumentContext, ecosystem: Parameters<typeof checkArgument>[3]): void {
  const { kind, word } = argument;
  const problem =
    kind === "file_path"
      ? checkFilePath(word.expanded, word.raw, context, { home: argument.effect === "cd" })
      : word.raw !== word.expanded
        ? homeOutsidePath(kind)
        : checkArgument(kind, word.expanded, context, ecosystem);
  if (problem !== null) refuse(problem);
}

/** `~` in an argument that is not a path (a URL, a package) is a variable where none belongs. */
function homeOutsidePath(_kind: ArgumentKind): ProcedureReason {
  return "VARIABLE_EXPANSION";
}

interface CheckedRedirect {
  rebuilt: string;
  target: string;
  capabilities: Capability[];
}

/** `>`, `>>`, `&>` to a path (writes), `<` from one (reads), and `2>&1`; nothing else. */
function readRedirect(redirect: ShellRedirect, context: ReadState): CheckedRedirect {
  if (redirect.op === "<<<") return refuse("UNSUPPORTED_SYNTAX");
  const target = checkWord(redirect.target, context.home);
  if (redirect.op === ">&") {
    if (redirect.fd !== 2 || target.expanded !== "1") refuse("UNSUPPORTED_SYNTAX");
    return { rebuilt: "2>&1", target: "&1", capabilities: [] };
  }
  const problem = checkFilePath(target.expanded, target.raw, context);
  if (problem !== null) refuse(problem);
  if (redirect.op === "<") {
    if (redirect.fd !== 0) refuse("UNSUPPORTED_SYNTAX");
    return { rebuilt: `< ${target.rebuilt}`, target: target.expanded, capabilities: ["fs.read"] };
  }
  if (redirect.op !== "&>" && redirect.fd !== 1 && redirect.fd !== 2) refuse("UNSUPPORTED_SYNTAX");
  // `>` and `>>` overwrite or append: the same rules as any other write (`checkPathUse`).
  const checked = checkPathUse({ effect: "write", raw: target.raw, targets: resolveAgainst(target.expanded, context.cwds) }, context);
  if (!checked.ok) return refuse(checked.reason);
  const capabilities: Capability[] = ["fs.write", ...checked.capabilities];
  if (redirect.op === "&>") return { rebuilt: `&> ${target.rebuilt}`, target: target.expanded, capabilities };
  const fd = redirect.fd === 1 ? "" : "2";
  return { rebuilt: `${fd}${redirect.op} ${target.rebuilt}`, target: target.expanded, capabilities };
}
