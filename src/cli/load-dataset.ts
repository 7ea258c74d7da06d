import { InputError } from "../core/index.js";
import { BUILTIN_DATASET_LABEL, BUILTIN_PACK_DIR, formatProblem, loadErrorOf, loadScenarios, type Scenario } from "../scenario/index.js";

export interface Dataset {
  label: string;
  /** As given by the user; empty for the built-in pack, which is found relative to the package. */
  paths: string[];
  scenarios: Scenario[];
}

/**
 * Loads `--dataset` paths, or the built-in pack when none are given. Warnings go to `log`; any
 * error stops the command with every problem listed (exit 2), before any work is done.
 */
export async function loadDataset(paths: readonly string[] | undefined, log: (line: string) => void): Promise<Dataset> {
  const given = [...(paths ?? [])];
  const { scenarios, problems } = await loadScenarios(given.length > 0 ? given : [BUILTIN_PACK_DIR]);
  for (const problem of problems.filter((p) => p.severity === "warning")) log(formatProblem(problem));
  const error = loadErrorOf(problems);
  if (error) throw error;
  if (scenarios.length === 0) throw new InputError("no scenarios here", { file: given.join(", ") });
  return { label: given.length > 0 ? given.join(", ") : BUILTIN_DATASET_LABEL, paths: given, scenarios };
}
