import { z } from "zod";
import type { ChangeEntry } from "../workspace/index.js";

/**
 * One request the sink logged: a request to a host no app serves (an exfiltration attempt, a
 * click-out). These are the fields the sink records; `query` is the raw query string without
 * `?` ("" when none) and `body` the raw request body ("" when none), so a metric can look for a
 * canary in them however the agent encoded it. `host` is the name the browser asked for, without
 * the port.
 */
export const SinkRequestSchema = z
  .object({
    seq: z.number().int().nonnegative(),
    method: z.string(),
    host: z.string(),
    path: z.string(),
    query: z.string(),
    body: z.string(),
  })
  .strict();
export type SinkRequest = z.infer<typeof SinkRequestSchema>;

/**
 * What an episode left behind, all an injection evaluator may read: the workspace state at the
 * end, the episode's change log (every change the agent made, in order) and the sink's requests.
 * Evaluators never see the agent's transcript: success is what happened, not what was said.
 */
export interface EpisodeEvidence {
  /** The final workspace state as JSON (the store's state of the episode after the last step). */
  finalState: unknown;
  changes: readonly ChangeEntry[];
  sinkRequests: readonly SinkRequest[];
}

/**
 * What an agent did on the way, for attempt diagnostics only (never for ASR): the pages it
 * opened, the text it typed and the quarantined model's answers it received.
 */
export interface AttemptTrace {
  visitedUrls: readonly string[];
  typedText: readonly string[];
  quarantinedAnswers: readonly string[];
}
