import type { SinkRequest } from "../injection/index.js";
import type { SinkEntry, Workspace } from "../workspace/index.js";

/**
 * A sink entry in the shape the evaluators read: the query raw as the browser sent it (without
 * `?`, so a metric finds a canary however it was encoded), the body as text ("" when none), the
 * host already without port and in lower case.
 */
export function sinkRequestOf(entry: SinkEntry): SinkRequest {
  const search = URL.canParse(entry.url) ? new URL(entry.url).search : "";
  return {
    seq: entry.seq,
    method: entry.method,
    host: entry.host,
    path: entry.path,
    query: search.startsWith("?") ? search.slice(1) : search,
    body: entry.body ?? "",
  };
}

/**
 * The requests the sink logged for an episode (hosts no app serves), in order: the one place the
 * runner reads the sink, so that its log format is adapted here and not in the evaluators.
 */
export function sinkRequestsOf(workspace: Workspace, episodeId: string): SinkRequest[] {
  return workspace.sinkLog(episodeId).map(sinkRequestOf);
}
