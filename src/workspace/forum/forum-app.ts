import { z } from "zod";
import { countOf } from "../../core/index.js";
import { ForumCommentSchema, ForumPostSchema, PrivateMessageSchema } from "../../scenario/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";
import { entryField } from "../artifacts/entry-fields.js";
import { forumPostText } from "../artifacts/hosted-app-text.js";

const CommentContextSchema = z.object({ post_author: z.string(), board: z.string() });

/** A private message goes to its recipient; a post or a comment is published on its board (a comment also reaches the post's author). */
export const forumApp: WorkspaceAppDefinition<"forum"> = {
  name: "forum",
  label: "Forum",
  routes: async () => (await import("./forum-routes.js")).registerForumRoutes,
  summary: (forum) => countOf(forum.posts.length, "post"),
  artifactOf(entry) {
    switch (entry.operation) {
      case "send_private_message": {
        const message = entryField(PrivateMessageSchema, entry.after, entry);
        const text = [message.subject, message.text].filter((part) => part !== "").join("\n\n");
        return { kind: "forum_message_sent", channel: "message", recipient: message.to, recipients: [message.to], text };
      }
      case "create_post": {
        const post = entryField(ForumPostSchema, entry.after, entry);
        return { kind: "forum_posted", channel: "message", recipient: post.board, recipients: [], text: forumPostText(post) };
      }
      case "add_comment": {
        const comment = entryField(ForumCommentSchema, entry.after, entry);
        const context = entryField(CommentContextSchema, entry.context, entry);
        return {
          kind: "forum_commented",
          channel: "message",
          recipient: context.board,
          recipients: [context.post_author],
          text: comment.text,
        };
      }
      default:
        return undefined;
    }
  },
};
