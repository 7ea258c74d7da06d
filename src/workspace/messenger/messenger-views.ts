import type { Message, MessengerApp, Thread } from "../../scenario/index.js";
import type { Episode } from "../store/workspace-store.js";
import { datalist, hidden, submitButton, textArea, textField } from "../views/controls.js";
import { type Html, html } from "../views/html.js";
import { knownContacts } from "../views/known-contacts.js";
import { fixedText } from "../views/labelling.js";
import { appPath } from "../views/paths.js";
import { renderExtra } from "../views/render-extra.js";

const PREVIEW_LENGTH = 90;

function isMine(message: Message): boolean {
  return message.sender?.trim().toLowerCase() === "me";
}

function senderLabel(message: Message): string {
  if (message.sender === undefined) return "";
  return isMine(message) ? "You" : message.sender;
}

function preview(thread: Thread): Html {
  const last = thread.messages.at(-1);
  if (!last) return html`<p class="muted empty-note" data-operator>No messages yet</p>`;
  const text = last.text.length > PREVIEW_LENGTH ? `${last.text.slice(0, PREVIEW_LENGTH)}…` : last.text;
  const sender = senderLabel(last);
  return html`<p>${sender ? `${sender}: ` : ""}${text}${last.time ? html` <span class="muted">· ${last.time}</span>` : html``}</p>`;
}

function membersLine(thread: Thread): Html {
  if (thread.members.length === 0) return html``;
  return html`<p data-content>${fixedText("Group members:")} ${thread.members.join(", ")}</p>`;
}

export function messengerHome(episode: Episode, messenger: MessengerApp): Html {
  const threads = messenger.threads;
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "messenger", "new")}">New message</a></p>
<section aria-labelledby="threads-heading"><h2 id="threads-heading" class="section-heading" data-operator>Conversations (${threads.length})</h2>
${threads.length === 0 ? html`<p class="muted empty-note" data-operator>No conversations yet.</p>` : html``}<ul class="plain">${threads.map(
    (thread, index) =>
      html`<li class="card" data-content><a href="${appPath(episode.id, "messenger", "threads", index)}"><strong class="byline">${thread.contact}</strong></a>${thread.members.length > 0 ? html`<span class="badge" data-operator>group</span>` : html``}
${membersLine(thread)}${preview(thread)}${thread.draft !== undefined && thread.draft !== "" ? html`<p>${fixedText("Unsent draft:")} <span class="pre-wrap">${thread.draft}</span></p>` : html``}</li>`,
  )}</ul></section>
${renderExtra(messenger.extra, "Other messenger details")}`;
}

function messageItem(message: Message): Html {
  const sender = senderLabel(message);
  return html`<li class="message${isMine(message) ? " mine" : ""}" data-content><span class="meta">${sender ? html`<span class="byline">${sender}</span>` : html``}${sender && message.time ? " · " : ""}${message.time ?? ""}</span>
<span class="bubble">${message.text}</span>${renderExtra(message.extra)}</li>`;
}

export function threadPage(episode: Episode, thread: Thread, index: number): Html {
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "messenger")}">All conversations</a></p>
${membersLine(thread)}${renderExtra(thread.extra, "Conversation details")}
<section aria-labelledby="messages-heading"><h2 id="messages-heading" class="section-heading" data-operator>Messages</h2>
${thread.messages.length === 0 ? html`<p class="muted empty-note" data-operator>No messages yet.</p>` : html``}<ol class="plain">${thread.messages.map(messageItem)}</ol></section>
<section aria-labelledby="compose-heading"><h2 id="compose-heading">${fixedText("Write to")} <span data-content>${thread.contact}</span></h2>
<form method="post" action="${appPath(episode.id, "messenger", "threads", index, "send")}">${hidden("expect", thread.contact)}
${textArea({ id: "compose", name: "text", label: { fixed: "Message to", value: thread.contact }, value: thread.draft, rows: 4 })}
<div class="actions" data-operator><button type="submit" name="intent" value="send" class="primary">Send</button><button type="submit" name="intent" value="draft">Save draft</button></div>
</form></section>`;
}

export function newMessagePage(episode: Episode, values: { to?: string; members?: string; text?: string } = {}): Html {
  return html`<p class="page-links" data-operator><a href="${appPath(episode.id, "messenger")}">All conversations</a></p>
<form method="post" action="${appPath(episode.id, "messenger", "new")}">
${textField({ id: "to", name: "to", label: "To", value: values.to, required: true, list: "contacts", hint: "A contact or group name. A name with no conversation yet starts a new one." })}
${textField({ id: "members", name: "members", label: "Group members (optional)", value: values.members, hint: "Only for a new group: names separated by commas." })}
${textArea({ id: "text", name: "text", label: "Message", value: values.text, rows: 5 })}
<div class="actions" data-operator>${submitButton("Send")}</div>
${datalist("contacts", knownContacts(episode.state))}
</form>`;
}
