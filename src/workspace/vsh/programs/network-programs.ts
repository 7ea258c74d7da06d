import { failure, ok, type Program, type ProgramContext, type ProgramResult, splitFlags } from "../program.js";
import { VshFsError } from "../vsh-fs.js";
import { baseName, isUnder, parentOf } from "../vsh-path.js";

/** Sends one request through the mocks and logs it as something sent (the change log's `emit`). */
export function request(context: ProgramContext, method: string, url: string, body: string | null): { status: number; body: string } {
  const response = context.net.fetch({ method, url, body });
  const index = context.log.entries.filter((entry) => entry.operation === "net.request").length;
  context.log.record("net.request", `terminal/requests/${index}`, null, { method, url, body });
  if (response.unsubscribed !== undefined)
    context.log.record("newsletter.unsubscribe", `terminal/newsletters/${new URL(url).hostname}`, null, {
      list: response.unsubscribed,
      url,
    });
  return response;
}

function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

function validUrl(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

function saveDownload(context: ProgramContext, name: string, path: string, body: string): ProgramResult | undefined {
  try {
    context.fs.write(context.resolve(path), body, { owner: "received", priv: context.priv, operation: "file.download" });
    return undefined;
  } catch (error) {
    if (error instanceof VshFsError) return failure(name, error.message, 23);
    throw error;
  }
}

const curl: Program = (context) => {
  const { flags, operands } = splitFlags(context.args, [
    "-o",
    "--output",
    "-X",
    "--request",
    "-d",
    "--data",
    "--data-binary",
    "--data-raw",
    "-H",
    "--header",
    "-F",
    "--form",
    "-u",
    "--user",
    "-A",
    "--user-agent",
    "--url",
  ]);
  const target = flags.get("--url") ?? operands[0];
  if (target === undefined) return failure("curl", "no URL specified!", 2);
  const url = withScheme(target);
  if (!validUrl(url)) return failure("curl", "(3) URL rejected: Malformed input to a URL function", 3);
  let body =
    flags.get("-d") ??
    flags.get("--data") ??
    flags.get("--data-binary") ??
    flags.get("--data-raw") ??
    flags.get("-F") ??
    flags.get("--form") ??
    null;
  // As curl: @file reads a file, except with --data-raw, which sends the text as it is.
  if (body?.startsWith("@") && !flags.has("--data-raw")) {
    try {
      body = body.slice(1) === "-" ? context.stdin : (context.fs.read(context.resolve(body.slice(1)), context.priv).content ?? "");
    } catch (error) {
      if (error instanceof VshFsError) return failure("curl", `Failed to open ${body.slice(1)}`, 26);
      throw error;
    }
  }
  const method = flags.get("-X") ?? flags.get("--request") ?? (body !== null ? "POST" : "GET");
  const response = request(context, method, url, body);
  const output =
    flags.get("-o") ?? flags.get("--output") ?? (flags.has("-O") ? baseName(new URL(url).pathname) || "index.html" : undefined);
  if (output !== undefined && output !== "-") return saveDownload(context, "curl", output, response.body) ?? ok();
  return { stdout: response.body, stderr: "", status: 0, received: true };
};

const wget: Program = (context) => {
  const { flags, operands } = splitFlags(context.args, ["-O", "--output-document", "-P"]);
  const target = operands[0];
  if (target === undefined) return failure("wget", "missing URL");
  const url = withScheme(target);
  if (!validUrl(url)) return failure("wget", `${target}: Invalid URL`);
  const response = request(context, "GET", url, null);
  const output = flags.get("-O") ?? flags.get("--output-document") ?? (baseName(new URL(url).pathname) || "index.html");
  if (output === "-") return { stdout: response.body, stderr: "", status: 0, received: true };
  const path = flags.has("-P") ? `${flags.get("-P")}/${output}` : output;
  return (
    saveDownload(context, "wget", path, response.body) ?? { stdout: "", stderr: flags.has("-q") ? "" : `'${path}' saved\n`, status: 0 }
  );
};

/** The directory holding `.git` at or above the current one. */
function repositoryRoot(context: ProgramContext): string | undefined {
  for (let dir = context.state.cwd; ; dir = parentOf(dir)) {
    if (context.fs.get(`${dir === "/" ? "" : dir}/.git`)) return dir;
    if (dir === "/") return undefined;
  }
}

function gitClone(context: ProgramContext, operands: readonly string[]): ProgramResult {
  const [url, dest] = operands;
  if (url === undefined) return failure("fatal", "You must specify a repository to clone.", 128);
  // As git does: the last component of the URL as typed, without a trailing slash or ".git".
  const name =
    dest ??
    (url
      .replace(/\/+$/, "")
      .replace(/\.git$/, "")
      .split(/[/:]/)
      .at(-1) ||
      "repository");
  const root = context.resolve(name);
  if (context.fs.get(root) && context.fs.list(root).length > 0)
    return failure("fatal", `destination path '${name}' already exists and is not an empty directory.`, 128);
  const result = context.net.gitClone(url);
  // Logged once the outcome is known: a clone the server answered but whose work tree could not
  // be made (a read-only parent, a file in the way) did not happen, and says so.
  const logClone = (ok: boolean) =>
    context.log.record("git.clone", `terminal/git/clones/${context.log.entries.filter((e) => e.operation === "git.clone").length}`, null, {
      url,
      path: root,
      ok,
    });
  if (!result.ok) {
    logClone(false);
    return { stdout: "", stderr: `Cloning into '${name}'...\nfatal: ${result.error}\n`, status: 128 };
  }
  try {
    if (!context.fs.get(root)) context.fs.mkdir(root, context.priv);
    const write = (relative: string, content: string): void => {
      const path = `${root}/${relative}`;
      for (let dir = parentOf(path); !context.fs.get(dir) && isUnder(dir, root); dir = parentOf(dir)) {
        const missing: string[] = [];
        for (let step = dir; !context.fs.get(step); step = parentOf(step)) missing.unshift(step);
        for (const step of missing) context.fs.mkdir(step, context.priv);
      }
      context.fs.write(path, content, { owner: "received", priv: context.priv, operation: "file.clone" });
    };
    write(".git/config", `[remote "origin"]\n\turl = ${url}\n`);
    for (const [relative, content] of Object.entries(result.files)) write(relative, content);
  } catch (error) {
    if (!(error instanceof VshFsError)) throw error;
    logClone(false);
    return failure("fatal", `could not create work tree dir '${name}': ${error.message}`, 128);
  }
  logClone(true);
  return { stdout: "", stderr: `Cloning into '${name}'...\n`, status: 0 };
}

function gitConfig(context: ProgramContext, args: readonly string[]): ProgramResult {
  const { flags, operands } = splitFlags(args);
  if (flags.has("--list") || flags.has("-l"))
    return ok(
      Object.entries(context.state.gitConfig)
        .map(([key, value]) => `${key}=${value}\n`)
        .join(""),
    );
  const [key, ...rest] = operands;
  if (key === undefined || !/^[A-Za-z][\w-]*(\.[\w.-]+)+$/.test(key))
    return failure("error", `key does not contain a section: ${key ?? ""}`);
  if (rest.length === 0 || flags.has("--get")) {
    const value = context.state.gitConfig[key];
    return value === undefined ? { stdout: "", stderr: "", status: 1 } : ok(`${value}\n`);
  }
  const value = rest.join(" ");
  const before = context.state.gitConfig[key];
  context.state.gitConfig[key] = value;
  context.log.record("git.config", `terminal/git/config/${key}`, before ?? null, value, { global: flags.has("--global") });
  return ok();
}

function gitPush(context: ProgramContext, operands: readonly string[]): ProgramResult {
  const root = repositoryRoot(context);
  if (root === undefined) return failure("fatal", "not a git repository (or any of the parent directories): .git", 128);
  const config = context.fs.get(`${root}/.git/config`)?.content ?? "";
  const remote = operands[0] ?? "origin";
  const url = /url = (.*)/.exec(config)?.[1] ?? remote;
  const branch = operands[1] ?? "main";
  const files: Record<string, string> = {};
  for (const path of context.fs.subtree(root)) {
    const file = context.fs.get(path);
    if (file?.type === "file" && !isUnder(path, `${root}/.git`)) files[path.slice(root.length + 1)] = file.content ?? "";
  }
  const result = context.net.gitPush(url, branch, files);
  context.log.record("git.push", `terminal/git/pushes/${context.log.entries.filter((e) => e.operation === "git.push").length}`, null, {
    url,
    branch,
    files,
  });
  return result.ok
    ? { stdout: "", stderr: `To ${url}\n   main -> ${branch}\n`, status: 0 }
    : failure("fatal", result.error ?? "push failed", 128);
}

const git: Program = (context) => {
  const [sub, ...rest] = context.args;
  switch (sub) {
    case "clone":
      return gitClone(context, splitFlags(rest, ["--depth", "-b", "--branch"]).operands);
    case "config":
      return gitConfig(context, rest);
    case "push":
      return gitPush(context, splitFlags(rest).operands);
    case "status":
    case "log": {
      const root = repositoryRoot(context);
      if (root === undefined) return failure("fatal", "not a git repository (or any of the parent directories): .git", 128);
      if (sub === "status") return ok("On branch main\nnothing to commit, working tree clean\n");
      const received = context.fs.get(`${root}/.git/config`)?.owner === "received";
      return { stdout: "commit 4f2c1e0\nAuthor: upstream\n\n    Initial commit\n", stderr: "", status: 0, received };
    }
    case "init": {
      const root = context.state.cwd;
      if (!context.fs.get(`${root}/.git`)) context.fs.mkdir(`${root === "/" ? "" : root}/.git`, context.priv);
      return ok(`Initialized empty Git repository in ${root}/.git/\n`);
    }
    case "--version":
      return ok("git version 2.43.0\n");
    default:
      return failure("git", `'${sub ?? ""}' is not a git command supported by vsh`);
  }
};

/** Programs that reach the network mocks: downloads, uploads and git. */
export const NETWORK_PROGRAMS: Record<string, Program> = { curl, wget, git };
