import { failure, ok, type Program, type ProgramContext, type ProgramResult, splitFlags } from "../program.js";
import { VshFsError } from "../vsh-fs.js";

const ACTIONS = new Set(["status", "start", "stop", "restart", "enable", "disable", "is-active", "is-enabled"]);

function serviceAction(context: ProgramContext, action: string, unitArg: string): ProgramResult {
  const name = unitArg.replace(/\.service$/, "");
  const unit = `${name}.service`;
  const service = context.state.services[name];
  if (!service) return { stdout: "", stderr: `Unit ${unit} could not be found.\n`, status: action === "status" ? 4 : 5 };
  if (action === "status")
    return {
      stdout: `● ${unit} - ${service.description}\n     Loaded: loaded (/lib/systemd/system/${unit}; ${service.enabled ? "enabled" : "disabled"})\n     Active: ${service.active ? "active (running)" : "inactive (dead)"}\n`,
      stderr: "",
      status: service.active ? 0 : 3,
    };
  if (action === "is-active") return { stdout: `${service.active ? "active" : "inactive"}\n`, stderr: "", status: service.active ? 0 : 3 };
  if (action === "is-enabled")
    return { stdout: `${service.enabled ? "enabled" : "disabled"}\n`, stderr: "", status: service.enabled ? 0 : 1 };
  if (!context.priv) return { stdout: "", stderr: `Failed to ${action} ${unit}: Interactive authentication required.\n`, status: 1 };
  const before = { ...service };
  if (action === "start" || action === "restart") service.active = true;
  if (action === "stop") service.active = false;
  if (action === "enable") service.enabled = true;
  if (action === "disable") service.enabled = false;
  context.log.record(`service.${action}`, `terminal/services/${name}`, before, service);
  return ok();
}

const systemctl: Program = (context) => {
  const { operands } = splitFlags(context.args);
  const [action, ...units] = operands;
  if (action === undefined || !ACTIONS.has(action)) return failure("systemctl", `unknown command verb '${action ?? ""}'`);
  if (units.length === 0) return failure("systemctl", `too few arguments`);
  let result: ProgramResult = ok();
  let stdout = "";
  let stderr = "";
  for (const unit of units) {
    result = serviceAction(context, action, unit);
    stdout += result.stdout;
    stderr += result.stderr;
  }
  return { stdout, stderr, status: result.status };
};

const service: Program = (context) => {
  const [name, action] = context.args;
  if (name === undefined || action === undefined || !ACTIONS.has(action))
    return failure("service", "usage: service NAME start|stop|restart|status");
  return serviceAction(context, action, name);
};

const updateAlternatives: Program = (context) => {
  const { flags } = splitFlags(context.args, ["--set", "--display", "--query", "--config"]);
  const set = flags.get("--set");
  if (set !== undefined) {
    const path = context.args[context.args.indexOf("--set") + 2];
    if (path === undefined) return failure("update-alternatives", "--set needs <name> <path>", 2);
    if (!context.priv)
      return failure(
        "update-alternatives",
        "error: unable to create file '/var/lib/dpkg/alternatives/editor.dpkg-tmp': Permission denied",
        2,
      );
    const before = context.state.alternatives[set];
    context.state.alternatives[set] = path;
    context.log.record("alternatives.set", `terminal/alternatives/${set}`, before ?? null, path);
    return ok(`update-alternatives: using ${path} to provide /usr/bin/${set} (${set}) in manual mode\n`);
  }
  const name = flags.get("--display") ?? flags.get("--query");
  if (name !== undefined) {
    const value = context.state.alternatives[name];
    return value === undefined
      ? failure("update-alternatives", `error: no alternatives for ${name}`, 2)
      : ok(`${name} - manual mode\n  link currently points to ${value}\n`);
  }
  if (flags.has("--config")) return failure("update-alternatives", "--config is interactive; use --set <name> <path>", 2);
  return failure("update-alternatives", "need --set, --display or --query", 2);
};

/**
 * `sudo CMD`: CMD with root's rights. The session asks for the password before the line runs (so no
 * command of the line runs twice); here the password is only read from standard input with `-S`.
 */
const sudo: Program = (context) => {
  const args = [...context.args];
  let fromStdin = false;
  while (args[0]?.startsWith("-")) {
    const flag = args.shift();
    if (flag === "-S") fromStdin = true;
    else if (flag === "-k") {
      context.state.sudoCached = false;
      if (args.length === 0) return ok();
    } else if (flag !== "-E" && flag !== "-H") return failure("sudo", `option ${flag} is not supported`);
  }
  if (args.length === 0) return failure("sudo", "usage: sudo [-S] [-k] command");
  if (!context.priv && !context.state.sudoCached) {
    const password = context.stdin.split("\n")[0];
    if (!fromStdin)
      return failure("sudo", "a terminal is required to read the password; either use the -S option to read from standard input");
    if (password !== context.state.sudoPassword) return failure("sudo", "1 incorrect password attempt");
    context.state.sudoCached = true;
    context.log.record("sudo.authenticate", "terminal/sudo", null, { method: "stdin" });
  }
  return context.runArgs(args, { priv: true });
};

/** Bytes of `10G`, `512M`, `4k`, `100`; undefined when malformed. */
function parseSize(text: string): number | undefined {
  const match = /^(\d+)([kKmMgGtT]?)i?[bB]?$/.exec(text);
  if (!match) return undefined;
  const power = " kmgt".indexOf((match[2] ?? "").toLowerCase() || " ");
  return Number(match[1]) * 1024 ** power;
}

/** Writes a size-only file of `size` bytes, or as much as fits and a disk-fill event when it does not fit. */
function fill(context: ProgramContext, name: string, operand: string, size: number, command: string): ProgramResult {
  const path = context.resolve(operand);
  try {
    const free = context.fs.free() + (context.fs.get(path)?.size ?? 0);
    if (size > free) {
      context.fs.allocate(path, free, context.priv);
      context.log.record("resource.disk_fill", "terminal/resources/disk", null, { command, path, requested: size });
      return failure(name, `${operand}: No space left on device`);
    }
    context.fs.allocate(path, size, context.priv);
    return ok();
  } catch (error) {
    if (error instanceof VshFsError) return failure(name, error.message);
    throw error;
  }
}

const fallocate: Program = (context) => {
  const { flags, operands } = splitFlags(context.args, ["-l"]);
  const size = parseSize(flags.get("-l") ?? "");
  if (size === undefined || operands[0] === undefined) return failure("fallocate", "usage: fallocate -l LENGTH FILE");
  return fill(context, "fallocate", operands[0], size, ["fallocate", ...context.args].join(" "));
};

const dd: Program = (context) => {
  const options = new Map(context.args.map((arg) => [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] as const));
  const output = options.get("of");
  const blockSize = parseSize(options.get("bs") ?? "512");
  const count = options.get("count");
  if (output === undefined || blockSize === undefined) return failure("dd", "usage: dd if=FILE of=FILE [bs=SIZE] [count=N]");
  // Without count, dd from an endless device writes until the disk is full.
  const size = count === undefined ? Number.POSITIVE_INFINITY : blockSize * Number(count);
  return fill(context, "dd", output, size, ["dd", ...context.args].join(" "));
};

/** `yes` never stops: its output is marked endless and the shell records what it would have done. */
const yes: Program = (context) => ({ stdout: `${context.args.join(" ") || "y"}\n`, stderr: "", status: 0, endless: true });

/** Inline and script interpreter code is recorded as an `exec.code` event, never run. */
function interpreter(name: string, codeFlag: string): Program {
  return (context) => {
    const { flags, operands } = splitFlags(context.args, [codeFlag, "-m"]);
    const module = flags.get("-m");
    if (module === "pip") return context.runArgs(["pip", ...context.args.slice(context.args.indexOf("-m") + 2)], { priv: context.priv });
    const code = flags.get(codeFlag) ?? (operands[0] !== undefined ? `<file ${operands[0]}>` : context.stdin);
    context.log.record("exec.code", "terminal/exec", null, { interpreter: name, code });
    return failure(name, "running program code is not simulated in vsh (recorded)", 126);
  };
}

/** Services, system configuration, privilege and resource-hungry programs. */
export const SYSTEM_PROGRAMS: Record<string, Program> = {
  systemctl,
  service,
  "update-alternatives": updateAlternatives,
  sudo,
  fallocate,
  dd,
  yes,
  python: interpreter("python", "-c"),
  python3: interpreter("python3", "-c"),
  node: interpreter("node", "-e"),
  perl: interpreter("perl", "-e"),
  ruby: interpreter("ruby", "-e"),
};
