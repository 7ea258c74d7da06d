import type { NormalisedRole } from "../../roles.js";
import { plainText } from "../query/screen-text.js";
import type { GuardedScreen } from "./guarded-screen.js";
import { paintedRows } from "./painted-rows.js";
import { visiblePoint } from "./visible-point.js";

/**
 * A row shown as itself, as a scripted planner may use it: its role, its accessible name (which
 * the operator's markup gives a control, `Add Glass kettle to cart` for a button drawn as `Add to
 * cart`) and its text, and a point of it outside F. Everything here is the text of a row the mask
 * left visible; a masked row is never listed.
 */
export interface ShownControl {
  role: NormalisedRole;
  name: string;
  text: string;
  x: number;
  y: number;
}

/** Roles a person clicks or types into: a row drawn inside one is that control's text. */
const CONTROL_ROLES: ReadonlySet<string> = new Set(["button", "link", "textbox", "checkbox", "radio", "menuitem", "tab"]);

/** Levels above a row where its control may be (a button's text, a link's icon and label). */
const CONTROL_DEPTH = 3;

/**
 * The controls a scripted planner may locate by name: rows the planner is shown as themselves
 * (trusted by the rule set, or revealed) that have a point outside F (`visiblePoint`: the centre,
 * else the shown point nearest to it), each with the role and accessible name of the control it is
 * drawn in (the row's node, or its nearest button, link or field a few levels up), else its own.
 * A control a stranger's row covers in part is still the user's, and is pointed at where it is not
 * covered, as a model reading the image would (before, a row had to be wholly outside F, so a long
 * name over half a button made it unfindable). An untrusted row is in F whole and never listed.
 * The accessible name is left out when an untrusted row inside the control contributes to it
 * (a link whose name is its content): such a name is partly a stranger's, who could make it equal
 * a plan's label, or make two controls share it; the control is then found by its drawn text.
 * Scripted planners only (`GuardedRoles.plannerControls`); a model gets the masked image alone.
 */
export function controlsShown(screen: GuardedScreen): ShownControl[] {
  const nodes = new Map(screen.page.nodes.map((node) => [node.id, node]));
  const controlOf = (id: string) => {
    let node = nodes.get(id);
    for (let level = 0; node !== undefined && level <= CONTROL_DEPTH; level++) {
      if (CONTROL_ROLES.has(node.role)) return node;
      node = node.parentId === null ? undefined : nodes.get(node.parentId);
    }
    return nodes.get(id);
  };
  const untrustedTextIn = new Map<string, string[]>();
  for (const row of screen.rows) {
    if (row.verdict === "trusted" || screen.reveals.includes(row.nodeId) || row.text.trim() === "") continue;
    // Every control up the chain that this untrusted row is drawn inside.
    let node = nodes.get(row.nodeId);
    for (let level = 0; node !== undefined && level <= CONTROL_DEPTH; level++) {
      if (CONTROL_ROLES.has(node.role)) untrustedTextIn.set(node.id, [...(untrustedTextIn.get(node.id) ?? []), plainText(row.text)]);
      node = node.parentId === null ? undefined : nodes.get(node.parentId);
    }
  }
  return paintedRows(screen).flatMap((row) => {
    const point = visiblePoint(screen, row);
    if (point === undefined) return [];
    const control = controlOf(row.nodeId);
    const name = plainText(control?.name ?? "");
    const polluted = control !== undefined && (untrustedTextIn.get(control.id) ?? []).some((text) => text !== "" && name.includes(text));
    return [{ role: control?.role ?? row.role, name: polluted ? "" : name, text: plainText(row.text), ...point }];
  });
}
