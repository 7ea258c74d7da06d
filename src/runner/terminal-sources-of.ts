import type { TerminalSources } from "../agents/index.js";
import type { TerminalApp } from "../scenario/index.js";
import { DEFAULT_GIT_HOSTS, DEFAULT_INDEXES, DEFAULT_PAGES, initialVshState, vshInput } from "../workspace/index.js";

/** Who may add a name to each of vsh's package indexes (docs/design/vsh.md: open PyPI-/npm-like, curated Debian-like and official images). */
const CURATION = { pypi: "open", npm: "open", debian: "curated", docker: "curated" } as const;

/**
 * The endorsement sources the episode's terminal mocks give (the episode's shell uses
 * `defaultNetworkMocks()`, so these are the same indexes and pages it reaches): the package
 * indexes with their curation, the hosts of the fixed pages and the git hosts as listing hosts, the
 * fixed pages, and whether a path exists: `liveExists`, the episode's shell as it is now, when
 * given (a file the episode made exists, one it deleted does not), else the seeded file system.
 */
export function terminalSourcesOf(terminal: TerminalApp, liveExists?: (path: string) => boolean): TerminalSources {
  const state = initialVshState(vshInput(terminal));
  const pageHosts = Object.keys(DEFAULT_PAGES).map((url) => new URL(url).hostname);
  return {
    home: state.home,
    indexes: (Object.keys(CURATION) as (keyof typeof CURATION)[]).map((ecosystem) => ({
      registry: ecosystem === "docker" ? "docker-official" : ecosystem,
      ecosystem,
      curation: CURATION[ecosystem],
      names: DEFAULT_INDEXES[ecosystem],
    })),
    listingHosts: [...new Set([...pageHosts, ...Object.keys(DEFAULT_GIT_HOSTS)])],
    page: (url) => {
      const text = DEFAULT_PAGES[url];
      if (text === undefined) throw new Error(`the terminal's mocks serve no page at ${url}`);
      return text;
    },
    pathExists: liveExists ?? ((path) => Object.hasOwn(state.files, path)),
  };
}
