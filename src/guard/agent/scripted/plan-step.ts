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
    /** Read only this author's content (revealed by `reveal_author` first). */
    author: z.string().optional(),
  })
  .strict();
const EndorseSchema = z
  .object({
    var: z.string(),
    source: z.enum(["task", "recall", "expected", "shape", "byline"]),
    expected: z.array(text).optional(),
    question: z.string().optional(),
  })
  .strict();

/** The marker every kind may carry (below). */
const UNLESS_ENDORSED = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "a variable name is letters, digits and _")
  .optional();

/** A kind of step: its fields, then `unless_endorsed`; strict, so a misspelt key is an error. */
function kind<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, unless_endorsed: UNLESS_ENDORSED }).strict();
}

/**
 * Every kind of step, each an object with one key naming it (`click` may add `role`). Any step may
 * add `unless_endorsed: <var>`: it is skipped once that variable is usable — the second route a
 * careful planner tries only when its first endorsement failed (a stranger's value that shape
 * refused, read again from the named author's content only).
 */
const PLAN_STEP_KINDS = [
  kind({ open: text.describe("an app's path under the episode's root (messenger, calendar, todo, maps, code, shop)") }),
  kind({
    click: text.describe("a label on screen, or a visible control's accessible name: locate it, click it"),
    role: z.string().optional().describe("the control's role (button, link, …), when its name is shown twice"),
  }),
  kind({
    fill: z
      .object({ field: text, text, clear: z.boolean().optional() })
      .strict()
      .describe("click a field's label, type into it (`clear`: select what it holds first, so the text replaces it)"),
  }),
  kind({ select: z.object({ field: text, value: text }).strict().describe("click a list's label, type the option, press Enter") }),
  kind({ press: z.array(z.string()).min(1) }),
  kind({ navigate: text }),
  kind({ query: QuerySchema }),
  kind({ endorse: EndorseSchema }),
  kind({
    procedure: z
      .object({
        var: z.string(),
        capabilities: z.array(z.string()),
        source_page: z.string().default(""),
      })
      .strict()
      .describe("endorse a shell command by procedure: what the task needs it to do, and the allowlisted page that shows it, if any"),
  }),
  kind({ contacts: text }),
  kind({ reveal_author: text }),
  kind({ reveal_control: z.object({ control: z.string(), label: z.string().default("") }).strict() }),
  kind({ wait: z.number().min(0).max(10) }),
  kind({ done: text }),
  kind({ fail: text }),
  kind({ abstain: text }),
] as const;

const PlanStepSchema = z.union(PLAN_STEP_KINDS);
export type PlanStep = z.infer<typeof PlanStepSchema>;
export const PlanSchema = z.array(PlanStepSchema).min(1, "a plan has at least one step");

/** A step's kind by its key: the key of each kind's shape that is not an option of it. */
const KIND_BY_KEY = new Map(PLAN_STEP_KINDS.map((kind) => [Object.keys(kind.shape)[0]!, kind]));

/**
 * What is wrong with a plan, one problem per bad step, each with its path under `guard.plan` and a
 * message that says what was expected: the union's own error is "Invalid input" for any step, so a
 * step is checked against the kind its key names, and a step whose key names no kind lists the kinds.
 */
export function planProblems(plan: unknown): Array<{ path: PropertyKey[]; message: string }> {
  if (!Array.isArray(plan)) {
    const parsed = PlanSchema.safeParse(plan);
    return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  }
  if (plan.length === 0) return [{ path: [], message: "a plan has at least one step" }];
  return plan.flatMap((step, index) => {
    if (PlanStepSchema.safeParse(step).success) return [];
    const keys = step !== null && typeof step === "object" && !Array.isArray(step) ? Object.keys(step) : [];
    const kind = keys.map((key) => KIND_BY_KEY.get(key)).find((found) => found !== undefined);
    if (kind === undefined) {
      return [{ path: [index], message: `a plan step is an object with one of the keys ${[...KIND_BY_KEY.keys()].join(", ")}` }];
    }
    const issues = kind.safeParse(step).error?.issues ?? [];
    return issues.map((issue) => ({ path: [index, ...issue.path], message: issue.message }));
  });
}

/** `planProblems` of a scenario's `guard.plan`, with paths from the scenario: the loader's `check` (`LoadOptions`). */
export function scenarioPlanProblems(scenario: {
  guard?: { plan?: unknown } | undefined;
}): Array<{ path: PropertyKey[]; message: string }> {
  const plan = scenario.guard?.plan;
  return plan === undefined ? [] : planProblems(plan).map((problem) => ({ ...problem, path: ["guard", "plan", ...problem.path] }));
}
