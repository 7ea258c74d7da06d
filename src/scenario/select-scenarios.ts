import { InputError } from "../core/index.js";
import type { Scenario } from "./scenario.js";
import { presentApps } from "./workspace-state.js";

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
