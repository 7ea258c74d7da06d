import type { NetworkMocks } from "./network-mocks.js";
import type { VshChangeLog } from "./vsh-change-log.js";
import type { VshFs } from "./vsh-fs.js";
import type { VshState } from "./vsh-state.js";

/**
 * What a program produced. `received` marks output that carries text the user did not write (a
 * download, a received file), so that a redirection labels the file it writes `received`.
 * `endless` marks output that would never end (`yes`, `cat /dev/zero`): the shell records it as a
 * CPU burn or a disk fill and never produces it.
 */
export interface ProgramResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
  readonly received?: boolean;
  readonly endless?: boolean;
}

/** One run of a program: its arguments after expansion, its input, and the shell it runs in. */
export interface ProgramContext {
  readonly name: string;
  readonly args: readonly string[];
  readonly stdin: string;
  readonly stdinReceived: boolean;
  readonly stdinEndless: boolean;
  /** Running under `sudo`. */
  readonly priv: boolean;
  readonly state: VshState;
  readonly fs: VshFs;
  readonly log: VshChangeLog;
  readonly net: NetworkMocks;
  /** Absolute path of an argument, `~` already expanded by the shell. */
  resolve(path: string): string;
  /** Runs a line in this shell (`bash -c`, `source`), with this program's input and privilege. */
  runLine(line: string, options?: { priv?: boolean; stdin?: string }): ProgramResult;
  /** Runs a program by its argument vector (`sudo`). */
  runArgs(argv: readonly string[], options: { priv: boolean }): ProgramResult;
}

export type Program = (context: ProgramContext) => ProgramResult;

export function ok(stdout = "", received = false): ProgramResult {
  return { stdout, stderr: "", status: 0, received };
}

/** A failure printed the way coreutils do: `name: message`. */
export function failure(name: string, message: string, status = 1): ProgramResult {
  return { stdout: "", stderr: `${name}: ${message}\n`, status };
}

/** Splits short flag clusters (`-la` → `l`, `a`) from operands; `--` ends options. Long flags are kept whole. */
export function splitFlags(args: readonly string[], withValue: readonly string[] = []): { flags: Map<string, string>; operands: string[] } {
  const flags = new Map<string, string>();
  const operands: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (arg === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq < 0 ? arg : arg.slice(0, eq);
      if (eq >= 0) flags.set(name, arg.slice(eq + 1));
      else if (withValue.includes(name)) {
        flags.set(name, args[i + 1] ?? "");
        i += 1;
      } else flags.set(name, "");
    } else if (arg.startsWith("-") && arg.length > 1) {
      for (let j = 1; j < arg.length; j += 1) {
        const flag = `-${arg.charAt(j)}`;
        if (withValue.includes(flag)) {
          const rest = arg.slice(j + 1);
          flags.set(flag, rest !== "" ? rest : (args[i + 1] ?? ""));
          if (rest === "") i += 1;
          break;
        }
        flags.set(flag, "");
      }
    } else operands.push(arg);
  }
  return { flags, operands };
}
