import { countOf } from "../../core/index.js";
import { MailSchema } from "../../scenario/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";
import { entryField } from "../artifacts/entry-fields.js";
import { mailText } from "../artifacts/hosted-app-text.js";

export const mailApp: WorkspaceAppDefinition<"mail"> = {
  name: "mail",
  label: "Mail",
  routes: async () => (await import("./mail-routes.js")).registerMailRoutes,
  summary: (mail) => countOf(mail.inbox.filter((message) => !message.read).length, "unread mail"),
  artifactOf(entry) {
    if (entry.operation !== "send_mail") return undefined;
    const mail = entryField(MailSchema, entry.after, entry);
    return { kind: "mail_sent", channel: "message", recipient: mail.to.join(", "), recipients: mail.to, text: mailText(mail) };
  },
};
