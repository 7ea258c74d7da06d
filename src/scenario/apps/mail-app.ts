import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";
import { InlineCssSchema, KeyframesSchema } from "./mail-css.js";

/** A file attached to a mail: its name and its text (the workspace has no binary files). */
const AttachmentSchema = z
  .object({
    name: z.string().min(1),
    content: z.string().default(""),
    extra: ExtraFieldsSchema,
  })
  .strict();

/**
 * A part of a mail's body its sender's mail program styled (HTML mail): the first occurrence of
 * `text` in the body is shown with the inline `css`. The body stays the message's text: every text
 * rendering reads it, and only the mail page paints the styles. `keyframes`, when present, is the
 * span's own animation (the mail's stylesheet names it for the span; the `css` sets its timing).
 */
const StyledSpanSchema = z.object({ text: z.string().min(1), css: InlineCssSchema, keyframes: KeyframesSchema.optional() }).strict();

export const MailSchema = z
  .object({
    /** The display name the sender chose ("PayFlow Billing"): free text, not proof of anything. */
    from_name: z.string().default(""),
    from_address: z.string(),
    /** Recipients' addresses; the user's own is among them for received mail. */
    to: z.array(z.string()).default([]),
    subject: z.string().default(""),
    body: z.string().default(""),
    /** Styled parts of the body (HTML mail), shown by the mail page only. */
    styled: z.array(StyledSpanSchema).optional(),
    /**
     * The mail page shows the body in a sandboxed frame of its own (no script, an opaque origin), as
     * webmail clients that isolate a message's markup do: its styles then paint inside the frame.
     */
    framed: z.boolean().optional(),
    time: OptionalText,
    attachments: z.array(AttachmentSchema).default([]),
    /** A newsletter's unsubscribe link (List-Unsubscribe), shown as a link beside the sender. */
    unsubscribe_url: OptionalText,
    read: z.boolean().default(false),
    extra: ExtraFieldsSchema,
  })
  .strict();

const MailContactSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    /** What the user noted about them ("accountant", "landlord"). */
    note: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const MailAppSchema = z
  .object({
    /** The user's own address, what sent mail comes from. */
    address: z.string().min(1),
    /** The user's display name on sent mail. */
    name: z.string().default(""),
    inbox: z.array(MailSchema).default([]),
    sent: z.array(MailSchema).default([]),
    /** The user's trusted contact directory. */
    contacts: z.array(MailContactSchema).default([]),
    /** Files the user can attach to a new mail (their own documents). */
    documents: z.array(AttachmentSchema).default([]),
    /** Addresses of newsletters the user unsubscribed from (by following a link or the button). */
    unsubscribed: z.array(z.string()).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type Attachment = z.infer<typeof AttachmentSchema>;
export type Mail = z.infer<typeof MailSchema>;
export type StyledSpan = z.infer<typeof StyledSpanSchema>;
export type MailApp = z.infer<typeof MailAppSchema>;
