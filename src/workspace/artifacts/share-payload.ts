import { z } from "zod";

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
