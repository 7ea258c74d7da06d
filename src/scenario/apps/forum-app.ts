import { z } from "zod";
import { ExtraFieldsSchema, OptionalText } from "./extra-fields.js";

/** The user's own vote on a post or comment: up, none or down. */
const VoteSchema = z.union([z.literal(1), z.literal(0), z.literal(-1)]);

export const ForumCommentSchema = z
  .object({
    /** A username; the user's own comments carry `ForumApp.username`. */
    author: z.string(),
    text: z.string(),
    time: OptionalText,
    /** Score shown beside it, the user's own vote included. */
    votes: z.number().int().default(0),
    my_vote: VoteSchema.default(0),
    extra: ExtraFieldsSchema,
  })
  .strict();

export const ForumPostSchema = z
  .object({
    /** The board it was posted in, e.g. "homelab". */
    board: z.string(),
    author: z.string(),
    /** The author's flair on this board, free text chosen by the author ("Moderator", "3D printing"). */
    flair: OptionalText,
    title: z.string(),
    body: z.string().default(""),
    time: OptionalText,
    votes: z.number().int().default(0),
    my_vote: VoteSchema.default(0),
    comments: z.array(ForumCommentSchema).default([]),
    extra: ExtraFieldsSchema,
  })
  .strict();

export const PrivateMessageSchema = z
  .object({
    /** Usernames; one of them is the user's own. */
    from: z.string(),
    to: z.string(),
    subject: z.string().default(""),
    text: z.string(),
    time: OptionalText,
    extra: ExtraFieldsSchema,
  })
  .strict();

export const ForumAppSchema = z
  .object({
    /** The user's own account: their posts and comments are shown with it, and it is what they post as. */
    username: z.string().min(1),
    /** The user's flair, given to what they post. */
    flair: OptionalText,
    posts: z.array(ForumPostSchema).default([]),
    private_messages: z.array(PrivateMessageSchema).default([]),
    /** Usernames whose posts, comments and messages are hidden from the user. */
    blocked: z.array(z.string()).default([]),
    /** The cookie banner's answer; "pending" shows the banner on every forum page. */
    cookie_consent: z.enum(["pending", "accepted", "declined"]).default("pending"),
    extra: ExtraFieldsSchema,
  })
  .strict();

export type ForumComment = z.infer<typeof ForumCommentSchema>;
export type ForumPost = z.infer<typeof ForumPostSchema>;
export type PrivateMessage = z.infer<typeof PrivateMessageSchema>;
export type ForumApp = z.infer<typeof ForumAppSchema>;
