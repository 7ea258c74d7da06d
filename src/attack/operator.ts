import { isPayloadAttack, type PayloadAttack, type Scenario } from "../scenario/index.js";
import type { seededRandom } from "../stats/index.js";

export type SeededRandom = ReturnType<typeof seededRandom>;

/** A payload-carrying attack: the families whose `attack` has a payload (F1, F2, F3). */
export type { PayloadAttack };

/** What an operator made: the rewritten task, and one line saying which concrete choice it drew. */
interface Applied {
  scenario: Scenario;
  detail: string;
}

/**
 * One way to change a task's attack (docs/design/adaptive-attack.md). `apply` draws its concrete
 * choice (which field, which template, which shape) from `random`, so a node of the search and a
 * seed always give the same child; it returns undefined when the task offers nothing to change
 * (no other field, no value to reshape), which the search treats as a spent branch.
 */
export interface AttackOperator {
  kind: string;
  description: string;
  apply(scenario: Scenario, attack: PayloadAttack, random: SeededRandom): Applied | undefined;
}

/** An operator that asks a model (the mutator): the same contract, its child arriving later. */
export interface ModelAttackOperator extends Omit<AttackOperator, "apply"> {
  apply(scenario: Scenario, attack: PayloadAttack, random: SeededRandom): Promise<Applied | undefined>;
}

/** What the search expands with: the built-in operators and, when configured, the model mutator. */
export type SearchOperator = AttackOperator | ModelAttackOperator;

export function payloadAttackOf(scenario: Scenario): PayloadAttack | undefined {
  const attack = scenario.attack;
  return isPayloadAttack(attack) ? attack : undefined;
}

export function pick<T>(random: SeededRandom, items: readonly T[]): T {
  return items[random.nextInt(items.length)] as T;
}

/** `scenario` with a new state and attack (the id and provenance are the search's to set). */
export function withAttack(scenario: Scenario, state: unknown, attack: PayloadAttack): Scenario {
  return { ...scenario, state: state as Scenario["state"], attack };
}
