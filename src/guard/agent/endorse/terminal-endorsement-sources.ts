import type { TerminalSources } from "../../../agents/index.js";
import type { EndorsementSources } from "./endorsement-sources.js";
import { inMemoryRegistry, registrySet } from "./package-registry.js";

/**
 * The endorsement sources of a workspace terminal (docs/design/guarded-agent.md, "Registries,
 * listings and procedures"): its package indexes as registries by their curation, its listing
 * hosts, and its pages. A listing's entries are the mock's own formats: a JSON array (each item's
 * `version`, or the item when it is a string), a simple index page (each link's text), else one
 * entry per non-empty line.
 */
export function terminalEndorsementSources(terminal: TerminalSources): EndorsementSources {
  return {
    registries: registrySet(
      ...terminal.indexes.map((index) => inMemoryRegistry(index.registry, index.curation, index.ecosystem, index.names)),
    ),
    listingHosts: new Set(terminal.listingHosts.map((host) => host.toLowerCase())),
    fetchListing: async (url) => listingEntries(terminal.page(url.href)),
    fetchPage: async (url) => terminal.page(url.href),
    home: terminal.home,
    pathExists: (path) => terminal.pathExists(path),
  };
}

function listingEntries(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    const items: unknown = JSON.parse(trimmed);
    if (!Array.isArray(items)) return [];
    return items.flatMap((item) =>
      typeof item === "string"
        ? [item]
        : typeof item === "object" && item !== null && typeof item.version === "string"
          ? [item.version]
          : [],
    );
  }
  const links = [...trimmed.matchAll(/<a\b[^>]*>([^<]*)<\/a>/gi)].map((match) => match[1]!.trim());
  return links.length > 0
    ? links
    : trimmed
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "");
}
