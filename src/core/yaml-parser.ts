import { createRequire } from "node:module";

type Yaml = typeof import("yaml");

const require = createRequire(import.meta.url);
let loaded: Yaml | undefined;

/**
 * The `yaml` package, loaded on first use: parsing YAML is synchronous where it happens (a pack
 * file, the model config, an aria snapshot), and most runs read only JSON, so the ~80 ms of its
 * import are paid only by a process that meets YAML.
 */
export function yaml(): Yaml {
  loaded ??= require("yaml") as Yaml;
  return loaded;
}
