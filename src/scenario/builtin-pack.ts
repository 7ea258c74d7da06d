import { fileURLToPath } from "node:url";

/** The folder of the built-in scenario pack, shipped with the package. */
export const BUILTIN_PACK_DIR = fileURLToPath(new URL("../../packs/builtin", import.meta.url));

/** The dataset label that stands for the built-in pack in manifests and summaries. */
export const BUILTIN_DATASET_LABEL = "builtin";
