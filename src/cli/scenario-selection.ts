import { type Command, InvalidArgumentError } from "commander";
import { InputError } from "../core/index.js";
import { APP_NAMES, FAILURE_MODES, presentApps, type Scenario, THEMATIC_CATEGORIES } from "../scenario/index.js";
import { positiveInt } from "./option-parsers.js";

/**
 * Which scenarios of a dataset a command works on. Every filter given must hold (AND); within a
 * filter any value may (OR). `limit` applies last and keeps the first N in dataset order, so the
 * same flags always pick the same scenarios (a resume relies on that).
 */
export interface ScenarioSelection {
  /** Ids or globs (`*` any run of characters, `?` one). */
  ids?: string[];
  failure_modes?: string[];
  categories?: string[];
  apps?: string[];
  limit?: number;
}

/** The paper's short names, accepted wherever a failure mode is. */
const MODE_ALIASES: Record<string, string> = {
  vcl: "visual_co_location",
  tao: "task_ambiguity_overshare",
  rma: "recipient_misalignment",
};

/** A collecting parser (repeatable, comma-separated) that accepts only `allowed` values. */
function oneOf(allowed: readonly string[], aliases: Record<string, string> = {}) {
  return (value: string, previous: string[] | undefined): string[] => {
    const parts = value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => aliases[part.toLowerCase()] ?? part);
    const bad = parts.filter((part) => !allowed.includes(part));
    if (bad.length > 0) throw new InvalidArgumentError(`${bad.join(", ")}: expected one of ${allowed.join(", ")}`);
    return [...(previous ?? []), ...parts];
  };
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [
    ...(previous ?? []),
    ...value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  ];
}

/** Adds the subset flags; `idFlag` is `--scenario` for bench and `--only` for the generator's seeds. */
export function addSelectionOptions(command: Command, idFlag: "--scenario" | "--only" = "--scenario"): Command {
  const what = idFlag === "--only" ? "seeds" : "scenarios";
  return command
    .option(`${idFlag} <id|glob>`, `only ${what} whose id matches (* and ? wildcards); repeat or comma-separate`, collect)
    .option(
      "--failure-mode <mode>",
      `only ${what} of this failure mode (${FAILURE_MODES.join(", ")}, or VCL, TAO, RMA); repeatable`,
      oneOf(FAILURE_MODES, MODE_ALIASES),
    )
    .option(
      "--category <name>",
      `only ${what} of this thematic category (${THEMATIC_CATEGORIES.join(", ")}); repeatable`,
      oneOf(THEMATIC_CATEGORIES),
    )
    .option("--app <name>", `only ${what} whose workspace has this app (${APP_NAMES.join(", ")}); repeatable`, oneOf(APP_NAMES))
    .option("--limit <n>", `only the first N ${what} (in dataset order) after the other filters`, positiveInt);
}

/** The selection the flags describe, or undefined when none was given. */
export function selectionFromOptions(options: {
  scenario?: string[];
  only?: string[];
  failureMode?: string[];
  category?: string[];
  app?: string[];
  limit?: number;
}): ScenarioSelection | undefined {
  const ids = options.scenario ?? options.only;
  const selection: ScenarioSelection = {
    ...(ids !== undefined && { ids }),
    ...(options.failureMode !== undefined && { failure_modes: options.failureMode }),
    ...(options.category !== undefined && { categories: options.category }),
    ...(options.app !== undefined && { apps: options.app }),
    ...(options.limit !== undefined && { limit: options.limit }),
  };
  return Object.keys(selection).length > 0 ? selection : undefined;
}

/** `*` and `?` wildcards, everything else literal, anchored at both ends. */
function globPattern(glob: string): RegExp {
  const source = glob
    .split("")
    .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

/**
 * The scenarios the selection keeps, in dataset order. An id or glob that matches no scenario is
 * an error (a typo would otherwise run a smaller benchmark than meant), and so is an empty result.
 */
export function selectScenarios(scenarios: readonly Scenario[], selection: ScenarioSelection | undefined, flag = "--scenario"): Scenario[] {
  if (selection === undefined) return [...scenarios];
  let kept = [...scenarios];
  if (selection.ids) {
    const patterns = selection.ids.map((id) => ({ id, pattern: globPattern(id) }));
    const unmatched = patterns.filter(({ pattern }) => !scenarios.some((scenario) => pattern.test(scenario.id)));
    if (unmatched.length > 0)
      throw new InputError(`no scenario matches ${unmatched.map(({ id }) => id).join(", ")}; "safecua list scenarios" shows the ids`, {
        file: flag,
      });
    kept = kept.filter((scenario) => patterns.some(({ pattern }) => pattern.test(scenario.id)));
  }
  if (selection.failure_modes) kept = kept.filter((scenario) => selection.failure_modes?.includes(scenario.failure_mode));
  if (selection.categories)
    kept = kept.filter((scenario) => scenario.category !== undefined && selection.categories?.includes(scenario.category));
  if (selection.apps) kept = kept.filter((scenario) => presentApps(scenario.state).some((app) => selection.apps?.includes(app)));
  if (selection.limit !== undefined) kept = kept.slice(0, selection.limit);
  if (kept.length === 0)
    throw new InputError(`no scenario of ${scenarios.length} is left after ${describeSelection(selection)}`, { file: flag });
  return kept;
}

/** The selection as the flags that give it, for messages and resume hints. */
export function describeSelection(selection: ScenarioSelection, idFlag = "--scenario"): string {
  return [
    ...(selection.ids ?? []).map((id) => `${idFlag} ${id}`),
    ...(selection.failure_modes ?? []).map((mode) => `--failure-mode ${mode}`),
    ...(selection.categories ?? []).map((category) => `--category ${category}`),
    ...(selection.apps ?? []).map((app) => `--app ${app}`),
    ...(selection.limit !== undefined ? [`--limit ${selection.limit}`] : []),
  ].join(" ");
}
