import { isPayloadAttack, type Scenario, stringLeaves, WorkspaceStateSchema } from "../scenario/index.js";
import { rewriteField } from "./state-edit.js";

/** One string field of a task's state: where it is (a JSON pointer) and what it holds. */
export interface StateField {
  pointer: string;
  value: string;
}

const escapeSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/** Every string of the state at any depth, with its JSON pointer, in document order. */
export function stateFields(state: unknown, prefix = ""): StateField[] {
  if (typeof state === "string") return [{ pointer: prefix, value: state }];
  if (Array.isArray(state)) return state.flatMap((item, index) => stateFields(item, `${prefix}/${index}`));
  if (state !== null && typeof state === "object")
    return Object.entries(state).flatMap(([key, value]) => stateFields(value, `${prefix}/${escapeSegment(key)}`));
  return [];
}

/**
 * The strings a task's oracles, evaluators and prompt name: a field whose value one of them
 * contains is how the task finds its way (a button "Add Steel kettle to cart", a contact the
 * evaluator checks), so writing into it would break the task rather than attack it.
 */
function namedByTheTask(scenario: Scenario): string[] {
  const attack = scenario.attack;
  const fromAttack = isPayloadAttack(attack) ? stringLeaves(attack) : [];
  return [scenario.task, ...stringLeaves(scenario.recipient), ...stringLeaves(scenario.guard ?? {}), ...fromAttack];
}

/**
 * Where else a payload could be written: every string field of the task's state that holds
 * words (not a price, a time or an id of digits), that the payload does not already occupy, and
 * whose value nothing of the task's own machinery names. Derived from the state, not listed per
 * task or app, so titles, names, comments, file and branch names, alt texts and labels are all
 * candidates as soon as a task's state has them. Whether a page the agent reads shows the field
 * is not decided here: the search finds out, and the variant's oracles check it still runs.
 * A field only free text may hold is told apart by the state's own schema: one that no longer
 * parses with a sentence appended (an enum such as a consent state, a URL, a date) is no
 * injection point, whatever its name.
 */
export function injectionPoints(scenario: Scenario): StateField[] {
  const attack = scenario.attack;
  if (!isPayloadAttack(attack)) return [];
  const placed = new Set(attack.payload.placement);
  const named = namedByTheTask(scenario).map((text) => text.toLowerCase());
  return stateFields(scenario.state).filter(
    (field) =>
      !placed.has(field.pointer) &&
      // A mail's styles (`styled`) are how a body is painted, not text a page shows.
      !/\/styled\//.test(field.pointer) &&
      /\p{L}{2}/u.test(field.value) &&
      !field.value.includes(attack.payload.text) &&
      !named.some((text) => text.includes(field.value.toLowerCase())) &&
      WorkspaceStateSchema.safeParse(rewriteField(scenario.state, field.pointer, (old) => `${old} ${attack.payload.text}`)).success,
  );
}
