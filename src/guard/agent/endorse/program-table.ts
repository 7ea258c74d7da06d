import type { Ecosystem } from "../values/index.js";
import type { Capability } from "./capabilities.js";
import type { PathEffect } from "./path-effects.js";

/**
 * What an argument of a known program is, and so which check it must pass
 * (docs/design/guarded-agent.md, "Registries, listings and procedures"):
 * - `url`: a resource to fetch (https, ASCII host, no user information);
 * - `index_url`: a package index (an allowlisted host, whatever the route);
 * - `file_path`: under the home directory or a path the request names, outside the protected list;
 * - `package`: a package name of the program's ecosystem, with an optional version pin;
 * - `image`: a container image (`name[:tag]`);
 * - `mode`, `owner`, `config_key`, `action`, `unit`, `remote`, `branch`, `name`, `count`, `text`,
 *   `env` (`NAME=value`, never a variable the shell runs as code): closed grammars
 *   (`argument-checks.ts`);
 * - `code`: a shell line that is checked again by the same rules (`bash -c`).
 */
export type ArgumentKind =
  | "url"
  | "index_url"
  | "file_path"
  | "package"
  | "image"
  | "mode"
  | "owner"
  | "config_key"
  | "text"
  | "action"
  | "unit"
  | "remote"
  | "branch"
  | "name"
  | "count"
  | "env"
  | "code";

/**
 * The standard operations of route A: fetching what the request names, and making an empty
 * directory or file (`mkdir`, `touch`), whose only arguments are paths that pass their own checks
 * (under home or named, not protected, a config file only when named): the page picks no content.
 */
type StandardOperation = "clone" | "install" | "download" | "pull" | "create";

export interface ProgramSpec {
  /** The words that select the entry: the program, then fixed subcommand words (`python3 -m pip install`). */
  readonly words: readonly string[];
  readonly capabilities: readonly Capability[];
  /** Options without a value, with the capabilities each adds. */
  readonly flags?: Readonly<Record<string, readonly Capability[]>>;
  /** Options that take a value (`-o FILE`, `--output=FILE`), the value's kind, added capabilities and, for a path, its effect. */
  readonly options?: Readonly<Record<string, { kind: ArgumentKind; adds?: readonly Capability[]; effect?: PathEffect }>>;
  /** Kinds of the positional arguments in order; the last repeats when `repeat` is set. */
  readonly operands: readonly ArgumentKind[];
  readonly minOperands: number;
  readonly repeat?: boolean;
  readonly operation?: StandardOperation;
  /** Whose names a `package` argument is. */
  readonly ecosystem?: Ecosystem;
  /** What the command does to the files its path operands name (`path-effects.ts`; default `read`). */
  readonly pathEffect?: PathEffect;
  /** With two path operands or more, what it does to the last (the destination of `cp` and `mv`). */
  readonly destinationEffect?: PathEffect;
  /**
   * A file the command writes without a path argument naming it: the last segment of its URL in
   * the working directory (`curl -O`, `wget` without `-O`, `git clone` without a directory).
   */
  readonly implicitTarget?: {
    readonly effect: PathEffect;
    /** Only when one of these flags is given (`curl -O`). */
    readonly whenFlags?: readonly string[];
    /** Only when none of these options is given (`wget -O`) and no path operand (`git clone URL`). */
    readonly unlessOptions?: readonly string[];
    readonly unlessPathOperand?: boolean;
    /** An option that names the directory instead of the working directory (`wget -P`). */
    readonly directoryOption?: string;
  };
  /** `cd`: runs nothing, so it is no stage for the routes; later relative paths are read from its target. */
  readonly changesDirectory?: boolean;
}

const PIP: Omit<ProgramSpec, "words"> = {
  capabilities: ["net.download", "pkg.user"],
  flags: { "--user": [], "-U": [], "--upgrade": [], "-q": [], "--quiet": [], "--no-cache-dir": [] },
  options: {
    "-r": { kind: "file_path", adds: ["fs.read"] },
    "--requirement": { kind: "file_path", adds: ["fs.read"] },
    "-i": { kind: "index_url" },
    "--index-url": { kind: "index_url" },
    "--extra-index-url": { kind: "index_url" },
  },
  operands: ["package"],
  minOperands: 0,
  repeat: true,
  operation: "install",
  ecosystem: "pypi",
};

const APT: Omit<ProgramSpec, "words"> = {
  capabilities: ["net.download", "pkg.system", "priv"],
  flags: { "-y": [], "--yes": [], "-q": [], "--no-install-recommends": [] },
  operands: ["package"],
  minOperands: 1,
  repeat: true,
  operation: "install",
  ecosystem: "debian",
};

/** Options of `ls` that change only how it prints what it lists. */
const LS_FLAGS: Readonly<Record<string, readonly Capability[]>> = Object.fromEntries(
  ["-l", "-a", "-A", "-h", "-F", "-R", "-1", "-t", "-r", "-S", "-d", "--all", "--human-readable"].map((flag) => [flag, []]),
);

const SERVICE: Omit<ProgramSpec, "words" | "operands"> = { capabilities: ["sys.service", "priv"], minOperands: 2 };

/**
 * The known programs, as data (docs/design/guarded-agent.md, "Registries, listings and procedures"). A program or subcommand not listed here is refused, and
 * so is an option not listed for it: default deny. `sudo`, `bash -c`/`sh -c` and `alias` wrap
 * another command and are handled where stages are read (`procedure-stages.ts`), not here.
 */
const PROGRAM_TABLE: readonly ProgramSpec[] = [
  {
    words: ["git", "clone"],
    capabilities: ["net.download", "fs.write"],
    flags: { "--recursive": [], "--recurse-submodules": [], "-q": [], "--quiet": [] },
    options: { "--depth": { kind: "count" }, "-b": { kind: "branch" }, "--branch": { kind: "branch" } },
    operands: ["url", "file_path"],
    minOperands: 1,
    operation: "clone",
    pathEffect: "fetch",
    implicitTarget: { effect: "fetch", unlessPathOperand: true },
  },
  { words: ["git", "config"], capabilities: ["sys.config"], flags: { "--global": [] }, operands: ["config_key", "text"], minOperands: 2 },
  { words: ["git", "push"], capabilities: ["net.upload"], operands: ["remote", "branch"], minOperands: 0 },
  { words: ["pip", "install"], ...PIP },
  { words: ["pip3", "install"], ...PIP },
  { words: ["python", "-m", "pip", "install"], ...PIP },
  { words: ["python3", "-m", "pip", "install"], ...PIP },
  {
    words: ["npm", "install"],
    capabilities: ["net.download", "pkg.user"],
    flags: { "-g": ["pkg.system"], "--global": ["pkg.system"], "--save-dev": [], "-D": [] },
    operands: ["package"],
    minOperands: 1,
    repeat: true,
    operation: "install",
    ecosystem: "npm",
  },
  { words: ["apt", "install"], ...APT },
  { words: ["apt-get", "install"], ...APT },
  {
    words: ["docker", "pull"],
    capabilities: ["net.download"],
    flags: { "-q": [] },
    operands: ["image"],
    minOperands: 1,
    operation: "pull",
    ecosystem: "docker",
  },
  {
    words: ["docker", "run"],
    capabilities: ["net.download", "exec.code"],
    flags: { "--rm": [], "-d": [], "-i": [], "-t": [] },
    operands: ["image"],
    minOperands: 1,
    ecosystem: "docker",
  },
  {
    words: ["curl"],
    capabilities: ["net.download"],
    flags: {
      "-L": [],
      "-s": [],
      "-S": [],
      "-f": [],
      "--fail": [],
      "--location": [],
      "--silent": [],
      "-O": ["fs.write"],
      "--remote-name": ["fs.write"],
    },
    options: {
      "-o": { kind: "file_path", adds: ["fs.write"], effect: "download" },
      "--output": { kind: "file_path", adds: ["fs.write"], effect: "download" },
    },
    operands: ["url"],
    minOperands: 1,
    operation: "download",
    implicitTarget: { effect: "download", whenFlags: ["-O", "--remote-name"] },
  },
  {
    words: ["wget"],
    capabilities: ["net.download", "fs.write"],
    flags: { "-q": [], "-c": [] },
    options: { "-O": { kind: "file_path", effect: "download" }, "-P": { kind: "file_path", effect: "create" } },
    operands: ["url"],
    minOperands: 1,
    operation: "download",
    implicitTarget: { effect: "download", unlessOptions: ["-O"], directoryOption: "-P" },
  },
  {
    words: ["mkdir"],
    capabilities: ["fs.write"],
    flags: { "-p": [] },
    operands: ["file_path"],
    minOperands: 1,
    repeat: true,
    pathEffect: "create",
    operation: "create",
  },
  {
    words: ["touch"],
    capabilities: ["fs.write"],
    operands: ["file_path"],
    minOperands: 1,
    repeat: true,
    pathEffect: "create",
    operation: "create",
  },
  {
    words: ["cp"],
    capabilities: ["fs.read", "fs.write"],
    flags: { "-r": [], "-R": [], "-a": [] },
    operands: ["file_path"],
    minOperands: 2,
    repeat: true,
    destinationEffect: "write",
  },
  {
    words: ["mv"],
    capabilities: ["fs.write", "fs.delete"],
    flags: { "-n": [] },
    operands: ["file_path"],
    minOperands: 2,
    repeat: true,
    pathEffect: "delete",
    destinationEffect: "write",
  },
  {
    words: ["tee"],
    capabilities: ["fs.write"],
    flags: { "-a": [] },
    operands: ["file_path"],
    minOperands: 1,
    repeat: true,
    pathEffect: "write",
  },
  {
    words: ["rm"],
    capabilities: ["fs.delete"],
    flags: { "-r": [], "-R": [], "-f": [] },
    operands: ["file_path"],
    minOperands: 1,
    repeat: true,
    pathEffect: "delete",
  },
  { words: ["rmdir"], capabilities: ["fs.delete"], operands: ["file_path"], minOperands: 1, repeat: true, pathEffect: "delete" },
  {
    words: ["chmod"],
    capabilities: ["fs.perm"],
    flags: { "-R": [] },
    operands: ["mode", "file_path"],
    minOperands: 2,
    repeat: true,
    pathEffect: "perm",
  },
  {
    words: ["chown"],
    capabilities: ["fs.perm"],
    flags: { "-R": [] },
    operands: ["owner", "file_path"],
    minOperands: 2,
    repeat: true,
    pathEffect: "perm",
  },
  { words: ["systemctl"], ...SERVICE, operands: ["action", "unit"] },
  { words: ["service"], ...SERVICE, operands: ["unit", "action"] },
  { words: ["update-alternatives", "--set"], capabilities: ["sys.config", "priv"], operands: ["name", "file_path"], minOperands: 2 },
  { words: ["export"], capabilities: ["sys.config"], operands: ["env"], minOperands: 1 },
  // No capability of their own: `cd` changes no file, `echo`/`printf` print the words they are
  // given. A redirection of their output is a write and is judged as one (`readRedirect`).
  { words: ["cd"], capabilities: [], operands: ["file_path"], minOperands: 0, pathEffect: "cd", changesDirectory: true },
  { words: ["echo"], capabilities: [], flags: { "-n": [], "-e": [], "-E": [] }, operands: ["text"], minOperands: 0, repeat: true },
  { words: ["printf"], capabilities: [], operands: ["text"], minOperands: 1, repeat: true },
  // `ls` prints names and metadata, never a file's contents; what it lists passes the path checks
  // (home or a named path, not protected). Aliases wrap it (`alias ll='ls -la'`).
  {
    words: ["ls"],
    capabilities: [],
    flags: LS_FLAGS,
    operands: ["file_path"],
    minOperands: 0,
    repeat: true,
  },
  // tmux sessions by name only: an operand would be a command for the session's shell, so none is
  // allowed (`tmux new -A -s main`, the alias of the RTC tmux goal).
  ...["new", "new-session"].map((sub) => ({
    words: ["tmux", sub],
    capabilities: [],
    flags: { "-A": [], "-d": [] },
    options: { "-s": { kind: "name" as const } },
    operands: [],
    minOperands: 0,
  })),
  ...["attach", "attach-session", "a"].map((sub) => ({
    words: ["tmux", sub],
    capabilities: [],
    options: { "-t": { kind: "name" as const } },
    operands: [],
    minOperands: 0,
  })),
];

/** Programs that run code given to them on standard input: a pipe into one is refused. */
export const INTERPRETERS: ReadonlySet<string> = new Set([
  "bash",
  "sh",
  "zsh",
  "dash",
  "ksh",
  "fish",
  "python",
  "python3",
  "perl",
  "ruby",
  "node",
  "php",
  "lua",
  "tclsh",
]);

/** The table entry a command's words select: the longest `words` prefix that matches. */
export function findProgram(argv: readonly string[]): ProgramSpec | undefined {
  let best: ProgramSpec | undefined;
  for (const spec of PROGRAM_TABLE) {
    if (spec.words.length <= argv.length && spec.words.every((word, i) => argv[i] === word)) {
      if (best === undefined || spec.words.length > best.words.length) best = spec;
    }
  }
  return best;
}
