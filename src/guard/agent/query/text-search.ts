import type { GuardedScreen } from "../screen/guarded-screen.js";
import { visiblePoint } from "../screen/visible-point.js";
import { type AnswerType, isAnswerType, normaliseForEquality } from "../values/index.js";
import type { Variable } from "../variables/variable.js";
import { centreOf, containsTerm, plainText, rowsIn } from "./screen-text.js";

/** Rows that are form fields: their text is their accessible name, which their label also shows. */
const FIELD_ROLES: ReadonlySet<string> = new Set(["textbox", "checkbox", "radio"]);

export type Located =
  | { kind: "unique"; x: number; y: number }
  | { kind: "not_found" }
  | { kind: "ambiguous" }
  /** Shown only outside the viewport: how far to scroll (positive: down) to bring it to the middle. */
  | { kind: "out_of_view"; dy: number };

/**
 * How two texts compare for a type: its normalisation
 * (docs/design/guarded-agent.md, "Normalisation for equality"), or plain text for a label (`""`).
 */
function comparable(type: AnswerType | "", text: string): string | null {
  if (type === "") return plainText(text);
  return normaliseForEquality(type, plainText(text));
}

/**
 * `locate_on_screen` (docs/design/guarded-agent.md, "Values, types and endorsement"): the row whose
 * whole text equals the value (after the type's normalisation; never a substring), which must be
 * unique in view; its centre, or for a row shown as itself whose centre another row's box covers,
 * its shown point nearest the centre. A value shown only outside the viewport is reported with the
 * scroll that brings it into view. No model, no click: the coordinates still pass the location rule
 * when clicked, so locating masked text buys nothing.
 */
export function locateOnScreen(screen: GuardedScreen, value: string, type: string): Located {
  const kind = type === "" ? "" : isAnswerType(type) ? type : null;
  if (kind === null) return { kind: "not_found" };
  const wanted = comparable(kind, value);
  if (wanted === null || wanted === "") return { kind: "not_found" };
  const all = rowsIn(screen.rows).filter((row) => comparable(kind, row.text) === wanted);
  if (all.length === 0) return { kind: "not_found" };
  // A field and the label that names it are one place: the field, where a click puts the caret.
  const fields = all.filter((row) => FIELD_ROLES.has(row.role));
  const hits = fields.length > 0 ? fields : all;
  const inView = hits.filter(
    (row) => row.box[1] >= 0 && row.box[1] + row.box[3] <= screen.height && row.box[0] >= 0 && row.box[0] + row.box[2] <= screen.width,
  );
  if (inView.length === 0) {
    if (hits.length > 1) return { kind: "ambiguous" };
    return { kind: "out_of_view", dy: Math.round(centreOf(hits[0]!).y - screen.height / 2) };
  }
  // One text drawn twice at the same place (a row and its own label) is still one place.
  const places = new Set(inView.map((row) => `${centreOf(row).x},${centreOf(row).y}`));
  if (places.size > 1) return { kind: "ambiguous" };
  // A shown row covered in part by another row's box is pointed at where it is shown (`visiblePoint`).
  return { kind: "unique", ...(visiblePoint(screen, inView[0]!) ?? centreOf(inView[0]!)) };
}

/** `find_by_text`: whether a trusted value is shown as a whole term anywhere on the page (masked or not). */
export function findByText(screen: GuardedScreen, value: string): boolean {
  return rowsIn(screen.rows).some((row) => containsTerm(row.text, value));
}

/**
 * `attest_screen_value`: whether a variable's value is really shown — a row equal to it after the
 * type's normalisation, or holding it as a whole term. It catches a quarantined model that misread;
 * it adds no integrity (an attacker's value is on screen too).
 */
export function attestScreenValue(screen: GuardedScreen, variable: Variable): boolean {
  if (variable.type === "point") return true;
  const wanted = normaliseForEquality(variable.type, variable.value, variable.constraint);
  return rowsIn(screen.rows).some(
    (row) =>
      (wanted !== null && normaliseForEquality(variable.type, plainText(row.text), variable.constraint) === wanted) ||
      containsTerm(row.text, variable.value),
  );
}
