import { posix } from "node:path";
import { taskTermMatch } from "../values/index.js";
import type { Capability } from "./capabilities.js";
import type { ProcedureReason } from "./procedure-reasons.js";

/**
 * The guarantee: a command the page chose never destroys, re-permissions or overwrites a file the
 * request does not name, and never writes a shell start-up or config file unless the planner
 * declared `sys.config` and the request names the file; nothing is ever downloaded into one.
 *
 * What a command does to a file its path argument names (docs/design/guarded-agent.md,
 * "Registries, listings and procedures"):
 * - `read`: reads it, or lists it; `cd`: makes it the working directory;
 * - `create`: creates it when missing and leaves an existing one's content alone (`mkdir`, `touch`);
 * - `fetch`: a download that refuses an existing target (`git clone` into a directory);
 * - `write`: overwrites or appends (`>`, `>>`, `tee`, the destination of `cp`/`mv`);
 * - `download`: a download that overwrites (`curl -o`, `wget -O`);
 * - `delete`, `perm`: removes it (`rm`, the source of `mv`) or changes its mode or owner.
 */
export type PathEffect = "read" | "cd" | "create" | "fetch" | "write" | "download" | "delete" | "perm";

/**
 * Files the shell or the desktop runs or loads at the next login, shell or git call: a write to one
 * is a configuration change (`sys.config`), whatever program makes it. `git config` changes
 * `~/.gitconfig` through its own closed grammar of keys and is not a file write here.
 */
const CONFIG_FILES: readonly string[] = [
  "~/.bashrc",
  "~/.bash_profile",
  "~/.bash_login",
  "~/.bash_logout",
  "~/.bash_aliases",
  "~/.profile",
  "~/.zshrc",
  "~/.zshenv",
  "~/.zprofile",
  "~/.zlogin",
  "~/.inputrc",
  "~/.xprofile",
  "~/.xsessionrc",
  "~/.gitconfig",
];
/** Directories whose files run at login or configure the shell, git or the session (any depth). */
const CONFIG_DIRECTORIES: readonly string[] = [
  "~/.config/autostart",
  "~/.config/systemd",
  "~/.config/environment.d",
  "~/.config/fish",
  "~/.config/git",
];

/** One use of a path by a command: what it does, the word as written, and every file it may reach. */
export interface PathUse {
  readonly effect: PathEffect;
  /** The word as written with home as `~` (what a request would name). */
  readonly raw: string;
  /** The absolute files it may reach: one per working directory the command may be in, and more for a copy into a directory. */
  readonly targets: readonly string[];
  /**
   * The files whose naming by the request covers the use, when not all of `targets`: a copy into
   * a directory the request names writes the file it asked for (default: `targets`).
   */
  readonly namedAs?: readonly string[];
}

/** What the path checks read besides the use. */
export interface PathEffectContext {
  home: string;
  task: string;
  /** Whether a file exists before the command runs; absent, every file is taken to exist (fail closed). */
  pathExists?: (path: string) => boolean;
}

export type PathEffectCheck = { ok: true; capabilities: Capability[] } | { ok: false; reason: ProcedureReason };

function within(path: string, directory: string): boolean {
  return path === directory || path.startsWith(`${directory}/`);
}

/** Whether an absolute path is a shell start-up or config file, or inside a config directory. */
function isConfigPath(path: string, home: string): boolean {
  const expand = (entry: string) => home + entry.slice(1);
  return CONFIG_FILES.some((file) => within(path, expand(file))) || CONFIG_DIRECTORIES.some((dir) => within(path, expand(dir)));
}

/**
 * Whether the request names a path: the path as written (`~/Documents/a.txt`, `/opt/x`), or the
 * last segments of every file it reaches (`a.txt`, `Documents/a.txt`), each a whole term
 * (`taskTermMatch`; segments are read as a `shell_command`, whose grammar takes any text). The
 * segments come from the resolved path, so `~/Documents/..` names home, not "Documents".
 */
function pathNamedByTask(use: PathUse, context: PathEffectContext, targets = use.namedAs ?? use.targets): boolean {
  if (taskTermMatch(context.task, use.raw, "file_path").ok) return true;
  return targets.every((target) => {
    const below = target.startsWith(`${context.home}/`) ? target.slice(context.home.length + 1) : target.slice(1);
    const segments = below.split("/").filter((segment) => segment !== "");
    for (let k = 1; k <= segments.length; k++) {
      if (taskTermMatch(context.task, segments.slice(-k).join("/"), "shell_command").ok) return true;
    }
    return false;
  });
}

/**
 * The checks of one path use beyond the path's own (home, protected list): a download into a
 * config file is refused outright; any other change to one needs `sys.config` (returned, for the
 * declared-capability check) and a request that names it; deleting, re-permissioning, or
 * overwriting a file that exists needs a request that names it, whichever route would vouch.
 */
export function checkPathUse(use: PathUse, context: PathEffectContext): PathEffectCheck {
  if (use.effect === "read" || use.effect === "cd") return { ok: true, capabilities: [] };
  const capabilities: Capability[] = [];
  const config = use.targets.filter((target) => isConfigPath(target, context.home));
  if (config.length > 0) {
    if (use.effect === "fetch" || use.effect === "download") return { ok: false, reason: "DOWNLOAD_TO_CONFIG" };
    // Every config file it reaches must be named: naming the autostart folder does not let the page pick what starts.
    if (!pathNamedByTask(use, context, config)) return { ok: false, reason: "PATH_NOT_NAMED" };
    capabilities.push("sys.config");
  }
  const exists = (path: string) => context.pathExists?.(path) ?? true;
  const destructive =
    use.effect === "delete" || use.effect === "perm" || ((use.effect === "write" || use.effect === "download") && use.targets.some(exists));
  if (destructive && !pathNamedByTask(use, context)) return { ok: false, reason: "PATH_NOT_NAMED" };
  return { ok: true, capabilities };
}

/** A path resolved against each working directory the command may be in. */
export function resolveAgainst(text: string, cwds: readonly string[]): string[] {
  return [...new Set(cwds.map((cwd) => posix.resolve(cwd, text)))];
}
