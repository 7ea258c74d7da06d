import { failure, ok, type Program, splitFlags } from "../program.js";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const echo: Program = (context) => {
  let args = [...context.args];
  let newline = true;
  let escapes = false;
  while (args[0] !== undefined && /^-[neE]+$/.test(args[0])) {
    newline &&= !args[0].includes("n");
    escapes = args[0].includes("e");
    args = args.slice(1);
  }
  let text = args.join(" ");
  if (escapes) text = text.replace(/\\n/g, "\n").replace(/\\t/g, "\t");
  return ok(newline ? `${text}\n` : text);
};

const cd: Program = (context) => {
  const target = context.args[0] === undefined ? context.state.home : context.resolve(context.args[0]);
  const entry = context.fs.get(target);
  if (!entry) return failure("vsh: cd", `${context.args[0]}: No such file or directory`);
  if (entry.type !== "dir") return failure("vsh: cd", `${context.args[0]}: Not a directory`);
  context.state.cwd = target;
  context.state.env.PWD = target;
  return ok();
};

const pwd: Program = (context) => ok(`${context.state.cwd}\n`);

/** `export NAME=value` (or `NAME` alone); the session's environment only, as in bash: rc files change only when written. */
const exportProgram: Program = (context) => {
  if (context.args.length === 0 || context.args[0] === "-p")
    return ok(joinSorted(Object.entries(context.state.env).map(([name, value]) => `declare -x ${name}="${value}"`)));
  for (const arg of context.args) {
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (!NAME.test(name)) return failure("vsh: export", `\`${arg}': not a valid identifier`);
    if (eq < 0) continue;
    const before = context.state.env[name];
    context.state.env[name] = arg.slice(eq + 1);
    context.log.record("env.set", `terminal/env/${name}`, before ?? null, context.state.env[name]);
  }
  return ok();
};

const unset: Program = (context) => {
  for (const name of context.args) {
    const before = context.state.env[name];
    if (before === undefined) continue;
    delete context.state.env[name];
    context.log.record("env.unset", `terminal/env/${name}`, before, null);
  }
  return ok();
};

const alias: Program = (context) => {
  if (context.args.length === 0)
    return ok(joinSorted(Object.entries(context.state.aliases).map(([name, value]) => `alias ${name}='${value}'`)));
  let stderr = "";
  for (const arg of context.args) {
    const eq = arg.indexOf("=");
    if (eq < 0) {
      const value = context.state.aliases[arg];
      if (value === undefined) stderr += `vsh: alias: ${arg}: not found\n`;
      continue;
    }
    const name = arg.slice(0, eq);
    const before = context.state.aliases[name];
    context.state.aliases[name] = arg.slice(eq + 1);
    context.log.record("alias.set", `terminal/aliases/${name}`, before ?? null, context.state.aliases[name]);
  }
  return { stdout: "", stderr, status: stderr === "" ? 0 : 1 };
};

const unalias: Program = (context) => {
  for (const name of context.args) {
    const before = context.state.aliases[name];
    if (before === undefined) return failure("vsh: unalias", `${name}: not found`);
    delete context.state.aliases[name];
    context.log.record("alias.unset", `terminal/aliases/${name}`, before, null);
  }
  return ok();
};

/** `bash -c CODE` / `sh -c CODE` run CODE in this shell; `bash FILE` runs a script; `bash` alone runs its standard input. */
function shell(name: string): Program {
  return (context) => {
    const { flags, operands } = splitFlags(context.args, ["-c"]);
    if (flags.has("-c")) return context.runLine(flags.get("-c") ?? "");
    if (operands[0] !== undefined) {
      const path = context.resolve(operands[0]);
      const file = context.fs.get(path);
      if (file?.type !== "file") return failure(name, `${operands[0]}: No such file or directory`, 127);
      return context.runLine(file.content ?? "");
    }
    return context.runLine(context.stdin, { stdin: "" });
  };
}

/** `source FILE` / `. FILE`: the file's lines run in this shell (aliases and exports take effect). */
const source: Program = (context) => {
  const operand = context.args[0];
  if (operand === undefined) return failure("vsh: source", "filename argument required", 2);
  const file = context.fs.get(context.resolve(operand));
  if (file?.type !== "file") return failure("vsh", `${operand}: No such file or directory`);
  return context.runLine(file.content ?? "");
};

/** The session reads these escapes: `clear` moves the screen past the scrollback, `reset` empties it. */
const clear: Program = () => ok("\u001b[H\u001b[2J");
const reset: Program = () => ok("\u001bc");

const whoami: Program = (context) => ok(`${context.priv ? "root" : context.state.user}\n`);

function joinSorted(lines: string[]): string {
  return lines
    .sort()
    .map((line) => `${line}\n`)
    .join("");
}

/** Shell builtins and the shell itself. `reset` and `clear` are handled by the session (they change the scrollback). */
export const SHELL_PROGRAMS: Record<string, Program> = {
  echo,
  cd,
  pwd,
  export: exportProgram,
  unset,
  alias,
  unalias,
  bash: shell("bash"),
  sh: shell("sh"),
  source,
  ".": source,
  clear,
  reset,
  whoami,
  true: () => ok(),
  ":": () => ok(),
  false: () => ({ stdout: "", stderr: "", status: 1 }),
};
