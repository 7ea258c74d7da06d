import { type Command, InvalidArgumentError } from "commander";
import { APP_NAMES, FAILURE_MODES, type ScenarioSelection, THEMATIC_CATEGORIES } from "../scenario/index.js";
import { positiveInt } from "./option-parsers.js";

/** The paper's short names, accepted wherever a failure mode is. */
export const MODE_ALIASES: Record<string, string> = {
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

// The selection itself lives with the scenarios: a report re-applies a run's selection too.
export { type ScenarioSelection, selectScenarios } from "../scenario/index.js";
