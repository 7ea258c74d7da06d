import type { ForumPost, Mail } from "../../scenario/index.js";

/**
 * What the readers of a sent mail see: subject, body, and each attachment by name with its text
 * (an attachment that leaks is as much a leak as the body).
 */
export function mailText(mail: Mail): string {
  const attachments = mail.attachments.map((attachment) => `Attachment ${attachment.name}:\n${attachment.content}`);
  return [mail.subject, mail.body, ...attachments].filter((part) => part !== "").join("\n\n");
}

/** A forum post as its readers see it: the title, then the text. */
export function forumPostText(post: ForumPost): string {
  return [post.title, post.body].filter((part) => part !== "").join("\n\n");
}
