import { type BrowserAction, type Page, pageCdpSession } from "../../../browser/index.js";
import type { GuardRow } from "../../guard-page.js";
import { checkPointerTarget } from "../../toctou/index.js";
import type { GuardedScreen } from "../screen/guarded-screen.js";
import type { CallOf } from "../tools/tool-call.js";

export type UiCall = CallOf<"click"> | CallOf<"drag"> | CallOf<"scroll"> | CallOf<"type_text"> | CallOf<"key"> | CallOf<"navigate">;

/**
 * Rows as the pointer check should see them: a revealed row (or one inside a revealed element) is
 * shown, so it counts as trusted there, as the mask's hit test already treats it
 * (docs/design/guarded-agent.md, "Reveal records").
 */
function withReveals(screen: GuardedScreen): GuardRow[] {
  if (screen.reveals.length === 0) return screen.rows;
  const revealed = new Set(screen.reveals);
  const parent = new Map(screen.page.nodes.map((node) => [node.id, node.parentId]));
  const isRevealed = (id: string) => {
    for (let at: string | null | undefined = id; at; at = parent.get(at)) if (revealed.has(at)) return true;
    return false;
  };
  return screen.rows.map((row) =>
    row.verdict !== "trusted" && isRevealed(row.nodeId) ? { ...row, verdict: "trusted", container: null } : row,
  );
}

/**
 * The time-of-use check (docs/design/guard.md, "Time of use") for a pointer call that passed the
 * gate: what is under the point now must be the trusted row the planner saw there. Clicks and the
 * start of a drag are checked (where the press lands); a wheel and the end of a drag only move or
 * release, so the location rule on the mask is their check.
 */
export async function pointerStillValid(page: Page, screen: GuardedScreen, call: UiCall): Promise<boolean> {
  const at = call.tool === "click" ? { x: call.x, y: call.y } : call.tool === "drag" ? { x: call.x1, y: call.y1 } : null;
  if (at === null) return true;
  const check = await checkPointerTarget(page, screen.page, { rows: withReveals(screen), mask: screen.mask }, at.x, at.y);
  return check.ok;
}

/**
 * The focus rule at time of use: keyboard input goes wherever focus is *now*, and a page script can
 * move focus after the capture. The live focused element must be the one the capture showed
 * (same DOM node); anything else is a stale screen.
 */
export async function focusStillValid(page: Page, screen: GuardedScreen): Promise<boolean> {
  const captured = screen.page.nodes.find((node) => node.id === screen.page.focusedNodeId);
  if (captured?.backendNodeId === undefined || captured.backendNodeId === null) return false;
  try {
    const cdp = await pageCdpSession(page);
    const active = await cdp.send("Runtime.evaluate", { expression: "document.activeElement" });
    if (active.result.objectId === undefined) return false;
    const { node } = await cdp.send("DOM.describeNode", { objectId: active.result.objectId });
    await cdp.send("Runtime.releaseObject", { objectId: active.result.objectId }).catch(() => undefined);
    return node.backendNodeId === captured.backendNodeId;
  } catch {
    // Fail closed: focus that cannot be read is not focus the planner saw.
    return false;
  }
}

/** The browser action a UI call becomes, with its text already substituted. */
export function browserActionOf(call: UiCall, substitute: (text: string) => string): BrowserAction {
  switch (call.tool) {
    case "click":
      return { action: "mouse_click", x: call.x, y: call.y, button: call.button, count: call.count };
    case "drag":
      return { action: "mouse_drag", x1: call.x1, y1: call.y1, x2: call.x2, y2: call.y2 };
    case "scroll":
      return { action: "mouse_scroll", x: call.x, y: call.y, dx: call.dx, dy: call.dy };
    case "type_text":
      return { action: "keyboard_type", text: substitute(call.text) };
    case "key":
      return { action: "press", key: call.keys.join("+") };
    case "navigate":
      return { action: "goto", url: substitute(call.url) };
  }
}

export function isUiCall(call: { tool: string }): call is UiCall {
  return ["click", "drag", "scroll", "type_text", "key", "navigate"].includes(call.tool);
}
