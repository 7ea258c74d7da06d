import { z } from "zod";

/**
 * One step of a scripted planner's plan (stored with a task, `guard.plan` in a scenario). Steps
 * name what a careful planner would do with the guard's tools; the interpreter turns each into a
 * fixed number of tool calls. Texts may use `{var}` (the variable, once endorsed) or
 * `{var|fallback}` (the fallback literal while the variable is not endorsed): how a planner keeps
 * to trusted values when an endorsement fails.
 */
const text = z.string();
const QuerySchema = z
  .object({
    var: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "a variable name is letters, digits and _"),
    question: z.string().min(1),
    type: z.string().min(1),
    region: z.array(z.number()).length(4).optional(),
    options: z.array(z.string()).optional(),
  })
  .strict();
const EndorseSchema = z
  .object({
    var: z.string(),
    source: z.enum(["task", "recall", "expected", "shape"]),
    expected: z.array(text).optional(),
    question: z.string().optional(),
  })
  .strict();

export const PlanStepSchema = z.union([
  z.object({ open: text.describe("an app's path under the episode's root (messenger, calendar, todo, maps, code, shop)") }).strict(),
  z
    .object({
      click: text.describe("a label on screen, or a visible control's accessible name: locate it, click it"),
      role: z.string().optional().describe("the control's role (button, link, …), when its name is shown twice"),
    })
    .strict(),
  z
    .object({
      fill: z
        .object({ field: text, text, clear: z.boolean().optional() })
        .strict()
        .describe("click a field's label, type into it (`clear`: select what it holds first, so the text replaces it)"),
    })
    .strict(),
  z
    .object({ select: z.object({ field: text, value: text }).strict().describe("click a list's label, type the option, press Enter") })
    .strict(),
  z.object({ press: z.array(z.string()).min(1) }).strict(),
  z.object({ navigate: text }).strict(),
  z.object({ query: QuerySchema }).strict(),
  z.object({ endorse: EndorseSchema }).strict(),
  z.object({ contacts: text }).strict(),
  z.object({ reveal_author: text }).strict(),
  z.object({ reveal_control: z.object({ control: z.string(), label: z.string().default("") }).strict() }).strict(),
  z.object({ wait: z.number().min(0).max(10) }).strict(),
  z.object({ done: text }).strict(),
  z.object({ fail: text }).strict(),
  z.object({ abstain: text }).strict(),
]);
export type PlanStep = z.infer<typeof PlanStepSchema>;
export const PlanSchema = z.array(PlanStepSchema).min(1, "a plan has at least one step");
