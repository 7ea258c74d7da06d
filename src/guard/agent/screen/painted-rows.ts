import type { GuardRow } from "../../guard-page.js";
import { rowsIn } from "../query/screen-text.js";
import type { GuardedScreen } from "./guarded-screen.js";

/**
 * The rows with text that something on screen may paint: `rowsIn` without the rows the capture
 * marked off-screen (their box lies wholly outside what can paint them: the viewport, or an
 * overflow clip such as a visually hidden label's 1-pixel box). Such a row paints no pixel, so it
 * cuts no hole in a trusted row (docs/design/guard.md, Rows) and its box may lie over revealed
 * pixels; a scripted planner that took it as read would read text the masked image does not show
 * (the shop's hidden "Quantity of <product>" label lies over the trusted Update, Save for later and
 * Remove buttons). Scripted sight only; the quarantined model still gets every row.
 */
export function paintedRows(screen: GuardedScreen): GuardRow[] {
  const offscreen = new Set(screen.page.nodes.filter((node) => node.offscreen).map((node) => node.id));
  return rowsIn(screen.rows).filter((row) => !offscreen.has(row.nodeId));
}
