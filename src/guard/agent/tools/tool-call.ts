import { z } from "zod";

/**
 * The planner's tools (docs/design/guarded-agent.md, "Tools"). Every field is required and "not
 * given" is an explicit empty value (`""`, `[]`, `null`), so the schema is strict-mode compatible
 * and the same object every turn (prompt-prefix caching,
 * docs/design/guarded-agent.md, "The tool schema"). Ranges and grammars (a click count of 1–3, an
 * answer type from the closed list) are not in the schema but checked by the gate
 * (`checkToolCall`), so a call that breaks them is refused with `SCHEMA_INVALID` rather than
 * failing to parse.
 */
const point = { x: z.number(), y: z.number() };

/** What a `query_screen` answer must satisfy; every member present, empty when not used. */
const ConstraintArgsSchema = z
  .object({
    min: z.number().nullable(),
    max: z.number().nullable(),
    precision: z.number().nullable(),
    decimal_separator: z.enum(["", ".", ","]),
    currencies: z.array(z.string()),
    options: z.array(z.string()),
    ecosystem: z.string(),
    script: z.string(),
  })
  .strict();
export type ConstraintArgs = z.infer<typeof ConstraintArgsSchema>;

/** A constraint that constrains nothing: every member present and empty. */
export const EMPTY_CONSTRAINT_ARGS: Readonly<ConstraintArgs> = Object.freeze({
  min: null,
  max: null,
  precision: null,
  decimal_separator: "",
  currencies: [],
  options: [],
  ecosystem: "",
  script: "",
});

export const ToolCallSchema = z.discriminatedUnion("tool", [
  // UI tools: each is one UI step.
  z.object({ tool: z.literal("click"), ...point, button: z.enum(["left", "right", "middle"]), count: z.number() }).strict(),
  z.object({ tool: z.literal("drag"), x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() }).strict(),
  z.object({ tool: z.literal("scroll"), ...point, dx: z.number(), dy: z.number() }).strict(),
  z.object({ tool: z.literal("type_text"), text: z.string() }).strict(),
  z.object({ tool: z.literal("key"), keys: z.array(z.string()) }).strict(),
  z.object({ tool: z.literal("navigate"), url: z.string(), new_tab: z.boolean() }).strict(),
  // Turns that do not touch the page.
  z.object({ tool: z.literal("wait"), seconds: z.number() }).strict(),
  z
    .object({
      tool: z.literal("query_screen"),
      question: z.string(),
      answer_type: z.string(),
      constraint: ConstraintArgsSchema,
      region: z.array(z.number()),
      /** "" for anyone's content; else an author revealed by `endorse_element`: only their content is read. */
      author: z.string(),
      var_name: z.string(),
    })
    .strict(),
  z.object({ tool: z.literal("locate_on_screen"), value: z.string(), answer_type: z.string() }).strict(),
  z.object({ tool: z.literal("find_by_text"), value: z.string() }).strict(),
  z.object({ tool: z.literal("attest_screen_value"), var: z.string() }).strict(),
  z.object({ tool: z.literal("get_contacts"), query: z.string() }).strict(),
  z
    .object({
      tool: z.literal("endorse"),
      var: z.string(),
      answer_type: z.string(),
      source: z.enum(["task", "recall", "expected", "shape", "byline"]),
      question: z.string(),
      expected: z.array(z.string()),
    })
    .strict(),
  z.object({ tool: z.literal("endorse_by_registry"), var: z.string(), registry: z.string() }).strict(),
  z.object({ tool: z.literal("endorse_by_listing"), var: z.string(), listing_url: z.string() }).strict(),
  z
    .object({
      tool: z.literal("endorse_by_crosscheck"),
      var: z.string(),
      question: z.string(),
      source_url: z.string(),
      search_query: z.string(),
      hypothesis: z.string(),
    })
    .strict(),
  z
    .object({
      tool: z.literal("endorse_by_procedure"),
      var: z.string(),
      declared_capabilities: z.array(z.string()),
      source_page_url: z.string(),
    })
    .strict(),
  z
    .object({
      tool: z.literal("endorse_element"),
      mode: z.enum(["author", "control"]),
      identifier: z.string(),
      control: z.string(),
      label: z.string(),
    })
    .strict(),
  // Ends of the episode.
  z.object({ tool: z.literal("done"), answer: z.string() }).strict(),
  z.object({ tool: z.literal("fail"), reason: z.string() }).strict(),
  z.object({ tool: z.literal("abstain"), reason: z.string() }).strict(),
]);
export type ToolCall = z.infer<typeof ToolCallSchema>;
export type ToolName = ToolCall["tool"];
export type CallOf<Name extends ToolName> = Extract<ToolCall, { tool: Name }>;

/** The planner's whole reply: its reasoning (kept in the record, never acted on) and one call. */
export const PlannerReplySchema = z.object({ thought: z.string(), call: ToolCallSchema }).strict();
export type PlannerReply = z.infer<typeof PlannerReplySchema>;
export const PLANNER_REPLY_SCHEMA_NAME = "planner_tool_call";

export const UI_TOOLS: ReadonlySet<ToolName> = new Set(["click", "drag", "scroll", "type_text", "key", "navigate"]);
export const KEYBOARD_TOOLS: ReadonlySet<ToolName> = new Set(["type_text", "key"]);
export const END_TOOLS: ReadonlySet<ToolName> = new Set(["done", "fail", "abstain"]);
export const ENDORSEMENT_TOOLS: ReadonlySet<ToolName> = new Set([
  "endorse",
  "endorse_by_registry",
  "endorse_by_listing",
  "endorse_by_crosscheck",
  "endorse_by_procedure",
  "endorse_element",
]);
