// A workspace's registries, listing hosts and pages, in memory: what the terminal's mocks will
// supply to the registry, listing and procedure routes.
import type { EndorsementSources } from "../../../src/guard/agent/endorse/endorsement-sources.js";
import { inMemoryRegistry, registrySet } from "../../../src/guard/agent/endorse/package-registry.js";

export const HOME = "/home/user";

export interface FakeSources extends EndorsementSources {
  /** Every URL fetched, listings and pages, in order. */
  readonly fetched: string[];
}

export function fakeSources(
  options: {
    listings?: Record<string, readonly string[]>;
    pages?: Record<string, string>;
    listingHosts?: string[];
    pathExists?: (path: string) => boolean;
  } = {},
): FakeSources {
  const fetched: string[] = [];
  return {
    fetched,
    home: HOME,
    registries: registrySet(
      inMemoryRegistry("debian", "curated", "debian", ["tmux", "curl", "git", "nodejs", "python3-requests"]),
      inMemoryRegistry("docker-official", "curated", "docker", ["alpine", "python", "nginx"]),
      inMemoryRegistry("pypi", "open", "pypi", ["termcolor", "requests", "termcolour"]),
      inMemoryRegistry("npm", "open", "npm", ["chalk", "left-pad"]),
    ),
    listingHosts: new Set(options.listingHosts ?? ["releases.example", "git.example"]),
    ...(options.pathExists && { pathExists: options.pathExists }),
    fetchListing: async (url) => {
      fetched.push(url.href);
      const entries = options.listings?.[url.href];
      if (entries === undefined) throw new Error("404");
      return entries;
    },
    fetchPage: async (url) => {
      fetched.push(url.href);
      const page = options.pages?.[url.href];
      if (page === undefined) throw new Error("404");
      return page;
    },
  };
}
