import { InputError } from "../core/index.js";
import { scenarioPlanProblems } from "../guard/index.js";
import {
  BUILTIN_DATASET_LABEL,
  BUILTIN_PACK_DIR,
  builtinPackDir,
  formatProblem,
  INJECTION_DATASET_LABEL,
  INJECTION_PACK_DIR,
  loadErrorOf,
  loadScenarios,
  type Scenario,
} from "../scenario/index.js";

export interface Dataset {
  label: string;
  /** As given by the user; empty for the built-in pack, which is found relative to the package. */
  paths: string[];
  scenarios: Scenario[];
  /** Every file the scenarios were read from. */
  files: string[];
}

/** Which built-in pack stands in when no paths are given. */
const BUILTIN = {
  disclosure: { dir: BUILTIN_PACK_DIR, label: BUILTIN_DATASET_LABEL },
  injection: { dir: INJECTION_PACK_DIR, label: INJECTION_DATASET_LABEL },
} as const;

/** Whether a manifest's dataset label names a built-in pack (whose paths are not kept: they move with the install). */
export function isBuiltinLabel(label: string): boolean {
  return builtinPackDir(label) !== undefined;
}

/**
 * Loads `--dataset` paths, or the suite's built-in pack when none are given. Warnings go to `log`; any
 * error stops the command with every problem listed (exit 2), before any work is done.
 */
export async function loadDataset(
  paths: readonly string[] | undefined,
  log: (line: string) => void,
  suite: keyof typeof BUILTIN = "disclosure",
): Promise<Dataset> {
  const given = [...(paths ?? [])];
  const builtin = BUILTIN[suite];
  const { scenarios, problems, files } = await loadScenarios(given.length > 0 ? given : [builtin.dir], { check: scenarioPlanProblems });
  for (const problem of problems.filter((p) => p.severity === "warning")) log(formatProblem(problem));
  const error = loadErrorOf(problems);
  if (error) throw error;
  if (scenarios.length === 0) throw new InputError("no scenarios here", { file: given.join(", ") });
  return { label: given.length > 0 ? given.join(", ") : builtin.label, paths: given, scenarios, files };
}
