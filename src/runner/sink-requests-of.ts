import type { SinkRequest } from "../injection/index.js";
import type { Workspace } from "../workspace/index.js";

/**
 * The requests the sink logged for an episode (hosts no app serves), in the shape the evaluators
 * read. The one place the runner reads the sink, so that its log format is adapted here and not
 * in the evaluators. Until the workspace has a sink, nothing can reach another host (the browser
 * context only allows the workspace's origin), so the list is empty.
 */
export function sinkRequestsOf(_workspace: Workspace, _episodeId: string): SinkRequest[] {
  return [];
}
