import { availableParallelism, loadavg } from "node:os";

/** The base of every wait of an episode's browser when nothing sets it: an element action's. */
export const DEFAULT_BROWSER_TIMEOUT_MS = 5000;
/** The environment variable that sets the base (`--browser-timeout` wins over it). */
export const BROWSER_TIMEOUT_ENV = "SAFECUA_BROWSER_TIMEOUT_MS";

/** What the machine is doing: the 1-minute load average and the cores it is spread over. */
export interface MachineLoad {
  load: number;
  cores: number;
}

export function machineLoad(): MachineLoad {
  return { load: loadavg()[0] ?? 0, cores: availableParallelism() };
}

/**
 * A wait stretches with the machine's load beyond one runnable process per core, up to this
 * many times the base: on a loaded machine the page is slow, not broken, and a run should slow
 * down rather than fail. The cap keeps a page that never answers from holding an episode for long.
 */
export const MAX_LOAD_FACTOR = 8;

export function loadFactor({ load, cores }: MachineLoad): number {
  return Math.min(MAX_LOAD_FACTOR, Math.max(1, load / Math.max(1, cores)));
}

/**
 * One setting for every wait of an episode's browser (`--browser-timeout`, `SAFECUA_BROWSER_TIMEOUT_MS`,
 * kept in the run's manifest): element actions wait the base, reading the page (its snapshot, a
 * screenshot) twice it and navigations three times it, each stretched by the machine's load when
 * asked (`loadFactor`), so the same setting holds on a quiet laptop and a loaded CI machine.
 */
export class BrowserTimeout {
  constructor(
    readonly baseMs: number = DEFAULT_BROWSER_TIMEOUT_MS,
    private readonly readLoad: () => MachineLoad = machineLoad,
  ) {
    if (!Number.isFinite(baseMs) || baseMs <= 0)
      throw new RangeError(`the browser timeout must be a positive number of ms (got ${baseMs})`);
  }

  /** An element action: a click, a fill, a choice. */
  action(): number {
    return this.scaled(1);
  }

  /** Reading the page: its accessibility snapshot, a screenshot. */
  read(): number {
    return this.scaled(2);
  }

  /** A navigation: the start page, `goto`, `go_back`, and the page a click started. */
  navigation(): number {
    return this.scaled(3);
  }

  /** Why a wait was as long as it was, for an error message that lets a user change it. */
  explain(): string {
    const load = this.readLoad();
    const factor = loadFactor(load);
    const stretched = factor > 1 ? `, ×${factor.toFixed(1)} for load ${load.load.toFixed(1)} on ${load.cores} cores` : "";
    return `browser timeout ${this.baseMs} ms${stretched}; raise it with --browser-timeout or ${BROWSER_TIMEOUT_ENV}`;
  }

  private scaled(times: number): number {
    return Math.round(this.baseMs * times * loadFactor(this.readLoad()));
  }
}

/**
 * The base from the environment, or undefined when the variable is not set. A value that is not a
 * positive number is an error naming the variable, not a silent default.
 */
export function browserTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const text = env[BROWSER_TIMEOUT_ENV];
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${BROWSER_TIMEOUT_ENV}="${text}" is not a positive number of ms`);
  return value;
}
