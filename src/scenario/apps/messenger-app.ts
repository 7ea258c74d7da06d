import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";

export const MessageSchema = z
  .object({
    /** Who wrote it; "me" for the user. Absent when the source gave a bare string. */
    sender: OptionalText,
    text: z.string(),
    time: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const ThreadSchema = z
  .object({
    /** The contact or group name as shown in the thread list, e.g. "Nora (Manager)". */
    contact: z.string(),
    /** Members of a group thread; empty for a one-to-one thread. */
    members: z.array(z.string()).default([]),
    messages: z.array(MessageSchema).default([]),
    /** Unsent text in the compose box. */
    draft: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const MessengerAppSchema = z
  .object({
    threads: z.array(ThreadSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type Message = z.infer<typeof MessageSchema>;
export type Thread = z.infer<typeof ThreadSchema>;
export type MessengerApp = z.infer<typeof MessengerAppSchema>;
