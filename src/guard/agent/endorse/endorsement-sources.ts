import type { RegistrySet } from "./package-registry.js";

/**
 * What the episode gives the registry, listing and procedure routes
 * (docs/design/guarded-agent.md, "Registries, listings and procedures"): the workspace and its
 * mocks supply them, tests supply fakes. Fetching is injected, never done here with a global
 * `fetch`, so that nothing leaves the machine the workspace does not serve and a test needs no
 * network.
 */
export interface EndorsementSources {
  /** The registries `endorse_by_registry` may name. */
  registries: RegistrySet;
  /** Hosts a listing may be fetched from (lower case): release indexes, repository file lists, simple index pages. */
  listingHosts: ReadonlySet<string>;
  /** The entries of the listing at `url` (the mock parses its own format); throws when it cannot be read. */
  fetchListing(url: URL, signal?: AbortSignal): Promise<readonly string[]>;
  /** The text of the page at `url` (procedure route C); throws when it cannot be read. */
  fetchPage(url: URL, signal?: AbortSignal): Promise<string>;
  /** The user's home directory in the terminal (`~` and `$HOME`), absolute. */
  home: string;
  /**
   * Whether a file exists in the terminal's file system (absolute path). Absent, every file is
   * taken to exist, so any write to a path the request does not name is refused (fail closed).
   */
  pathExists?: (path: string) => boolean;
}

/** The sources of a workspace without a terminal: no registry, no listing host, nothing fetched. */
export const NO_ENDORSEMENT_SOURCES: EndorsementSources = {
  registries: new Map(),
  listingHosts: new Set(),
  fetchListing: () => Promise.reject(new Error("this workspace serves no listings")),
  fetchPage: () => Promise.reject(new Error("this workspace serves no pages for procedures")),
  home: "/home/user",
};
