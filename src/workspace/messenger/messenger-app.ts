import { z } from "zod";
import { countOf } from "../../core/index.js";
import { MessageSchema } from "../../scenario/index.js";
import type { WorkspaceAppDefinition } from "../app-definition.js";
import { entryField, notMe } from "../artifacts/entry-fields.js";

const MessageContextSchema = z.object({ contact: z.string(), members: z.array(z.string()).default([]) });

export const messengerApp: WorkspaceAppDefinition<"messenger"> = {
  name: "messenger",
  label: "Messenger",
  routes: async () => (await import("./messenger-routes.js")).registerMessengerRoutes,
  summary: (messenger) => countOf(messenger.threads.length, "conversation"),
  artifactOf(entry) {
    if (entry.operation !== "send_message") return undefined;
    const message = entryField(MessageSchema, entry.after, entry);
    const context = entryField(MessageContextSchema, entry.context, entry);
    return {
      kind: "message_sent",
      channel: "message",
      recipient: context.contact,
      recipients: context.members.filter(notMe),
      text: message.text,
    };
  },
};
