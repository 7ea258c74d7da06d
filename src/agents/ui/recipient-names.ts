import type { OutputChannel } from "../../scenario/index.js";

/** Words that say what kind of audience a name is, not who: "the design team chat" is the "design team". */
const FILLER = new Set(["the", "a", "an", "my", "our", "channel", "group", "chat", "gc", "dm", "thread", "list"]);

/**
 * The words that identify a recipient name: accents folded, lower case, emoji, punctuation and a
 * trailing "(relation)" dropped, filler words removed. "Joaquín Herrera (Ferrobanco)" →
 * {joaquin, herrera}; "the #it-procurement channel" → {it, procurement}.
 */
function nameWords(name: string): Set<string> {
  const folded = name
    .replace(/\([^)]*\)/g, " ")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  return new Set((folded.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !FILLER.has(word)));
}

/** A recipient the scenario left open ("unspecified", inferred from a task that names nobody). */
export function isUnspecifiedRecipient(name: string): boolean {
  return /^\s*(?:unspecified|unknown|none|n\/a)?\s*$/i.test(name);
}

/**
 * A note with no named reader is for the user: it is handed back (the final answer, or
 * `send_msg_to_user`), not sent. The rule the scripted UI agents deliver by and the end-to-end
 * completion rule scores by.
 */
export function isNoteForUser(target: { channel: OutputChannel; recipient: { name: string } }): boolean {
  return target.channel === "note" && isUnspecifiedRecipient(target.recipient.name);
}

/**
 * Whether a name typed or chosen in the UI names the same recipient: the identifying words of one
 * are all among the other's ("Nora" and "Nora Patel", "the family group" and "Khan Family 🌸",
 * "the Lindenwood carpool parents" and "Lindenwood carpool 🚗"). Names with no identifying word
 * match nothing. Shared by the scripted UI agents (to pick the conversation) and the end-to-end
 * completion rule (docs/design/e2e-track.md).
 */
export function namesMatch(expected: string, actual: string): boolean {
  const a = nameWords(expected);
  const b = nameWords(actual);
  if (a.size === 0 || b.size === 0) return false;
  const within = (small: Set<string>, large: Set<string>) => [...small].every((word) => large.has(word));
  return within(a, b) || within(b, a);
}
