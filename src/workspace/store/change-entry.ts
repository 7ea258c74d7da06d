import { z } from "zod";
import { APP_NAMES } from "../../scenario/index.js";

/**
 * One change to an episode's workspace. The log of these is the ground truth of what an agent
 * did: artifacts are derived from it alone, never by diffing states.
 *
 * `time` is the scenario's fixed clock (it does not advance) and `seq` is a per-episode counter
 * starting at 1, so entries are totally ordered without reading the machine's clock.
 * `entity` is a slash path into the state ("todo/items/3", "messenger/threads/0/messages/5"), or
 * into an app's outbox for things sent without changing state ("maps/shares/0").
 * `before` is null when the entity was created, `after` when it was removed.
 * `context` carries what a reader of the log needs and the entity path alone does not give,
 * e.g. the contact and members of the thread a message was sent in.
 */
export const ChangeEntrySchema = z
  .object({
    episode: z.string(),
    seq: z.number().int().positive(),
    time: z.string(),
    app: z.enum(APP_NAMES),
    operation: z.string(),
    entity: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    context: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export type ChangeEntry = z.infer<typeof ChangeEntrySchema>;

/** What a caller says about a change; the store fills in episode, seq, time, before and after. */
export interface ChangeRequest {
  app: ChangeEntry["app"];
  operation: string;
  entity: string;
  context?: Record<string, unknown>;
}
