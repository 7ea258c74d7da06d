import { z } from "zod";

/** An element reference from the latest observation's accessibility snapshot, e.g. "e12" or "f1e7". */
const RefSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9]{1,12}$/i, 'a ref is the id shown as [ref=…] in the latest observation, e.g. "e12"');

/**
 * What an agent can do in the browser, BrowserGym-like: element actions by ref (from the
 * accessibility snapshot), coordinate actions for screenshot-only agents, navigation and tabs,
 * and three ways to talk to the user, two of which end the episode. One JSON object per step,
 * `action` naming the kind; unknown fields are refused so a typo is an error, not a silent no-op.
 */
export const BrowserActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("click"), ref: RefSchema }).strict(),
  z.object({ action: z.literal("fill"), ref: RefSchema, text: z.string() }).strict(),
  z.object({ action: z.literal("select_option"), ref: RefSchema, value: z.string() }).strict(),
  z.object({ action: z.literal("press"), key: z.string().min(1) }).strict(),
  // Types into whatever has focus: how a screenshot-only agent writes after a mouse_click on a field.
  z.object({ action: z.literal("keyboard_type"), text: z.string() }).strict(),
  z.object({ action: z.literal("scroll"), dx: z.number().finite(), dy: z.number().finite() }).strict(),
  z.object({ action: z.literal("goto"), url: z.string().min(1) }).strict(),
  z.object({ action: z.literal("go_back") }).strict(),
  z.object({ action: z.literal("new_tab") }).strict(),
  z.object({ action: z.literal("tab_focus"), index: z.number().int().nonnegative() }).strict(),
  z.object({ action: z.literal("close_tab") }).strict(),
  z
    .object({
      action: z.literal("mouse_click"),
      x: z.number().finite().nonnegative(),
      y: z.number().finite().nonnegative(),
      button: z.enum(["left", "right", "middle"]).optional(),
      /** 2 is a double click, 3 a triple click. */
      count: z.number().int().min(1).max(3).optional(),
    })
    .strict(),
  // Pointer actions at a point, for agents that act on pixels (the guarded agent's planner does).
  z
    .object({
      action: z.literal("mouse_drag"),
      x1: z.number().finite().nonnegative(),
      y1: z.number().finite().nonnegative(),
      x2: z.number().finite().nonnegative(),
      y2: z.number().finite().nonnegative(),
    })
    .strict(),
  z
    .object({
      action: z.literal("mouse_scroll"),
      x: z.number().finite().nonnegative(),
      y: z.number().finite().nonnegative(),
      dx: z.number().finite(),
      dy: z.number().finite(),
    })
    .strict(),
  z.object({ action: z.literal("send_msg_to_user"), text: z.string() }).strict(),
  z.object({ action: z.literal("finish"), answer: z.string().optional() }).strict(),
  z.object({ action: z.literal("report_infeasible"), reason: z.string() }).strict(),
]);
export type BrowserAction = z.infer<typeof BrowserActionSchema>;

/** Validates an action from an untrusted source (a model, a file); the error names the field. */
export function parseBrowserAction(value: unknown): { ok: true; action: BrowserAction } | { ok: false; error: string } {
  const result = BrowserActionSchema.safeParse(value);
  if (result.success) return { ok: true, action: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return { ok: false, error: `invalid action: ${where}${issue?.message ?? "does not match any action"}` };
}

/** `click("e12")`, `fill("e3", "hello")`: the call form people and prompts read, BrowserGym-style. */
export function formatAction(action: BrowserAction): string {
  const q = (text: string) => JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);
  switch (action.action) {
    case "click":
      return `click(${q(action.ref)})`;
    case "fill":
      return `fill(${q(action.ref)}, ${q(action.text)})`;
    case "select_option":
      return `select_option(${q(action.ref)}, ${q(action.value)})`;
    case "press":
      return `press(${q(action.key)})`;
    case "keyboard_type":
      return `keyboard_type(${q(action.text)})`;
    case "scroll":
      return `scroll(${action.dx}, ${action.dy})`;
    case "goto":
      return `goto(${q(action.url)})`;
    case "go_back":
    case "new_tab":
    case "close_tab":
      return `${action.action}()`;
    case "tab_focus":
      return `tab_focus(${action.index})`;
    case "mouse_click": {
      const extra = [
        action.button && action.button !== "left" ? q(action.button) : "",
        action.count && action.count > 1 ? `count=${action.count}` : "",
      ];
      return `mouse_click(${[action.x, action.y, ...extra.filter(Boolean)].join(", ")})`;
    }
    case "mouse_drag":
      return `mouse_drag(${action.x1}, ${action.y1}, ${action.x2}, ${action.y2})`;
    case "mouse_scroll":
      return `mouse_scroll(${action.x}, ${action.y}, ${action.dx}, ${action.dy})`;
    case "send_msg_to_user":
      return `send_msg_to_user(${q(action.text)})`;
    case "finish":
      return action.answer === undefined ? "finish()" : `finish(${q(action.answer)})`;
    case "report_infeasible":
      return `report_infeasible(${q(action.reason)})`;
  }
}
