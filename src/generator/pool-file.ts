import { yaml } from "../core/index.js";
import type { Scenario } from "../scenario/index.js";

/** Field order of a written scenario, as in the built-in pack, so files read naturally. */
const FIELD_ORDER = [
  "id",
  "task",
  "recipient",
  "channel",
  "now",
  "category",
  "failure_mode",
  "state",
  "must_share",
  "must_not_share",
  "rationale",
  "provenance",
] as const;

function ordered(scenario: Scenario): Record<string, unknown> {
  const { file: _file, ...provenance } = scenario.provenance;
  const source: Record<string, unknown> = { ...scenario, provenance };
  const out: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

/**
 * The kept pool as a pack file (`{pack, scenarios}` YAML): loadable by `safecua validate --strict`
 * and `safecua bench --dataset`. No timestamps, so the same pool is the same bytes.
 */
export function poolYaml(scenarios: readonly Scenario[], description: string): string {
  const pack = { name: "safecua-generated", description };
  return yaml().stringify({ pack, scenarios: scenarios.map(ordered) }, { lineWidth: 0, aliasDuplicateObjects: false });
}
