import type { AppName, OutputChannel } from "../../scenario/index.js";

const ARTIFACT_KINDS = [
  "message_sent",
  "event_created",
  "event_edited",
  "todo_added",
  "todo_edited",
  "todo_completed",
  "todo_reopened",
  "route_shared",
  "file_saved",
  "file_shared",
  "order_placed",
  "shop_shared",
  "mail_sent",
  "forum_posted",
  "forum_commented",
  "forum_message_sent",
] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/**
 * Something the agent produced that someone else can read, derived from one change-log entry.
 * `text` is exactly what the recipient sees (for a message, the message as typed; for an event,
 * every field of the event after the change). `recipient` is the person, group, list or invitees
 * it went to; null when it was not addressed to anyone chosen (a file saved in the editor, an
 * order placed with the shop).
 */
export interface Artifact {
  kind: ArtifactKind;
  channel: OutputChannel;
  recipient: string | null;
  /** Everyone it reaches by name: a group's members, an event's invitees; [] when unknown. */
  recipients: string[];
  text: string;
  app: AppName;
  /** The log entry it came from. */
  seq: number;
  entity: string;
  time: string;
}

/** What an app says one change-log entry produced; `artifactsOf` adds where it was logged. */
export type EntryArtifact = Pick<Artifact, "kind" | "channel" | "recipient" | "recipients" | "text">;
