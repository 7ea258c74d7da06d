import type { ModelClient, Usage } from "../../../models/index.js";
import { type AnswerConstraint, type AnswerType, validateAnswer } from "../values/index.js";
import { RECALL_SCHEMA_NAME, RecallAnswerSchema } from "./endorse-value.js";

const TASK_ONLY_SYSTEM = [
  "You answer one question about what a user's request refers to, from the request and your own knowledge only: you see no screen, no web page and no candidate answer.",
  'Reply with one JSON object: {"value": "…", "abstain": false}, or {"value": "", "abstain": true} when the request does not tell you.',
].join("\n");

/** The one message the task-only model reads: the request, the host's question, the type. */
function taskOnlyMessage(request: { task: string; question: string; type: AnswerType }): string {
  return `The user's request: ${request.task}\nQuestion: ${request.question}\nAnswer type: ${request.type}.`;
}

/** The parts of a task-only message, or undefined for any other message (the scripted roles read it). */
export function parseTaskOnlyMessage(text: string): { task: string; question: string; type: string } | undefined {
  const match = /^The user's request: ([\s\S]*)\nQuestion: ([^\n]*)\nAnswer type: ([a-z_]+)\.$/.exec(text);
  return match ? { task: match[1]!, question: match[2]!, type: match[3]! } : undefined;
}

/**
 * Asks a model that sees only the user's request (never the page, never the candidate) which value
 * of a type the request means — route B's "a task-only model names the same resource". The question
 * is built by the host from fixed words; the only free text the model reads is the request.
 * Returns the validated answer, or null when it abstained or did not fit the type.
 */
export async function askFromTaskOnly(
  client: ModelClient,
  request: { task: string; question: string; type: AnswerType; constraint: AnswerConstraint; seed?: number; signal?: AbortSignal },
): Promise<{ value: string | null; usage: Usage }> {
  const response = await client.generate({
    system: TASK_ONLY_SYSTEM,
    messages: [{ role: "user", content: taskOnlyMessage(request) }],
    temperature: 0,
    schema: RecallAnswerSchema,
    schemaName: RECALL_SCHEMA_NAME,
    ...(request.seed !== undefined && { seed: request.seed }),
    ...(request.signal && { signal: request.signal }),
  });
  const parsed = RecallAnswerSchema.safeParse(response.object);
  if (!parsed.success || parsed.data.abstain) return { value: null, usage: response.usage };
  const checked = validateAnswer(request.type, request.constraint, parsed.data.value);
  return { value: checked.ok ? checked.value : null, usage: response.usage };
}
