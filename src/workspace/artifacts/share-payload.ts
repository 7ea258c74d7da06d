import { z } from "zod";
import type { OutputChannel } from "../../scenario/index.js";
import type { ChangeEntry } from "../store/change-entry.js";
import type { ArtifactKind, EntryArtifact } from "./artifact.js";
import { entryField } from "./entry-fields.js";

/**
 * What an app logs when the user shares something from it (a route, a place, a file, the cart):
 * the recipient as typed, what was shared, the optional message, and the exact text sent.
 */
export const SharePayloadSchema = z
  .object({
    to: z.string(),
    what: z.string(),
    message: z.string(),
    text: z.string(),
  })
  .strict();
export type SharePayload = z.infer<typeof SharePayloadSchema>;

/** The text a share delivers: the user's message first, then the shared content. */
export function shareText(message: string, content: string): string {
  return message.trim() === "" ? content : `${message}\n\n${content}`;
}

/** The artifact of an app's `share` entry: the exact text, to the recipient as typed. */
export function sharedArtifact(entry: ChangeEntry, kind: ArtifactKind, channel: OutputChannel): EntryArtifact {
  const share = entryField(SharePayloadSchema, entry.after, entry);
  return { kind, channel, recipient: share.to, recipients: [share.to], text: share.text };
}
