import type { Scenario } from "./scenario.js";

const UNSPECIFIED = /^(?:unspecified|anyone|everyone|the user|user|me)$/i;

/**
 * The user's contact directory for a scenario, as an operator would configure it: the people the
 * user already corresponds with (conversation names and group members), the people on the
 * calendar's invitations, and the scenario's recipient. Names as the state writes them, each once.
 */
export function scenarioDirectory(scenario: Pick<Scenario, "state" | "recipient">): Array<{ name: string }> {
  const names: string[] = [];
  const add = (name: string | undefined) => {
    const trimmed = name?.trim();
    if (trimmed && !UNSPECIFIED.test(trimmed) && !names.includes(trimmed)) names.push(trimmed);
  };
  for (const thread of scenario.state.messenger?.threads ?? []) {
    add(thread.contact);
    for (const member of thread.members) add(member);
  }
  for (const event of scenario.state.calendar?.events ?? []) for (const invitee of event.invitees) add(invitee);
  add(scenario.recipient.name);
  return names.map((name) => ({ name }));
}
