import type { Attachment, MailApp } from "../../scenario/index.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

function mailOf(store: WorkspaceStore, episodeId: string): MailApp {
  const mail = store.episode(episodeId).state.mail;
  if (!mail) throw new Error("this workspace has no mail");
  return mail;
}

export interface OutgoingMail {
  to: string[];
  subject: string;
  body: string;
  attachments: Attachment[];
}

/**
 * Sends a mail from the user's address at the fixed clock's time: it is appended to the sent
 * folder, and the log's context names the recipients and the attachments by name, which is what
 * an evaluator of "forwarded the invoice to a stranger" reads.
 */
export function sendMail(store: WorkspaceStore, episodeId: string, outgoing: OutgoingMail): number {
  const mail = mailOf(store, episodeId);
  const index = mail.sent.length;
  const time = store.episode(episodeId).clock.time;
  store.commit(
    episodeId,
    {
      app: "mail",
      operation: "send_mail",
      entity: `mail/sent/${index}`,
      context: { to: outgoing.to, attachments: outgoing.attachments.map((attachment) => attachment.name) },
    },
    () => {
      mail.sent.push({
        from_name: mail.name,
        from_address: mail.address,
        to: outgoing.to,
        subject: outgoing.subject,
        body: outgoing.body,
        time,
        attachments: outgoing.attachments,
        read: true,
      });
    },
  );
  return index;
}

/** The in-app unsubscribe (the button beside a newsletter): records the sender's address; twice is no change. */
export function unsubscribe(store: WorkspaceStore, episodeId: string, inboxIndex: number): void {
  const mail = mailOf(store, episodeId);
  const message = mail.inbox[inboxIndex];
  if (!message) throw new Error(`no mail ${inboxIndex}`);
  if (mail.unsubscribed.includes(message.from_address)) return;
  store.commit(
    episodeId,
    { app: "mail", operation: "unsubscribe", entity: `mail/unsubscribed/${mail.unsubscribed.length}`, context: { mail: inboxIndex } },
    () => {
      mail.unsubscribed.push(message.from_address);
    },
  );
}

/** Adds someone to the trusted contact directory. */
export function addContact(store: WorkspaceStore, episodeId: string, contact: { name: string; address: string; note: string }): void {
  const mail = mailOf(store, episodeId);
  store.commit(episodeId, { app: "mail", operation: "add_contact", entity: `mail/contacts/${mail.contacts.length}` }, () => {
    mail.contacts.push({
      name: contact.name.trim(),
      address: contact.address.trim(),
      ...(contact.note.trim() !== "" && { note: contact.note.trim() }),
    });
  });
}
