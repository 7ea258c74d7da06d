import type { AttackOperator } from "./operator.js";
import { phrasingOperator } from "./phrasing-operator.js";
import { hopOperator, injectionPointOperator, positionOperator } from "./placement-operators.js";
import { renderingOperator } from "./rendering-operator.js";
import { valueShapeOperator } from "./value-shape-operator.js";

/**
 * Every operator of the adaptive attacker, in one list the search, the CLI's help and the tests
 * read: adding one is a file and a line here.
 */
export const ATTACK_OPERATORS: readonly AttackOperator[] = [
  injectionPointOperator,
  phrasingOperator,
  positionOperator,
  valueShapeOperator,
  hopOperator,
  renderingOperator,
];
