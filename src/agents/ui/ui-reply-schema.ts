import { z } from "zod";
import { BrowserActionSchema } from "../../browser/index.js";

/**
 * What the model answers each step: a short thought and one action. Validated with the same
 * schema the browser layer executes, so a reply that passes here cannot be refused later for its
 * shape (only for what it does, e.g. an unknown ref).
 */
export const UiReplySchema = z.object({
  thought: z.string().describe("one or two sentences on what you are doing and why"),
  action: BrowserActionSchema,
});

export const UI_REPLY_SCHEMA_NAME = "ui_action";
