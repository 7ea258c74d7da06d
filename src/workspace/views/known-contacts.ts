import type { WorkspaceState } from "../../scenario/index.js";

/**
 * Names the person has been in touch with (thread contacts, group members, event invitees),
 * offered as suggestions in every "To" field; any other name may still be typed.
 */
export function knownContacts(state: WorkspaceState): string[] {
  const names = new Set<string>();
  for (const thread of state.messenger?.threads ?? []) {
    names.add(thread.contact);
    for (const member of thread.members) names.add(member);
  }
  for (const event of state.calendar?.events ?? []) for (const invitee of event.invitees) names.add(invitee);
  return [...names].filter((name) => name.trim() !== "" && name.trim().toLowerCase() !== "me").sort((a, b) => a.localeCompare(b));
}
