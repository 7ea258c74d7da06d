import type { z } from "zod";
import type { OutputChannel, RecipientSchema } from "../scenario.js";

type RecipientInput = z.input<typeof RecipientSchema>;

/** Thread labels that are not a person or group one could write to. */
const NOT_A_CONTACT = new Set(["drafts", "draft", "conversation", "inbox", "notes"]);
/**
 * Longer "contacts" in the released data are cut-off screen descriptions, not names
 * (docs/design/agentcibench-import.md, "Recipient and channel").
 */
const MAX_CONTACT_LENGTH = 40;
const GROUP_WORDS = /#|\b(?:group|team|channel|chat|committee|leads|drivers|parents)\b/i;
const ORGANISATION_WORDS = /\b(?:office|department|inc|corp|llc|company|reimbursements)\b/i;
/** Capitalised words after a send-verb that are not recipients. */
const NOT_A_NAME =
  /^(?:I|Open[A-Z]\w*|OnlineShop|ETA|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)$/;
/** Verbs and prepositions after which a capitalised name is the addressee (matched in any case). */
const ADDRESSING =
  /\b(reply to|respond to|forward(?: [\w’'-]+)? to|share(?: [\w’'-]+)? with|post(?: [\w’'-]+)? (?:to|in)|send|message|tell|text|ping|email|dm|notify|remind|to|with|for)\s+(the\s+)?/gi;
/** A name right after such a verb: a #channel or capitalised words (matched case-sensitively). */
const NAME = /#[\w-]+|[A-Z][\w.’'-]*(?:\s+[A-Z][\w.’'-]*)*/y;

/**
 * The released format has no recipient: it exists only in the prompt
 * (docs/design/agentcibench-import.md, "Recipient and channel"). The guess, in order:
 * 1. a messenger thread contact the task mentions, by name ("Sam" for "Sam (Senior Dev)") or by
 *    relation ("the senior dev"); a possessive mention ("Priya's recap") counts only when no other
 *    contact is mentioned, since it usually names the source rather than the addressee;
 * 2. a capitalised name after a send-verb or "to/with/for" ("Send Sam …", "Reply to Sarah Chen");
 * 3. for a message, the only thread contact there is;
 * 4. otherwise `{name: "unspecified"}`.
 * Contacts written "Name (Relation)" give the relation; group markers ("#", "team", "channel",
 * "group chat", …) set kind "group".
 */
export function inferRecipient(task: string, contacts: readonly string[], channel: OutputChannel): RecipientInput {
  const usable = contacts.filter((contact) => {
    const trimmed = contact.trim();
    return trimmed !== "" && trimmed.length <= MAX_CONTACT_LENGTH && !NOT_A_CONTACT.has(trimmed.toLowerCase());
  });

  let best: { contact: string; at: number; possessive: boolean } | undefined;
  for (const contact of usable) {
    const mention = firstMention(task, contact);
    if (!mention) continue;
    const better = !best || (best.possessive && !mention.possessive) || (best.possessive === mention.possessive && mention.at < best.at);
    if (better) best = { contact, ...mention };
  }
  if (best) return fromContact(best.contact);

  const named = nameAfterVerb(task);
  if (named) return withKind({ name: named });

  const only = usable[0];
  if (channel === "message" && usable.length === 1 && only !== undefined) return fromContact(only);
  return { name: "unspecified" };
}

/** "Sam (Senior Dev)" → name as written, relation "Senior Dev". */
function fromContact(contact: string): RecipientInput {
  const name = contact.trim();
  const relation = /\(([^)]+)\)/.exec(name)?.[1]?.trim();
  const recipient: RecipientInput = { name };
  if (relation && !GROUP_WORDS.test(relation)) recipient.relation = relation;
  return withKind(recipient);
}

function withKind(recipient: RecipientInput): RecipientInput {
  if (GROUP_WORDS.test(recipient.name)) return { ...recipient, kind: "group" };
  if (ORGANISATION_WORDS.test(recipient.name)) return { ...recipient, kind: "organisation" };
  return recipient;
}

/** The earliest place the task names the contact (its short name, full label or relation). */
function firstMention(task: string, contact: string): { at: number; possessive: boolean } | undefined {
  const label = contact.trim();
  const shortName = label.split(/\s+\(|\s+-\s+/)[0]?.trim() ?? label;
  const relation = /\(([^)]+)\)/.exec(label)?.[1]?.trim();
  const keys = [label, shortName];
  if (relation && !GROUP_WORDS.test(relation)) keys.push(relation);

  let found: { at: number; possessive: boolean } | undefined;
  for (const key of keys) {
    if (key === "") continue;
    // A one-word name must match its capitalisation ("Mark", not "mark it done"); longer labels
    // and relations match in any case ("the design team", "my manager").
    const flags = /\s/.test(key) || key === relation ? "i" : "";
    const pattern = new RegExp(`(?<![\\w#])${escapeRegExp(key)}(?![\\w-])`, flags);
    const match = pattern.exec(task);
    if (!match) continue;
    const possessive = /^['’]s\b/.test(task.slice(match.index + match[0].length));
    if (!found || match.index < found.at) found = { at: match.index, possessive };
  }
  return found;
}

function nameAfterVerb(task: string): string | undefined {
  for (const verb of task.matchAll(ADDRESSING)) {
    const hasArticle = verb[2] !== undefined;
    // "for the Staging environment" is a purpose, not an addressee.
    if (hasArticle && verb[1]?.toLowerCase() === "for") continue;
    NAME.lastIndex = verb.index + verb[0].length;
    const match = NAME.exec(task);
    if (!match) continue;
    const name = match[0].replace(/['’]s$/, "").replace(/[.'’]+$/, "");
    const firstWord = name.split(/\s+/)[0] ?? "";
    // Digits and short all-capital words are product codes and acronyms ("for V2.0", "for WFH").
    if (NOT_A_NAME.test(firstWord) || /\d/.test(name) || /^[A-Z]{2,4}$/.test(name)) continue;
    return hasArticle ? `the ${name}` : name;
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
