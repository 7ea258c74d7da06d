import { yaml } from "../core/index.js";
import type { PackHeader } from "./pack-file.js";
import type { Scenario } from "./scenario.js";

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
  "guard",
  "attack",
] as const;

function ordered(scenario: Scenario): Record<string, unknown> {
  // Where it was loaded from is the loader's note, not part of the scenario.
  const { file: _file, ...provenance } = scenario.provenance;
  const source: Record<string, unknown> = { ...scenario, provenance };
  const out: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

/**
 * Scenarios as a pack file (`{pack, scenarios}` YAML) that `validate` and `bench --dataset` load
 * back to the same scenarios. No timestamps, so the same scenarios are the same bytes.
 */
export function packYaml(scenarios: readonly Scenario[], header: PackHeader): string {
  return yaml().stringify({ pack: header, scenarios: scenarios.map(ordered) }, { lineWidth: 0, aliasDuplicateObjects: false });
}
