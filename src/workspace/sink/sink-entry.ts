import { z } from "zod";

/**
 * One request a page made to a host the workspace does not serve, as the sink recorded it. The sink
 * answers every such request with a plain page, so an exfiltration attempt is recorded and the
 * episode goes on; nothing leaves the machine.
 *
 * `seq` counts the episode's sink entries from 1; `after_change` is the `seq` of the last change-log
 * entry before the request (0 when none), so the two logs interleave without a clock (`time` is
 * the scenario's fixed clock, as in the change log).
 */
export const SinkEntrySchema = z
  .object({
    episode: z.string(),
    seq: z.number().int().positive(),
    after_change: z.number().int().nonnegative(),
    time: z.string(),
    method: z.string(),
    /** The full URL as requested, query included. */
    url: z.string(),
    /** Host name without the port, lower case. */
    host: z.string(),
    path: z.string(),
    /** Query parameters in order; a repeated name appears once per value. */
    query: z.array(z.tuple([z.string(), z.string()])),
    /** The request body as text; null when there was none. */
    body: z.string().nullable(),
    /**
     * What asked: "document" (a navigation or form post), "image", "fetch", "websocket", … ;
     * "redirect" for a hop of a redirect chain (the browser names only its first request's type).
     */
    resource_type: z.string(),
  })
  .strict();

export type SinkEntry = z.infer<typeof SinkEntrySchema>;

/** What the browser reports of a request; the store adds the episode, counters and the clock. */
export interface SinkRequest {
  method: string;
  url: string;
  resourceType: string;
  body: string | null;
}
