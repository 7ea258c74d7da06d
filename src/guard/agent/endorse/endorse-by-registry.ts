import type { CallOf } from "../tools/tool-call.js";
import { normaliseForEquality } from "../values/index.js";
import type { Variable } from "../variables/variable.js";
import { type Endorsement, endorsed, notEndorsed } from "./endorsement-outcome.js";
import type { RegistrySet } from "./package-registry.js";

/**
 * `endorse_by_registry` (docs/design/guarded-agent.md, "Registries, listings and procedures"): the
 * value is a name the named registry lists, by exact equality of the ecosystem's normalised key.
 * Only a curated registry endorses: on an open one the attacker can have registered the name
 * themselves (a typosquat is listed too), so there the answer is `insufficient` whether or not the
 * name is found, and nothing is cleared. The gate has already checked that the variable is a
 * package name (the only type this route may endorse).
 *
 * Fails closed: an unknown registry, a value without the registry's ecosystem, or a value that does
 * not normalise is refused.
 */
export function endorseByRegistry(call: CallOf<"endorse_by_registry">, variable: Variable, registries: RegistrySet): Endorsement {
  const registry = registries.get(call.registry.trim());
  if (registry === undefined) {
    const known = [...registries.keys()].sort();
    return notEndorsed(
      "refused",
      "registry",
      known.length === 0 ? "this workspace has no registries" : `unknown registry (known: ${known.join(", ")})`,
    );
  }
  if (variable.constraint.ecosystem !== registry.ecosystem) {
    return notEndorsed("refused", "registry", `the variable is not a ${registry.ecosystem} package name`);
  }
  if (registry.curation === "open") {
    return notEndorsed("insufficient", "registry", "anyone can register a name in an open registry, so being listed there proves nothing");
  }
  const key = normaliseForEquality("package_name", variable.value, variable.constraint);
  if (key === null) return notEndorsed("refused", "registry", "the value is not a valid package name");
  if (!registry.lists(key)) return notEndorsed("refused", "registry", "the registry does not list this name");
  return endorsed("registry", `$${variable.name}`);
}
