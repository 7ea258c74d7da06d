import { packagePath } from "../core/index.js";

/** The folder of the built-in scenario pack, shipped with the package. */
export const BUILTIN_PACK_DIR = packagePath("packs", "builtin");

/** The dataset label that stands for the built-in pack in manifests and summaries. */
export const BUILTIN_DATASET_LABEL = "builtin";

/** The folder of the built-in injection pack (`safecua bench --suite injection`). */
export const INJECTION_PACK_DIR = packagePath("packs", "injection");

/** The dataset label that stands for the built-in injection pack. */
export const INJECTION_DATASET_LABEL = "builtin-injection";
