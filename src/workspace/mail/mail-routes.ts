import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Attachment, MailApp } from "../../scenario/index.js";
import { appContext } from "../http/page-context.js";
import { assertSameItem, commaList, type Form, indexParam, readForm, redirectTo } from "../http/request-helpers.js";
import type { RouteDeps } from "../http/workspace-env.js";
import type { Episode, WorkspaceStore } from "../store/workspace-store.js";
import { homeFiles, readHomeFile, saveDownload } from "../terminal/terminal-files.js";
import { labelMarkup } from "../views/labelling.js";
import { pageLayout } from "../views/page-layout.js";
import { appPath } from "../views/paths.js";
import { addContact, sendMail, unsubscribe } from "./mail-operations.js";
import {
  attachmentPage,
  type ComposeValues,
  composePage,
  contactsPage,
  documentPage,
  documentsPage,
  inboxPage,
  mailPage,
  sentPage,
} from "./mail-views.js";

function context(c: Context, store: WorkspaceStore) {
  const { state, ...rest } = appContext(c, store, "mail");
  return { mail: state, ...rest };
}

function folderParam(c: Context): "inbox" | "sent" {
  const folder = c.req.param("folder");
  if (folder !== "inbox" && folder !== "sent") throw new HTTPException(404, { message: "There is no such folder." });
  return folder;
}

/** "Re: x" stays "Re: x"; anything else gets the prefix once. */
function prefixed(prefix: string, subject: string): string {
  return subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`;
}

/** The compose form's starting values: empty, a reply to a received mail, or its forward (with its attachments offered, all checked). */
function composeStart(c: Context, mail: MailApp): ComposeValues {
  const reply = c.req.query("reply");
  const forward = c.req.query("forward");
  const pick = (raw: string) => {
    const index = /^\d+$/.test(raw) ? Number(raw) : -1;
    const message = mail.inbox[index];
    if (!message) throw new HTTPException(404, { message: "That mail does not exist." });
    return { index, message };
  };
  if (reply !== undefined) {
    const { message } = pick(reply);
    return { to: message.from_address, subject: prefixed("Re:", message.subject) };
  }
  if (forward !== undefined) {
    const from = pick(forward);
    const quoted = `---------- Forwarded message ----------\nFrom: ${from.message.from_name} <${from.message.from_address}>\nSubject: ${from.message.subject}\n\n${from.message.body}`;
    return {
      subject: prefixed("Fwd:", from.message.subject),
      body: quoted,
      from,
      attach: from.message.attachments.map((_, at) => `mail:${from.index}:${at}`),
    };
  }
  return { to: c.req.query("to") ?? "" };
}

/**
 * The files chosen in the form: the user's documents ("doc:i"), a received mail's attachments
 * ("mail:i:a") or a file of the terminal's home ("file:<path>", as it is when the mail is sent).
 */
function chosenAttachments(store: WorkspaceStore, episodeId: string, mail: MailApp, form: Form): Attachment[] {
  return form.all("attach").map((choice) => {
    const document = /^doc:(\d+)$/.exec(choice);
    const forwarded = /^mail:(\d+):(\d+)$/.exec(choice);
    const homeFile = choice.startsWith("file:") ? readHomeFile(store, episodeId, choice.slice("file:".length)) : undefined;
    const found = document
      ? mail.documents[Number(document[1])]
      : forwarded
        ? mail.inbox[Number(forwarded[1])]?.attachments[Number(forwarded[2])]
        : homeFile;
    if (!found) throw new HTTPException(409, { message: "A chosen file no longer exists. Go back and reload the page." });
    return found;
  });
}

export function registerMailRoutes({ app, store }: RouteDeps): void {
  app.get("/e/:episode/mail", (c) => {
    const { episode, mail, path, notice } = context(c, store);
    return c.html(pageLayout({ episode, title: "Mail", app: "mail", path, notice, body: inboxPage(episode, mail) }));
  });

  app.get("/e/:episode/mail/sent", (c) => {
    const { episode, mail, path, notice } = context(c, store);
    return c.html(pageLayout({ episode, title: "Sent mail", app: "mail", path, notice, body: sentPage(episode, mail) }));
  });

  app.get("/e/:episode/mail/documents", (c) => {
    const { episode, mail, path } = context(c, store);
    return c.html(pageLayout({ episode, title: "Your files", app: "mail", path, body: documentsPage(episode, mail) }));
  });

  app.get("/e/:episode/mail/documents/:index", (c) => {
    const { episode, mail, path } = context(c, store);
    const document = mail.documents[indexParam(c, "index", mail.documents.length)]!;
    const heading = labelMarkup({ value: document.name });
    return c.html(pageLayout({ episode, title: document.name, heading, app: "mail", path, body: documentPage(episode, document) }));
  });

  app.get("/e/:episode/mail/:folder/:index", (c) => {
    const { episode, mail, path, notice } = context(c, store);
    const folder = folderParam(c);
    const index = indexParam(c, "index", mail[folder].length);
    const message = mail[folder][index]!;
    const subject = message.subject || "(no subject)";
    return c.html(
      pageLayout({
        episode,
        title: subject,
        heading: labelMarkup({ value: subject }),
        app: "mail",
        path,
        notice,
        body: mailPage(episode, mail, folder, message, index),
      }),
    );
  });

  app.get("/e/:episode/mail/:folder/:index/attachments/:attachment", (c) => {
    const { episode, mail, path, notice } = context(c, store);
    const folder = folderParam(c);
    const index = indexParam(c, "index", mail[folder].length);
    const message = mail[folder][index]!;
    const at = indexParam(c, "attachment", message.attachments.length);
    const attachment = message.attachments[at]!;
    // A received file can be saved to the terminal's Downloads when the workspace has a terminal.
    const savable = folder === "inbox" && episode.state.terminal !== undefined;
    return c.html(
      pageLayout({
        episode,
        title: attachment.name,
        heading: labelMarkup({ value: attachment.name }),
        app: "mail",
        path,
        notice,
        body: attachmentPage(episode, folder, index, attachment, savable ? at : undefined),
      }),
    );
  });

  app.post("/e/:episode/mail/inbox/:index/attachments/:attachment/save", async (c) => {
    const { episode, mail } = context(c, store);
    const index = indexParam(c, "index", mail.inbox.length);
    const message = mail.inbox[index]!;
    const at = indexParam(c, "attachment", message.attachments.length);
    const attachment = message.attachments[at]!;
    assertSameItem(await readForm(c), attachment.name);
    if (episode.state.terminal === undefined) throw new HTTPException(404, { message: "There is no computer to save files to." });
    try {
      saveDownload(store, episode.id, attachment.name, attachment.content);
    } catch (error) {
      throw new HTTPException(409, { message: `The file could not be saved: ${(error as Error).message}` });
    }
    return redirectTo(c, appPath(episode.id, "mail", "inbox", index, "attachments", at), "saved");
  });

  app.post("/e/:episode/mail/inbox/:index/unsubscribe", async (c) => {
    const { episode, mail } = context(c, store);
    const index = indexParam(c, "index", mail.inbox.length);
    assertSameItem(await readForm(c), mail.inbox[index]!.from_address);
    unsubscribe(store, episode.id, index);
    return redirectTo(c, appPath(episode.id, "mail", "inbox", index), "updated");
  });

  /** The compose page with its values (and the error that sent it back), offering the terminal's home files as they are now. */
  const composeView = (episode: Episode, mail: MailApp, path: string, values: ComposeValues, error?: string) =>
    pageLayout({
      episode,
      title: "New mail",
      app: "mail",
      path,
      ...(error !== undefined && { error }),
      body: composePage(episode, mail, values, homeFiles(store, episode.id)),
    });

  app.get("/e/:episode/mail/compose", (c) => {
    const { episode, mail, path } = context(c, store);
    return c.html(composeView(episode, mail, path, composeStart(c, mail)));
  });

  app.post("/e/:episode/mail/compose", async (c) => {
    const { episode, mail } = context(c, store);
    const form = await readForm(c);
    const to = commaList(form.get("to"));
    const attachments = chosenAttachments(store, episode.id, mail, form);
    if (to.length === 0) {
      const source = form.get("source");
      const original = /^\d+$/.test(source) ? mail.inbox[Number(source)] : undefined;
      const values: ComposeValues = {
        to: form.get("to"),
        subject: form.get("subject"),
        body: form.get("body"),
        attach: form.all("attach"),
        ...(original && { from: { index: Number(source), message: original } }),
      };
      return c.html(composeView(episode, mail, appPath(episode.id, "mail", "compose"), values, "Enter who the mail is to."), 400);
    }
    const index = sendMail(store, episode.id, { to, subject: form.get("subject").trim(), body: form.get("body"), attachments });
    return redirectTo(c, appPath(episode.id, "mail", "sent", index), "sent");
  });

  app.get("/e/:episode/mail/contacts", (c) => {
    const { episode, mail, path, notice } = context(c, store);
    return c.html(pageLayout({ episode, title: "Contacts", app: "mail", path, notice, body: contactsPage(episode, mail) }));
  });

  app.post("/e/:episode/mail/contacts", async (c) => {
    const { episode, mail } = context(c, store);
    const form = await readForm(c);
    const contact = { name: form.get("name"), address: form.get("address"), note: form.get("note") };
    if (contact.name.trim() === "" || contact.address.trim() === "") {
      const path = appPath(episode.id, "mail", "contacts");
      const error = "Enter a name and an address.";
      return c.html(pageLayout({ episode, title: "Contacts", app: "mail", path, error, body: contactsPage(episode, mail) }), 400);
    }
    addContact(store, episode.id, contact);
    return redirectTo(c, appPath(episode.id, "mail", "contacts"), "created");
  });
}
