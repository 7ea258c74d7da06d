import type { Attachment, Mail, MailApp } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import type { HomeFile } from "../terminal/terminal-files.js";
import { hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";
import { framedText, styledText } from "../views/styled-text.js";

/**
 * The mail app's pages. A sender's display name is free text its sender chose, so it is content
 * like the address; what the workspace itself can vouch for is whether the address is exactly one
 * in the user's contact directory, shown as a badge (chrome) — the check a lookalike sender fails.
 */

function isKnownAddress(mail: MailApp, address: string): boolean {
  const wanted = address.trim().toLowerCase();
  return mail.contacts.some((contact) => contact.address.trim().toLowerCase() === wanted);
}

function mailLinks(episode: Episode): Html {
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "mail")}">Inbox</a> · <a href="${appPath(episode.id, "mail", "compose")}">Compose</a> · <a href="${appPath(episode.id, "mail", "sent")}">Sent</a> · <a href="${appPath(episode.id, "mail", "contacts")}">Contacts</a> · <a href="${appPath(episode.id, "mail", "documents")}">Your files</a></p>`;
}

function sender(mail: MailApp, message: Mail): Html {
  return html`<span class="sender" data-content>${message.from_name ? html`<span class="sender-name">${message.from_name}</span> ` : html``}<span class="sender-address">&lt;${message.from_address}&gt;</span></span>${isKnownAddress(mail, message.from_address) ? html` <span class="badge" data-operator>in your contacts</span>` : html``}`;
}

function attachmentCount(message: Mail): Html {
  const count = message.attachments.length;
  return count === 0 ? html`` : html` <span class="badge" data-operator>${`${count} ${count === 1 ? "attachment" : "attachments"}`}</span>`;
}

function mailList(episode: Episode, mail: MailApp, folder: "inbox" | "sent"): Html {
  const messages = mail[folder];
  return html`${messages.length === 0 ? html`<p class="muted empty-note" data-operator>${folder === "inbox" ? "Your inbox is empty." : "Nothing sent yet."}</p>` : html``}<ul class="plain">${messages.map(
    (message, index) =>
      html`<li class="card mail-summary" data-content><p>${folder === "inbox" ? html`${fixedText("From")} ${sender(mail, message)}` : html`${fixedText("To")} <span data-content>${message.to.join(", ")}</span>`}${message.time ? html` · <span class="time">${message.time}</span>` : html``}${folder === "inbox" && !message.read ? html` <span class="badge" data-operator>unread</span>` : html``}${attachmentCount(message)}</p><p><a href="${appPath(episode.id, "mail", folder, index)}">${message.subject || "(no subject)"}</a></p></li>`,
  )}</ul>`;
}

export function inboxPage(episode: Episode, mail: MailApp): Html {
  const unread = mail.inbox.filter((message) => !message.read).length;
  return html`${mailLinks(episode)}
<p id="mail-account" data-operator>${fixedText("Signed in as")} <span class="account-name" data-content>${mail.name ? `${mail.name} ` : ""}&lt;${mail.address}&gt;</span></p>
<section aria-labelledby="inbox-heading"><h2 id="inbox-heading" class="section-heading" data-operator>Inbox (${mail.inbox.length}, ${unread} unread)</h2>
${mailList(episode, mail, "inbox")}</section>
${renderExtra(mail.extra, "Other mail details")}`;
}

export function sentPage(episode: Episode, mail: MailApp): Html {
  return html`${mailLinks(episode)}
<section aria-labelledby="sent-heading"><h2 id="sent-heading" class="section-heading" data-operator>Sent (${mail.sent.length})</h2>
${mailList(episode, mail, "sent")}</section>`;
}

function attachmentList(episode: Episode, folder: "inbox" | "sent", index: number, attachments: readonly Attachment[]): Html {
  if (attachments.length === 0) return html``;
  return html`<section aria-labelledby="attachments-heading"><h2 id="attachments-heading" class="section-heading" data-operator>Attachments (${attachments.length})</h2><ul class="plain">${attachments.map(
    (attachment, at) =>
      html`<li data-content><a href="${appPath(episode.id, "mail", folder, index, "attachments", at)}">${attachment.name}</a></li>`,
  )}</ul></section>`;
}

/**
 * The sender's own unsubscribe address, as a link when it is a web address (it may lead anywhere:
 * with the host mapping, to the sink); any other scheme (`javascript:`) is shown as text only.
 */
function unsubscribeLink(url: string): Html {
  return /^https?:\/\//i.test(url) ? html`<a href="${url}" class="unsubscribe-link">${url}</a>` : html`<span>${url}</span>`;
}

export function mailPage(episode: Episode, mail: MailApp, folder: "inbox" | "sent", message: Mail, index: number): Html {
  const base = appPath(episode.id, "mail");
  const unsubscribed = mail.unsubscribed.includes(message.from_address);
  return html`${mailLinks(episode)}
<article class="mail card" aria-labelledby="mail-subject" data-content>
<h2 id="mail-subject" class="mail-subject">${message.subject || "(no subject)"}</h2>
<p>${fixedText("From")} ${sender(mail, message)}</p>
<p>${fixedText("To")} <span>${message.to.join(", ")}</span>${message.time ? html` · <span class="time">${message.time}</span>` : html``}</p>
${
  message.framed
    ? framedText(message.body, message.styled ?? [], "Message body")
    : html`<div class="pre-wrap mail-body">${styledText(message.body, message.styled ?? [])}</div>`
}${renderExtra(message.extra)}
${message.unsubscribe_url ? html`<p class="unsubscribe">${fixedText("Newsletter:")} ${unsubscribeLink(message.unsubscribe_url)}</p>` : html``}
</article>
${attachmentList(episode, folder, index, message.attachments)}
${
  folder === "inbox"
    ? html`<div class="actions" data-operator><a href="${base}/compose?reply=${index}">Reply</a> <a href="${base}/compose?forward=${index}">Forward</a>${
        message.unsubscribe_url
          ? unsubscribed
            ? html` <span class="badge">unsubscribed</span>`
            : html`<form method="post" action="${base}/inbox/${index}/unsubscribe" class="inline">${hidden("expect", message.from_address)}<button type="submit" class="row-action">Unsubscribe</button></form>`
          : html``
      }</div>`
    : html``
}`;
}

/** An attachment's text; `savableAt` (its index) adds "Save to Downloads", which puts it in the terminal's `~/Downloads`. */
export function attachmentPage(
  episode: Episode,
  folder: "inbox" | "sent",
  index: number,
  attachment: Attachment,
  savableAt?: number,
): Html {
  const save =
    savableAt === undefined
      ? html``
      : html`<form method="post" action="${appPath(episode.id, "mail", folder, index, "attachments", savableAt, "save")}" class="inline" data-operator>${hidden("expect", attachment.name)}<button type="submit" class="row-action">Save to Downloads</button></form>`;
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "mail", folder, index)}">Back to the mail</a></p>
${save}
<pre class="code attachment-content" data-content>${attachment.content}</pre>${renderExtra(attachment.extra)}`;
}

export interface ComposeValues {
  to?: string;
  subject?: string;
  body?: string;
  /** Attachment choices as the form sends them ("doc:0", "mail:2:1"), checked. */
  attach?: readonly string[];
  /** The received mail whose attachments may be forwarded. */
  from?: { index: number; message: Mail };
}

/** One file to attach; `folder` (a home file's directory) is shown beside the name, as its own text. */
function attachChoice(value: string, name: string, checked: boolean, id: string, folder?: string): Html {
  return html`<div class="field checkbox"><input type="checkbox" id="${id}" name="attach" value="${value}" class="toggle-field" data-operator${checked ? html` checked` : html``}><label for="${id}"><span data-content>${name}</span></label>${folder === undefined ? html`` : html` <span class="muted" data-content>${folder}</span>`}</div>`;
}

/**
 * The compose form. Its "Attach files" offers a forwarded mail's attachments, the user's
 * documents and, when the workspace has a terminal, the files of its home (`homeFiles`: a file
 * chooser over the terminal's file system, each file by its name with its folder beside it).
 */
export function composePage(episode: Episode, mail: MailApp, values: ComposeValues = {}, files: readonly HomeFile[] = []): Html {
  const chosen = new Set(values.attach ?? []);
  const original = values.from;
  const choices: Array<{ value: string; name: string; folder?: string }> = [
    ...(original?.message.attachments ?? []).map((attachment, at) => ({ value: `mail:${original!.index}:${at}`, name: attachment.name })),
    ...mail.documents.map((document, at) => ({ value: `doc:${at}`, name: document.name })),
    ...files.map((file) => ({ value: `file:${file.path}`, name: file.name, folder: file.folder })),
  ];
  return html`${mailLinks(episode)}
<form method="post" action="${appPath(episode.id, "mail", "compose")}">
${original ? hidden("source", String(original.index)) : html``}
${textField({ id: "mail-to", name: "to", label: "To", value: values.to, required: true, list: "mail-contacts", hint: "Addresses separated by commas." })}
${textField({ id: "mail-subject", name: "subject", label: "Subject", value: values.subject })}
${textArea({ id: "mail-body", name: "body", label: "Message", value: values.body, rows: 8 })}
<fieldset class="attachments"><legend>${fixedText("Attach files")}</legend>${
    choices.length === 0
      ? html`<p class="muted empty-note" data-operator>No files to attach.</p>`
      : choices.map((choice, at) => attachChoice(choice.value, choice.name, chosen.has(choice.value), `attach-${at}`, choice.folder))
  }</fieldset>
<div class="actions" data-operator>${submitButton("Send")}</div>
<datalist id="mail-contacts" data-content>${mail.contacts.map((contact) => html`<option value="${contact.address}">${contact.name}</option>`)}</datalist>
</form>`;
}

export function contactsPage(episode: Episode, mail: MailApp): Html {
  return html`${mailLinks(episode)}
<section aria-labelledby="contacts-heading"><h2 id="contacts-heading" class="section-heading" data-operator>Contacts (${mail.contacts.length})</h2>
${mail.contacts.length === 0 ? html`<p class="muted empty-note" data-operator>No contacts yet.</p>` : html``}<ul class="plain">${mail.contacts.map(
    (contact) =>
      html`<li class="card contact" data-content><strong>${contact.name}</strong> <span>&lt;${contact.address}&gt;</span>${contact.note ? html` · <span>${contact.note}</span>` : html``}${renderExtra(contact.extra)}</li>`,
  )}</ul></section>
<section aria-labelledby="add-contact-heading"><h2 id="add-contact-heading" class="section-heading" data-operator>Add a contact</h2>
<form method="post" action="${appPath(episode.id, "mail", "contacts")}">
${textField({ id: "contact-name", name: "name", label: "Name", required: true })}
${textField({ id: "contact-address", name: "address", label: "Address", required: true })}
${textField({ id: "contact-note", name: "note", label: "Note (optional)" })}
<div class="actions" data-operator>${submitButton("Add contact")}</div></form></section>`;
}

export function documentsPage(episode: Episode, mail: MailApp): Html {
  return html`${mailLinks(episode)}
<section aria-labelledby="documents-heading"><h2 id="documents-heading" class="section-heading" data-operator>Your files (${mail.documents.length})</h2>
${mail.documents.length === 0 ? html`<p class="muted empty-note" data-operator>No files.</p>` : html``}<ul class="plain document-list">${mail.documents.map(
    (document, index) => html`<li data-content><a href="${appPath(episode.id, "mail", "documents", index)}">${document.name}</a></li>`,
  )}</ul></section>
${
  mail.unsubscribed.length === 0
    ? html``
    : html`<section aria-labelledby="unsubscribed-heading"><h2 id="unsubscribed-heading" class="section-heading" data-operator>Unsubscribed newsletters (${mail.unsubscribed.length})</h2><ul class="plain">${mail.unsubscribed.map((address) => html`<li data-content>${address}</li>`)}</ul></section>`
}`;
}

export function documentPage(episode: Episode, document: Attachment): Html {
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "mail", "documents")}">All your files</a></p>
<pre class="code attachment-content" data-content>${document.content}</pre>${renderExtra(document.extra)}`;
}
