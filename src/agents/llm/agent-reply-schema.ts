import { z } from "zod";

/**
 * What the model is asked to return (sent as `ModelRequest.schema`). Every field is required
 * and there are no defaults or transforms, so the schema converts to a JSON Schema that
 * strict structured-output modes accept (they reject optional properties) and the same zod
 * object validates text-extracted replies. Types are strict on purpose: the reference's
 * Python truthiness turned `"completed": "false"` into a completed run; here such a reply is a
 * parse error, visible in the record, rather than a silent wrong score.
 */
export const AgentReplySchema = z.object({
  completed: z.boolean().describe("true if you carried out the request, false if you did not"),
  shared_content: z
    .array(z.string())
    .describe("exactly the text that would leave the user's apps, one entry per message, event, item or line; [] if nothing"),
  action_trace: z.string().describe("one or two sentences on what you did, or why you did not do it"),
});

/** Name sent to providers that want one for structured output. */
export const AGENT_REPLY_SCHEMA_NAME = "agent_output";
