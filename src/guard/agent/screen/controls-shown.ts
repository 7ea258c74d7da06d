import { isMasked } from "../../mask/is-masked.js";
import type { NormalisedRole } from "../../roles.js";
import { centreOf, plainText } from "../query/screen-text.js";
import type { GuardedScreen } from "./guarded-screen.js";
import { paintedRows } from "./painted-rows.js";

/**
 * A row wholly outside F as a scripted planner may use it: its role, its accessible name (which
 * the operator's markup gives a control, `Add Glass kettle to cart` for a button drawn as `Add to
 * cart`) and its text, where it is, and whether it is in view. Everything here is the text of a row
 * the mask left visible; a masked row is never listed.
 */
export interface ShownControl {
  role: NormalisedRole;
  name: string;
  text: string;
  x: number;
  y: number;
}

/** The nine sample points of a box: corners inset by a pixel, edge midpoints, centre. */
function samplePoints([x, y, w, h]: readonly number[]): Array<[number, number]> {
  const xs = [x! + 1, x! + w! / 2, x! + w! - 1];
  const ys = [y! + 1, y! + h! / 2, y! + h! - 1];
  return xs.flatMap((px) => ys.map((py): [number, number] => [px, py]));
}

/** Roles a person clicks or types into: a row drawn inside one is that control's text. */
const CONTROL_ROLES: ReadonlySet<string> = new Set(["button", "link", "textbox", "checkbox", "radio", "menuitem", "tab"]);

/** Levels above a row where its control may be (a button's text, a link's icon and label). */
const CONTROL_DEPTH = 3;

/**
 * The controls a scripted planner may locate by name: rows in view whose nine sample points are all
 * outside F (trusted by the rule set, or revealed), each with the role and accessible name of the
 * control it is drawn in (the row's node, or its nearest button, link or field a few levels up),
 * else its own. Stricter than `textsShown`, which counts a row shown in part as read: a planner
 * acts only on what is wholly visible, so the mask still decides which controls exist for it.
 * Scripted planners only (`GuardedRoles.plannerControls`); a model gets the masked image alone.
 */
export function controlsShown(screen: GuardedScreen): ShownControl[] {
  const size = { width: screen.width, height: screen.height };
  const nodes = new Map(screen.page.nodes.map((node) => [node.id, node]));
  const controlOf = (id: string) => {
    let node = nodes.get(id);
    for (let level = 0; node !== undefined && level <= CONTROL_DEPTH; level++) {
      if (CONTROL_ROLES.has(node.role)) return node;
      node = node.parentId === null ? undefined : nodes.get(node.parentId);
    }
    return nodes.get(id);
  };
  return paintedRows(screen)
    .filter((row) => samplePoints(row.box).every(([px, py]) => !isMasked(screen.mask, px, py, size)))
    .map((row) => {
      const control = controlOf(row.nodeId);
      return {
        role: control?.role ?? row.role,
        name: plainText(control?.name ?? ""),
        text: plainText(row.text),
        ...centreOf(row),
      };
    });
}
