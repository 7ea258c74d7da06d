import type { GuardException } from "./guard-exception.js";

/**
 * Terminal trust (docs/design/guarded-agent.md, "Terminal trust"): the rows of a region the host
 * vouches for — a terminal's screen whose every line the host typed and none tainted. The page
 * has no say: the host names the node (`GuardOptions.hostTrusted`), and only the rows at or
 * under it are released.
 */
export const terminalException: GuardException = {
  source: "terminal",
  ablation: "terminal-trust",
  releases: ({ model, hostTrusted }) => {
    if (hostTrusted.size === 0) return [];
    return model.rows
      .filter((row) => hostTrusted.has(row.id) || row.ancestors.some((ancestor) => hostTrusted.has(ancestor.nodeId)))
      .map((row) => row.index);
  },
};
