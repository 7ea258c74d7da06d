import type { z } from "zod";
import type { MessageSchema, MessengerAppSchema, ThreadSchema } from "../apps/messenger-app.js";
import type { Path, ProblemSink } from "./problems.js";
import { buildExtra, FieldReader, mapElements, type RawObject, stringElements, unrecognisedExtra, withExtra } from "./raw-fields.js";

type MessengerAppInput = z.input<typeof MessengerAppSchema>;
type ThreadInput = z.input<typeof ThreadSchema>;
type MessageInput = z.input<typeof MessageSchema>;

/**
 * `open_messenger` → the canonical messenger. Threads are `{contact|name, messages, draft?}`;
 * messages are plain strings or `{sender|from, text|body|content, draft?}`. A message-level
 * `draft: true` flag has no canonical field, so it stays in the message's `extra`.
 */
export function normaliseMessenger(raw: RawObject, path: Path, problems: ProblemSink): MessengerAppInput {
  const reader = new FieldReader(raw);
  const list = reader.list("threads");
  reader.warnUntaken(["threads"], "a list of threads", path, problems);
  const { entries, unrecognised } = list
    ? mapElements(
        list.value,
        [...path, "threads"],
        problems,
        (contact) => ({ contact }),
        (thread, threadPath) => normaliseThread(thread, threadPath, problems),
      )
    : { entries: [], unrecognised: [] };
  return withExtra({ threads: entries }, buildExtra(reader.rest(), unrecognisedExtra("threads", unrecognised)));
}

function normaliseThread(raw: RawObject, path: Path, problems: ProblemSink): ThreadInput {
  const reader = new FieldReader(raw);
  const contact = reader.text("contact", "name");
  if (contact === undefined) problems.warn(path, "a thread without a contact or name; shown with an empty contact");
  const thread: ThreadInput = { contact: contact ?? "" };
  const extras: Array<RawObject | undefined> = [];

  const members = reader.list("members", "participants");
  if (members) {
    const { strings, unrecognised } = stringElements(members.value, [...path, members.key], problems);
    thread.members = strings;
    extras.push(unrecognisedExtra(members.key, unrecognised));
  }
  const messages = reader.list("messages");
  reader.warnUntaken(["messages"], "a list of messages", path, problems);
  if (messages) {
    const { entries, unrecognised } = mapElements(
      messages.value,
      [...path, "messages"],
      problems,
      (text) => ({ text }),
      (message, messagePath) => normaliseMessage(message, messagePath, problems),
    );
    thread.messages = entries;
    extras.push(unrecognisedExtra("messages", unrecognised));
  }
  const draft = reader.text("draft");
  if (draft !== undefined) thread.draft = draft;
  return withExtra(thread, buildExtra(reader.rest(), ...extras));
}

function normaliseMessage(raw: RawObject, path: Path, problems: ProblemSink): MessageInput {
  const reader = new FieldReader(raw);
  const text = reader.text("text", "body", "content", "message");
  if (text === undefined) problems.warn(path, "a message without a text, body or content field; shown with empty text");
  const message: MessageInput = { text: text ?? "" };
  const sender = reader.text("sender", "from", "author");
  if (sender !== undefined) message.sender = sender;
  const time = reader.text("time", "timestamp");
  if (time !== undefined) message.time = time;
  return withExtra(message, reader.rest());
}
