import type { RunListing } from "./viewer-pages.js";

/**
 * What the viewer's run list is narrowed to (its form's query parameters). Every field given must
 * hold; the free-text ones (name, agent) match a part of the value, case-insensitively, since a
 * user types part of a name; suite, track and tag are exact, as they are picked from a list.
 */
export interface RunListFilter {
  name?: string;
  suite?: string;
  track?: string;
  agent?: string;
  tag?: string;
}

const RUN_LIST_FILTER_KEYS = ["name", "suite", "track", "agent", "tag"] as const;

/** The filter a query gives: blank fields are left out, so an emptied form box filters nothing. */
export function runListFilterOf(query: (key: string) => string | undefined): RunListFilter {
  const filter: RunListFilter = {};
  for (const key of RUN_LIST_FILTER_KEYS) {
    const value = query(key)?.trim();
    if (value) filter[key] = value;
  }
  return filter;
}

const contains = (value: string, part: string) => value.toLowerCase().includes(part.toLowerCase());

/** The runs the filter keeps, in their order. A run that could not be read matches no filter. */
export function filterRunListings(runs: readonly RunListing[], filter: RunListFilter): RunListing[] {
  if (Object.keys(filter).length === 0) return [...runs];
  return runs.filter(
    (run) =>
      run.problem === undefined &&
      (filter.name === undefined || contains(run.name ?? "", filter.name)) &&
      (filter.suite === undefined || run.suite === filter.suite) &&
      (filter.track === undefined || run.track === filter.track) &&
      (filter.agent === undefined || run.agents.some((agent) => contains(agent, filter.agent as string))) &&
      (filter.tag === undefined || run.tags.includes(filter.tag)),
  );
}
