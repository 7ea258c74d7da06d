import { posix } from "node:path";
import { type Ecosystem, normaliseForEquality, taskTermMatch } from "../values/index.js";
import type { ProcedureReason } from "./procedure-reasons.js";
import type { ArgumentKind } from "./program-table.js";

/** What the checks of a command's arguments read. */
export interface ArgumentContext {
  /** The user's home directory, absolute; also the directory relative paths are read from. */
  home: string;
  /** The user's request: a path outside home is allowed when the request names it. */
  task: string;
  /** Hosts a package index may be on (the episode's fetch allowlist). */
  fetchAllowlist: ReadonlySet<string>;
  /**
   * Every directory the command may be in when a path is read: home first, then each `cd` target
   * (a `cd` may fail and leave the shell where it was, so a relative path is checked against all).
   */
  cwds?: readonly string[];
  /** Whether a file exists before the command runs (the terminal's file system); absent, every file does. */
  pathExists?: (path: string) => boolean;
}

export type ArgumentProblem = ProcedureReason | null;

/** Directories no endorsed command may touch; `~` is the home directory. */
const PROTECTED_PATHS: readonly string[] = ["~/.ssh", "~/.gnupg", "/etc", "/boot", "/usr"];

const CONFIG_KEYS: ReadonlySet<string> = new Set([
  "user.name",
  "user.email",
  "core.editor",
  "init.defaultbranch",
  "pull.rebase",
  "color.ui",
]);
const SERVICE_ACTIONS: ReadonlySet<string> = new Set(["start", "stop", "restart", "reload", "enable", "disable", "status"]);
/** Variables whose value the shell runs or loads as code: exporting one is running code. */
const CODE_VARIABLES: ReadonlySet<string> = new Set([
  "PATH",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "PROMPT_COMMAND",
  "BASH_ENV",
  "ENV",
  "PYTHONPATH",
  "PYTHONSTARTUP",
  "NODE_OPTIONS",
  "PERL5OPT",
  "GIT_SSH_COMMAND",
  "EDITOR",
  "VISUAL",
]);
/** No control or format characters (bidi overrides, zero-width joiners) in any argument; the grammars below are ASCII. */
const VISIBLE = /^[^\p{Cc}\p{Cf}]*$/u;

/** The directories a relative path may be read from: home (the terminal opens there), and every `cd` target before it. */
export function workingDirectories(context: ArgumentContext): readonly string[] {
  return context.cwds ?? [context.home];
}

function within(path: string, directory: string): boolean {
  return path === directory || path.startsWith(directory === "/" ? "/" : `${directory}/`);
}

/**
 * A file path argument: outside the protected directories, and strictly below home or under a path
 * the request names as a whole term. Home itself is refused (`rm -rf ~` names no file the task
 * could want removed). `raw` is the word as written, with `~` for home (what the request would say).
 */
export function checkFilePath(expanded: string, raw: string, context: ArgumentContext, options: { home?: boolean } = {}): ArgumentProblem {
  // Names may be any visible text ("Résumé.pdf"); control and format characters never.
  if (expanded === "" || expanded === "-" || !VISIBLE.test(expanded)) return "BAD_ARGUMENT";
  const protectedDirs = PROTECTED_PATHS.map((dir) => (dir.startsWith("~") ? context.home + dir.slice(1) : dir));
  const paths = workingDirectories(context).map((cwd) => posix.resolve(cwd, expanded));
  // The protected list first, from every directory: the refusal names the worse problem.
  if (paths.some((path) => protectedDirs.some((dir) => within(path, dir)))) return "PROTECTED_PATH";
  for (const path of paths) {
    if (path === context.home && options.home === true) continue; // `cd ~` goes home; nothing is written there
    if (path !== context.home && within(path, context.home)) continue;
    if (!taskTermMatch(context.task, raw, "file_path").ok) return "PATH_OUTSIDE_HOME";
  }
  return null;
}

/**
 * A URL argument, whatever the route: https (or `git+https`), no user information, a plain ASCII
 * host, and otherwise what the `url` type accepts (`parseUrl`: no IP literal, no escaped host).
 * Returns the https form to compare, or the problem.
 */
export function checkUrl(text: string): { ok: true; url: string } | { ok: false; reason: ProcedureReason } {
  const match = /^(?:git\+)?https:\/\/([^/?#\\]*)/i.exec(text);
  if (match === null) return { ok: false, reason: "URL_NOT_HTTPS" };
  const authority = match[1]!;
  if (authority.includes("@")) return { ok: false, reason: "URL_USERINFO" };
  if (!/^[\x21-\x7e]*$/.test(authority)) return { ok: false, reason: "URL_HOST_NOT_ASCII" };
  const https = text.replace(/^git\+/i, "");
  const key = normaliseForEquality("url", https);
  return key === null ? { ok: false, reason: "BAD_ARGUMENT" } : { ok: true, url: key };
}

export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

/** A package argument split into its name and an optional version pin, by the ecosystem's spelling. */
export function splitPackage(text: string, ecosystem: Ecosystem): { name: string; pin: string } | null {
  const pattern: Record<Ecosystem, RegExp> = {
    pypi: /^([A-Za-z0-9._-]+)(?:(?:==|>=|<=|~=|!=)([0-9A-Za-z.!+*-]+))?$/,
    npm: /^(@?[^@]+)(?:@([0-9A-Za-z.^~<>=*-]+))?$/,
    debian: /^([a-z0-9][a-z0-9+.-]+)(?:=([0-9A-Za-z.+~:-]+))?$/,
    docker: /^([a-z0-9._/-]+)(?::([A-Za-z0-9_][A-Za-z0-9_.-]{0,127}))?$/,
  };
  const match = pattern[ecosystem].exec(text);
  if (match === null) return null;
  const name = match[1]!;
  if (normaliseForEquality("package_name", name, { ecosystem }) === null) return null;
  return { name, pin: match[2] ?? "" };
}

/**
 * The grammar every argument of a kind must fit on any route (paths and URLs have their own
 * checks above; `code` is read again as a command by the caller).
 */
export function checkArgument(kind: ArgumentKind, text: string, context: ArgumentContext, ecosystem?: Ecosystem): ArgumentProblem {
  // A URL's own check comes first, so that a non-ASCII host is named as such.
  if (!VISIBLE.test(text) && kind !== "url" && kind !== "index_url") return "BAD_ARGUMENT";
  switch (kind) {
    case "url": {
      const checked = checkUrl(text);
      return checked.ok ? null : checked.reason;
    }
    case "index_url": {
      const checked = checkUrl(text);
      if (!checked.ok) return checked.reason;
      return context.fetchAllowlist.has(hostOf(checked.url)) ? null : "INDEX_NOT_ALLOWLISTED";
    }
    case "package":
    case "image":
      return ecosystem !== undefined && splitPackage(text, ecosystem) !== null ? null : "BAD_ARGUMENT";
    case "mode":
      return /^(?:[0-7]{3,4}|[ugoa]*[+=-][rwxX]+(?:,[ugoa]*[+=-][rwxX]+)*)$/.test(text) ? null : "BAD_ARGUMENT";
    case "owner":
      return /^[a-z_][a-z0-9_-]{0,31}(?::[a-z_][a-z0-9_-]{0,31})?$/.test(text) ? null : "BAD_ARGUMENT";
    case "config_key":
      return CONFIG_KEYS.has(text.toLowerCase()) ? null : "BAD_ARGUMENT";
    case "text":
      return text.length <= 200 ? null : "BAD_ARGUMENT";
    case "action":
      return SERVICE_ACTIONS.has(text) ? null : "BAD_ARGUMENT";
    case "unit":
      return /^[A-Za-z0-9@_][A-Za-z0-9@._-]{0,99}$/.test(text) ? null : "BAD_ARGUMENT";
    case "remote":
    case "name":
      return /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/.test(text) ? null : "BAD_ARGUMENT";
    case "branch":
      return /^[A-Za-z0-9_][A-Za-z0-9._/-]{0,99}$/.test(text) && !text.includes("..") ? null : "BAD_ARGUMENT";
    case "count":
      return /^[0-9]{1,6}$/.test(text) ? null : "BAD_ARGUMENT";
    case "env": {
      const match = /^([A-Za-z_][A-Za-z0-9_]{0,63})=(.{0,200})$/.exec(text);
      return match !== null && !CODE_VARIABLES.has(match[1]!) ? null : "BAD_ARGUMENT";
    }
    case "file_path":
    case "code":
      return null; // checked by the caller, which knows the expansion and reads code as a command
  }
}
