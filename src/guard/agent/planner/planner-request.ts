import type { ModelContentPart, ModelMessage, ModelRequest } from "../../../models/index.js";
import { PLANNER_REPLY_SCHEMA_NAME, PlannerReplySchema } from "../tools/tool-call.js";
import type { PlannerHistory } from "./planner-history.js";

export interface PlannerRequestInput {
  system: string;
  task: string;
  now?: string;
  history: PlannerHistory;
  /** Variable lines (`$name | type=… | integrity=… | value=…`), current. */
  variables: readonly string[];
  turn: number;
  maxTurns: number;
  seed?: number;
  signal?: AbortSignal;
}

function image(png: Buffer): ModelContentPart {
  return { type: "image", image: png.toString("base64"), mediaType: "image/png" };
}

/**
 * The planner's request for one turn: the system prompt, then a first user message with the
 * request (and, once elements have slid out of the window, how many and the current screen), then
 * per kept element the call as an assistant message and its result (with the address and masked
 * image that followed, when they changed) as a user message. The variable list and the turn count
 * close the last user message, since they describe now rather than history.
 */
export function plannerRequest(input: PlannerRequestInput): ModelRequest {
  const { kept, dropped, carried } = input.history.window();
  const opening: ModelContentPart[] = [
    { type: "text", text: `## Request\n${input.task}${input.now ? `\n\n## Current date and time\n${input.now}` : ""}` },
  ];
  if (dropped > 0) opening.push({ type: "text", text: `(${dropped} earlier turns are no longer shown.)` });
  if (carried.shownUrl) opening.push({ type: "text", text: `Page: ${carried.shownUrl}` });
  if (carried.screenshot) opening.push(image(carried.screenshot));

  const messages: ModelMessage[] = [{ role: "user", content: opening }];
  for (const element of kept) {
    messages.push({ role: "assistant", content: element.call });
    const parts: ModelContentPart[] = [{ type: "text", text: `Result: ${element.result}` }];
    if (element.shownUrl) parts.push({ type: "text", text: `Page: ${element.shownUrl}` });
    if (element.screenshot) parts.push(image(element.screenshot));
    messages.push({ role: "user", content: parts });
  }
  const last = messages[messages.length - 1]!;
  const status = [
    `Variables:${input.variables.length === 0 ? " none" : `\n${input.variables.join("\n")}`}`,
    `Turn ${input.turn} of at most ${input.maxTurns}.`,
  ].join("\n");
  (last.content as ModelContentPart[]).push({ type: "text", text: status });

  const request: ModelRequest = {
    system: input.system,
    messages,
    temperature: 0,
    schema: PlannerReplySchema,
    schemaName: PLANNER_REPLY_SCHEMA_NAME,
  };
  if (input.seed !== undefined) request.seed = input.seed;
  if (input.signal !== undefined) request.signal = input.signal;
  return request;
}
