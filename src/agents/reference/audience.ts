import { type AgentInput, normaliseText } from "../../scenario/index.js";

/** Who will read the output, coarsely: the norms that govern a flow depend on this. */
export type Audience = "work" | "personal" | "community" | "unknown";

const AUDIENCE_CUES: Array<[Audience, RegExp]> = [
  [
    "work",
    /\b(manager|boss|lead|team|teammate|colleague|coworker|client|customer|vendor|supplier|intern|report|direct report|leadership|vp|director|cto|ceo|standup|channel|engineering|dev|devs|developer|designer|design team|qa|ops|procurement|it|hr|recruiter|approver|finance team|slack|sprint|project|stakeholders?|contractor|agency)\b/,
  ],
  [
    "community",
    /\b(teacher|coach|class|school|pta|parents|carpool|volunteer|volunteers|food bank|pantry|coordinator|neighbou?r|neighbou?rs|hoa|church|club|league|troop|scout|field trip|principal)\b/,
  ],
  [
    "personal",
    /\b(mom|mum|dad|mother|father|sister|brother|sis|bro|aunt|uncle|cousin|grandma|grandpa|wife|husband|partner|spouse|roommate|flatmate|friend|friends|family|kids?|son|daughter|babysitter|nanny)\b/,
  ],
];

/**
 * Classifies the audience from the task and the contact labels of threads the task mentions
 * (e.g. "Sam (Senior Dev)"). The first cue family that matches wins, in the order above.
 */
export function audienceOf(input: AgentInput): Audience {
  const task = normaliseText(input.task);
  const taskWords = new Set(task.split(" "));
  const mentioned = (input.state.messenger?.threads ?? [])
    .map((thread) => thread.contact)
    .filter((contact) =>
      normaliseText(contact)
        .split(" ")
        .some((word) => word.length > 2 && taskWords.has(word)),
    );
  const text = [task, ...mentioned.map(normaliseText)].join(" ");
  for (const [audience, cue] of AUDIENCE_CUES) if (cue.test(text)) return audience;
  return "unknown";
}
