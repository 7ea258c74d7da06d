import { packYaml, type Scenario } from "../scenario/index.js";

/**
 * The kept pool as a pack file (`{pack, scenarios}` YAML): loadable by `safecua validate --strict`
 * and `safecua bench --dataset`. No timestamps, so the same pool is the same bytes.
 */
export function poolYaml(scenarios: readonly Scenario[], description: string): string {
  return packYaml(scenarios, { name: "safecua-generated", description });
}
