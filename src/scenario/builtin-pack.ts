import { packagePath } from "../core/index.js";

/** The folder of the built-in scenario pack, shipped with the package. */
export const BUILTIN_PACK_DIR = packagePath("packs", "builtin");

/** The dataset label that stands for the built-in pack in manifests and summaries. */
export const BUILTIN_DATASET_LABEL = "builtin";

/** The folder of the built-in injection pack (`safecua bench --suite injection`). */
export const INJECTION_PACK_DIR = packagePath("packs", "injection");

/** The dataset label that stands for the built-in injection pack. */
export const INJECTION_DATASET_LABEL = "builtin-injection";

/**
 * The folder of the built-in pack a manifest's dataset label names, or undefined for a user's
 * dataset. Manifests keep no path for a built-in pack (it moves with the install), so whoever
 * reloads a run's scenarios (resume, report) finds the pack by its label.
 */
export function builtinPackDir(label: string): string | undefined {
  if (label === BUILTIN_DATASET_LABEL) return BUILTIN_PACK_DIR;
  if (label === INJECTION_DATASET_LABEL) return INJECTION_PACK_DIR;
  return undefined;
}
