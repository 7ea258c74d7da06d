import { type Ecosystem, normaliseForEquality } from "../values/index.js";

/**
 * Who may add a name to a registry (docs/design/guarded-agent.md, "Registries, listings and
 * procedures"). `curated`: maintainers decide what is published (a Debian-like archive, the official
 * container images), so a name found there was not put there by whoever wrote the page.
 * `open`: anyone may register any free name (a PyPI-like or npm-like index, a code host), so a
 * name found there proves only that somebody registered it — possibly the attacker.
 */
export type RegistryCuration = "curated" | "open";

/**
 * A package registry as the episode is given it (the workspace's mocks supply theirs). Names are
 * compared by the ecosystem's normalised key (`normaliseForEquality` of `package_name`), never by
 * containment.
 */
export interface PackageRegistry {
  readonly name: string;
  readonly curation: RegistryCuration;
  readonly ecosystem: Ecosystem;
  /** Whether the registry lists a name whose normalised key is `key`. */
  lists(key: string): boolean;
}

/**
 * A registry held in memory: its names are normalised once, by the ecosystem's rule. A name the
 * ecosystem's grammar refuses is left out (it could never be equal to a valid value anyway).
 */
export function inMemoryRegistry(name: string, curation: RegistryCuration, ecosystem: Ecosystem, names: Iterable<string>): PackageRegistry {
  const keys = new Set<string>();
  for (const entry of names) {
    const key = normaliseForEquality("package_name", entry, { ecosystem });
    if (key !== null) keys.add(key);
  }
  return { name, curation, ecosystem, lists: (key) => keys.has(key) };
}

/** The episode's registries by the name the planner gives (`endorse_by_registry {registry}`). */
export type RegistrySet = ReadonlyMap<string, PackageRegistry>;

export function registrySet(...registries: PackageRegistry[]): RegistrySet {
  return new Map(registries.map((registry) => [registry.name, registry]));
}
