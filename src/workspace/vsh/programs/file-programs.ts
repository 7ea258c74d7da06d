import { failure, ok, type Program, type ProgramContext, type ProgramResult, splitFlags } from "../program.js";
import { VshFsError } from "../vsh-fs.js";
import { baseName } from "../vsh-path.js";

/** Runs `body`, turning a file-system error into `name: message` and status 1. */
function guarded(name: string, body: () => ProgramResult): ProgramResult {
  try {
    return body();
  } catch (error) {
    if (error instanceof VshFsError) return failure(name, error.message);
    throw error;
  }
}

const ENDLESS_DEVICES = new Set(["/dev/zero", "/dev/urandom", "/dev/random"]);

/** The text of each operand (or standard input), with whether any of it was received and whether it never ends. */
function inputs(context: ProgramContext, operands: readonly string[]): { texts: string[]; received: boolean; endless: boolean } {
  if (operands.length === 0 || (operands.length === 1 && operands[0] === "-"))
    return { texts: [context.stdin], received: context.stdinReceived, endless: context.stdinEndless };
  let received = false;
  let endless = false;
  const texts = operands.map((operand) => {
    const path = context.resolve(operand);
    if (ENDLESS_DEVICES.has(path)) {
      endless = true;
      return "\0".repeat(64);
    }
    if (path === "/dev/null") return "";
    const file = context.fs.read(path, context.priv);
    received ||= file.owner === "received";
    return file.content ?? "";
  });
  return { texts, received, endless };
}

function lines(text: string): string[] {
  const all = text.split("\n");
  if (all.at(-1) === "") all.pop();
  return all;
}

const joinLines = (all: readonly string[]): string => all.map((line) => `${line}\n`).join("");

function modeString(type: string, mode: number): string {
  const bits = "rwxrwxrwx".split("").map((ch, i) => ((mode >> (8 - i)) & 1 ? ch : "-"));
  return (type === "dir" ? "d" : "-") + bits.join("");
}

const ls: Program = (context) =>
  guarded("ls", () => {
    const { flags, operands } = splitFlags(context.args);
    const all = flags.has("-a");
    const long = flags.has("-l");
    const out: string[] = [];
    const targets = operands.length > 0 ? operands : ["."];
    for (const operand of targets) {
      const path = context.resolve(operand);
      const entry = context.fs.get(path);
      if (!entry) return failure("ls", `cannot access '${operand}': No such file or directory`, 2);
      const names = entry.type === "dir" ? context.fs.list(path).filter((name) => all || !name.startsWith(".")) : [operand];
      if (targets.length > 1 && entry.type === "dir") out.push(`${operand}:`);
      for (const name of names) {
        const full = entry.type === "dir" ? (path === "/" ? `/${name}` : `${path}/${name}`) : path;
        const file = context.fs.get(full);
        if (!file) continue;
        const size = file.size ?? file.content?.length ?? 4096;
        out.push(long ? `${modeString(file.type, file.mode)} 1 ${file.uid} ${file.uid} ${String(size).padStart(6)} ${name}` : name);
      }
    }
    return ok(joinLines(out));
  });

const cat: Program = (context) =>
  guarded("cat", () => {
    const { operands } = splitFlags(context.args);
    const { texts, received, endless } = inputs(context, operands);
    return { stdout: texts.join(""), stderr: "", status: 0, received, endless };
  });

function headOrTail(which: "head" | "tail"): Program {
  return (context) =>
    guarded(which, () => {
      const args = context.args.map((arg) => (/^-\d+$/.test(arg) ? `-n${arg.slice(1)}` : arg));
      const { flags, operands } = splitFlags(args, ["-n"]);
      const count = Number(flags.get("-n") ?? "10");
      if (!Number.isInteger(count) || count < 0) return failure(which, `invalid number of lines: '${flags.get("-n")}'`);
      const { texts, received, endless } = inputs(context, operands);
      const all = lines(texts.join(""));
      // head stops reading after its lines, so an endless input ends here; tail would read for ever.
      if (which === "head") return { stdout: joinLines(all.slice(0, count)), stderr: "", status: 0, received };
      return { stdout: joinLines(count === 0 ? [] : all.slice(-count)), stderr: "", status: 0, received, endless };
    });
}

const grep: Program = (context) =>
  guarded("grep", () => {
    const { flags, operands } = splitFlags(context.args, ["-e"]);
    const pattern = flags.get("-e") ?? operands.shift();
    if (pattern === undefined) return failure("grep", "usage: grep [OPTION]... PATTERNS [FILE]...", 2);
    let regex: RegExp;
    try {
      regex = new RegExp(flags.has("-F") ? pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : pattern, flags.has("-i") ? "i" : "");
    } catch {
      return failure("grep", "invalid regular expression", 2);
    }
    const { texts, received, endless } = inputs(context, operands);
    const matched = lines(texts.join("")).filter((line) => regex.test(line) !== flags.has("-v"));
    if (flags.has("-c")) return { stdout: `${matched.length}\n`, stderr: "", status: matched.length > 0 ? 0 : 1, received };
    return { stdout: joinLines(matched), stderr: "", status: matched.length > 0 ? 0 : 1, received, endless };
  });

/** `sed` with `s/pattern/replacement/flags` only, on standard input or in place (`-i`). */
const sed: Program = (context) =>
  guarded("sed", () => {
    const { flags, operands } = splitFlags(context.args.filter((arg) => arg !== "-e"));
    const script = operands.shift() ?? "";
    const match = /^s(.)(.*?)\1(.*?)\1([gi]*)$/s.exec(script);
    if (!match) return failure("sed", `-e expression #1: only s/pattern/replacement/ is supported`);
    let regex: RegExp;
    try {
      regex = new RegExp(match[2] ?? "", `${(match[4] ?? "").includes("g") ? "g" : ""}${(match[4] ?? "").includes("i") ? "i" : ""}`);
    } catch {
      return failure("sed", "invalid regular expression");
    }
    const replacement = (match[3] ?? "").replace(/\\(\d)/g, "$$$1").replace(/&/g, "$$&");
    const edit = (text: string): string => joinLines(lines(text).map((line) => line.replace(regex, replacement)));
    if (flags.has("-i")) {
      for (const operand of operands) {
        const path = context.resolve(operand);
        const file = context.fs.read(path, context.priv);
        context.fs.write(path, edit(file.content ?? ""), { owner: file.owner, priv: context.priv, operation: "file.edit" });
      }
      return ok();
    }
    const { texts, received, endless } = inputs(context, operands);
    return { stdout: edit(texts.join("")), stderr: "", status: 0, received, endless };
  });

const wc: Program = (context) =>
  guarded("wc", () => {
    const { flags, operands } = splitFlags(context.args);
    const text = inputs(context, operands).texts.join("");
    if (flags.has("-l")) return ok(`${lines(text).length}\n`);
    return ok(`${lines(text).length} ${text.split(/\s+/).filter(Boolean).length} ${text.length}\n`);
  });

const mkdir: Program = (context) =>
  guarded("mkdir", () => {
    const { flags, operands } = splitFlags(context.args);
    if (operands.length === 0) return failure("mkdir", "missing operand");
    for (const operand of operands) {
      const path = context.resolve(operand);
      if (flags.has("-p")) {
        const parts = path.split("/").filter(Boolean);
        for (let i = 1; i <= parts.length; i += 1) {
          const step = `/${parts.slice(0, i).join("/")}`;
          const entry = context.fs.get(step);
          if (!entry) context.fs.mkdir(step, context.priv);
          else if (entry.type !== "dir") return failure("mkdir", `cannot create directory '${operand}': Not a directory`);
        }
      } else context.fs.mkdir(path, context.priv);
    }
    return ok();
  });

const touch: Program = (context) =>
  guarded("touch", () => {
    const { operands } = splitFlags(context.args);
    if (operands.length === 0) return failure("touch", "missing file operand");
    for (const operand of operands) {
      const path = context.resolve(operand);
      if (!context.fs.get(path)) context.fs.write(path, "", { owner: "owned", priv: context.priv });
    }
    return ok();
  });

function transfer(name: "cp" | "mv"): Program {
  return (context) =>
    guarded(name, () => {
      const { flags, operands } = splitFlags(context.args);
      if (operands.length < 2) return failure(name, "missing destination file operand");
      const destination = context.resolve(operands.at(-1) ?? "");
      const sources = operands.slice(0, -1);
      const intoDir = context.fs.get(destination)?.type === "dir";
      if (sources.length > 1 && !intoDir) return failure(name, `target '${operands.at(-1)}' is not a directory`);
      for (const source of sources) {
        const from = context.resolve(source);
        const entry = context.fs.get(from);
        if (name === "cp" && entry?.type === "dir" && !flags.has("-r") && !flags.has("-R") && !flags.has("-a"))
          return failure(name, `-r not specified; omitting directory '${source}'`);
        const to = intoDir ? `${destination === "/" ? "" : destination}/${baseName(from)}` : destination;
        if (context.fs.get(to)) context.fs.remove(to, { recursive: true, priv: context.priv });
        context.fs.transfer(from, to, { move: name === "mv", priv: context.priv });
      }
      return ok();
    });
}

const rm: Program = (context) =>
  guarded("rm", () => {
    const { flags, operands } = splitFlags(context.args);
    const recursive = flags.has("-r") || flags.has("-R") || flags.has("--recursive");
    const force = flags.has("-f") || flags.has("--force");
    if (operands.length === 0) return force ? ok() : failure("rm", "missing operand");
    let stderr = "";
    for (const operand of operands) {
      const path = context.resolve(operand);
      const entry = context.fs.get(path);
      if (!entry) {
        if (!force) stderr += `rm: cannot remove '${operand}': No such file or directory\n`;
        continue;
      }
      if (entry.type === "dir" && !recursive) {
        stderr += `rm: cannot remove '${operand}': Is a directory\n`;
        continue;
      }
      try {
        context.fs.remove(path, { recursive, priv: context.priv });
      } catch (error) {
        if (!(error instanceof VshFsError)) throw error;
        stderr += `rm: ${error.message}\n`;
      }
    }
    return { stdout: "", stderr, status: stderr === "" ? 0 : 1 };
  });

const rmdir: Program = (context) =>
  guarded("rmdir", () => {
    for (const operand of splitFlags(context.args).operands) {
      const path = context.resolve(operand);
      const entry = context.fs.existing(path);
      if (entry.type !== "dir") return failure("rmdir", `failed to remove '${operand}': Not a directory`);
      context.fs.remove(path, { recursive: false, priv: context.priv });
    }
    return ok();
  });

/** Applies a symbolic (`u+x`, `go-rwx`, `a=r`) or octal mode to a current one; undefined when malformed. */
function applyMode(current: number, spec: string): number | undefined {
  if (/^[0-7]{3,4}$/.test(spec)) return Number.parseInt(spec, 8) & 0o777;
  let mode = current;
  for (const clause of spec.split(",")) {
    const match = /^([ugoa]*)([-+=])([rwx]*)$/.exec(clause);
    if (!match) return undefined;
    const who = match[1] === "" || match[1]?.includes("a") ? "ugo" : (match[1] ?? "");
    let bits = 0;
    for (const ch of match[3] ?? "") bits |= ch === "r" ? 4 : ch === "w" ? 2 : 1;
    for (const scope of who) {
      const shift = scope === "u" ? 6 : scope === "g" ? 3 : 0;
      if (match[2] === "+") mode |= bits << shift;
      else if (match[2] === "-") mode &= ~(bits << shift);
      else mode = (mode & ~(7 << shift)) | (bits << shift);
    }
  }
  return mode;
}

const chmod: Program = (context) =>
  guarded("chmod", () => {
    const { flags, operands } = splitFlags(context.args.filter((arg) => !/^-[rwx]+$/.test(arg) || arg === "-R"));
    const modeArg = context.args.find((arg) => /^-[rwx]+$/.test(arg) && arg !== "-R") ?? operands.shift();
    if (modeArg === undefined || operands.length === 0) return failure("chmod", "missing operand");
    for (const operand of operands) {
      const path = context.resolve(operand);
      const targets = flags.has("-R") ? context.fs.subtree(path) : [path];
      if (targets.length === 0) context.fs.existing(path);
      for (const target of targets) {
        const mode = applyMode(context.fs.existing(target).mode, modeArg);
        if (mode === undefined) return failure("chmod", `invalid mode: '${modeArg}'`);
        context.fs.chmod(target, mode, context.priv);
      }
    }
    return ok();
  });

const chown: Program = (context) =>
  guarded("chown", () => {
    const { flags, operands } = splitFlags(context.args);
    const owner = operands.shift();
    if (owner === undefined || operands.length === 0) return failure("chown", "missing operand");
    const uid = owner.split(":")[0] || context.state.user;
    for (const operand of operands) {
      const path = context.resolve(operand);
      const targets = flags.has("-R") ? context.fs.subtree(path) : [path];
      if (targets.length === 0) context.fs.existing(path);
      for (const target of targets) context.fs.chown(target, uid, context.priv);
    }
    return ok();
  });

const tee: Program = (context) =>
  guarded("tee", () => {
    const { flags, operands } = splitFlags(context.args);
    for (const operand of operands)
      context.fs.write(context.resolve(operand), context.stdin, {
        append: flags.has("-a"),
        owner: context.stdinReceived ? "received" : "owned",
        priv: context.priv,
      });
    return { stdout: context.stdin, stderr: "", status: 0, received: context.stdinReceived };
  });

const base64: Program = (context) =>
  guarded("base64", () => {
    const { flags, operands } = splitFlags(context.args);
    const { texts, received } = inputs(context, operands);
    const text = texts.join("");
    if (flags.has("-d") || flags.has("--decode"))
      return { stdout: Buffer.from(text, "base64").toString("utf8"), stderr: "", status: 0, received };
    return { stdout: `${Buffer.from(text, "utf8").toString("base64")}\n`, stderr: "", status: 0, received };
  });

/** File programs: reading, writing, moving, removing and re-permissioning files. */
export const FILE_PROGRAMS: Record<string, Program> = {
  ls,
  cat,
  head: headOrTail("head"),
  tail: headOrTail("tail"),
  grep,
  sed,
  wc,
  mkdir,
  touch,
  cp: transfer("cp"),
  mv: transfer("mv"),
  rm,
  rmdir,
  chmod,
  chown,
  tee,
  base64,
};
