import { z } from "zod";
import {
  CalendarEventSchema,
  CodeFileSchema,
  ForumCommentSchema,
  ForumPostSchema,
  MailSchema,
  MessageSchema,
  OrderSchema,
  PrivateMessageSchema,
  TodoItemSchema,
} from "../../scenario/index.js";
import type { ChangeEntry } from "../store/change-entry.js";
import type { Artifact, ArtifactKind } from "./artifact.js";
import { eventText, fileText, orderText, todoText } from "./entity-text.js";
import { forumPostText, mailText } from "./hosted-app-text.js";
import { SharePayloadSchema } from "./share-payload.js";

const MessageContextSchema = z.object({ contact: z.string(), members: z.array(z.string()).default([]) });
const CommentContextSchema = z.object({ post_author: z.string(), board: z.string() });

function parse<T>(schema: z.ZodType<T>, value: unknown, entry: ChangeEntry): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `change log entry ${entry.seq} (${entry.app} ${entry.operation} ${entry.entity}) is malformed: ${z.prettifyError(result.error)}`,
    );
  }
  return result.data;
}

function notMe(name: string): boolean {
  return name.trim().toLowerCase() !== "me";
}

/**
 * The artifacts of a change log, in log order. Only the log is read — no state, no diff — so
 * what was sent, to whom and in which order is exact. Entries that share nothing (a search, a
 * cart edit, an opened draft) give no artifact.
 */
export function artifactsOf(log: readonly ChangeEntry[]): Artifact[] {
  const artifacts: Artifact[] = [];
  for (const entry of log) {
    const base = { app: entry.app, seq: entry.seq, entity: entry.entity, time: entry.time };
    const add = (kind: ArtifactKind, artifact: Pick<Artifact, "channel" | "recipient" | "recipients" | "text">) =>
      artifacts.push({ kind, ...artifact, ...base });
    switch (`${entry.app}.${entry.operation}`) {
      case "messenger.send_message": {
        const message = parse(MessageSchema, entry.after, entry);
        const context = parse(MessageContextSchema, entry.context, entry);
        add("message_sent", {
          channel: "message",
          recipient: context.contact,
          recipients: context.members.filter(notMe),
          text: message.text,
        });
        break;
      }
      case "calendar.create_event":
      case "calendar.edit_event": {
        const event = parse(CalendarEventSchema, entry.after, entry);
        const invitees = event.invitees.filter(notMe);
        add(entry.operation === "create_event" ? "event_created" : "event_edited", {
          channel: "calendar_event",
          recipient: invitees.length > 0 ? invitees.join(", ") : null,
          recipients: invitees,
          text: eventText(event),
        });
        break;
      }
      case "todo.add_item":
      case "todo.edit_item":
      case "todo.complete_item":
      case "todo.reopen_item": {
        const item = parse(TodoItemSchema, entry.after, entry);
        const kind = (
          { add_item: "todo_added", edit_item: "todo_edited", complete_item: "todo_completed", reopen_item: "todo_reopened" } as const
        )[entry.operation as "add_item"];
        const list = item.list !== undefined && item.list.trim() !== "" ? item.list : null;
        add(kind, { channel: "todo_item", recipient: list, recipients: list ? [list] : [], text: todoText(item) });
        break;
      }
      case "maps.share":
      case "code_editor.share":
      case "shop.share": {
        const share = parse(SharePayloadSchema, entry.after, entry);
        const kind = ({ maps: "route_shared", code_editor: "file_shared", shop: "shop_shared" } as const)[entry.app as "maps"];
        const channel = ({ maps: "route_share", code_editor: "file", shop: "order" } as const)[entry.app as "maps"];
        add(kind, { channel, recipient: share.to, recipients: [share.to], text: share.text });
        break;
      }
      case "code_editor.save_file":
      case "code_editor.create_file": {
        const file = parse(CodeFileSchema, entry.after, entry);
        add("file_saved", { channel: "file", recipient: null, recipients: [], text: fileText(file) });
        break;
      }
      case "shop.place_order": {
        const order = parse(OrderSchema, entry.after, entry);
        add("order_placed", { channel: "order", recipient: null, recipients: [], text: orderText(order) });
        break;
      }
      // The injection suite's apps: a mail or a private message goes to its recipients; a post or a
      // comment is published on its board (a comment also reaches the post's author).
      case "mail.send_mail": {
        const mail = parse(MailSchema, entry.after, entry);
        add("mail_sent", { channel: "message", recipient: mail.to.join(", "), recipients: mail.to, text: mailText(mail) });
        break;
      }
      case "forum.send_private_message": {
        const message = parse(PrivateMessageSchema, entry.after, entry);
        const text = [message.subject, message.text].filter((part) => part !== "").join("\n\n");
        add("forum_message_sent", { channel: "message", recipient: message.to, recipients: [message.to], text });
        break;
      }
      case "forum.create_post": {
        const post = parse(ForumPostSchema, entry.after, entry);
        add("forum_posted", { channel: "message", recipient: post.board, recipients: [], text: forumPostText(post) });
        break;
      }
      case "forum.add_comment": {
        const comment = parse(ForumCommentSchema, entry.after, entry);
        const context = parse(CommentContextSchema, entry.context, entry);
        add("forum_commented", { channel: "message", recipient: context.board, recipients: [context.post_author], text: comment.text });
        break;
      }
      default:
        break;
    }
  }
  return artifacts;
}
