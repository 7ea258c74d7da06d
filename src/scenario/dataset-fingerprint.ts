import { createHash } from "node:crypto";
import type { Scenario } from "./scenario.js";

/**
 * A hash of what the agents and the scorer see of a dataset. The file a scenario came from is left
 * out, so moving a pack does not invalidate a run; any change of content does. Plain JSON in the
 * schema's key order (which parsing fixes) rather than canonical JSON: manifests already written
 * hold this hash, and a resume compares against it.
 */
export function datasetFingerprint(scenarios: Scenario[]): string {
  const hash = createHash("sha256");
  for (const scenario of [...scenarios].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const { file: _file, ...provenance } = scenario.provenance;
    hash.update(JSON.stringify({ ...scenario, provenance }));
    hash.update("\n");
  }
  return `sha256:${hash.digest("hex")}`;
}
