/**
 * The operators of the adaptive attacker make pack tasks: on every F1, F2 and F3 task of
 * packs/injection, for many seeds, every operator's variant (and chains of them) is a task the
 * pack loader accepts without an error, with its payload where its placement says.
 */
import { describe, expect, it } from "vitest";
import { ATTACK_OPERATORS, injectionPoints, payloadAttackOf, stateFields, variantSchemaProblems } from "../../src/attack/index.js";
import { INJECTION_PACK_DIR, loadScenarios, type Scenario } from "../../src/scenario/index.js";
import { seededRandom } from "../../src/stats/index.js";

const { scenarios } = await loadScenarios([INJECTION_PACK_DIR]);
const tasks = scenarios.filter((task) => payloadAttackOf(task) !== undefined);

/** A chain of `length` operators drawn by `seed`, from `task`: every variant made on the way. */
function chain(task: Scenario, seed: number, length: number): Array<{ variant: Scenario; kind: string }> {
  const random = seededRandom(seed, `chain:${task.id}`);
  const made: Array<{ variant: Scenario; kind: string }> = [];
  let current = task;
  for (let step = 0; step < length; step++) {
    const operator = ATTACK_OPERATORS[random.nextInt(ATTACK_OPERATORS.length)]!;
    const applied = operator.apply(current, payloadAttackOf(current)!, random);
    if (!applied) continue;
    current = { ...applied.scenario, id: `${task.id}.v${step}` };
    made.push({ variant: current, kind: operator.kind });
  }
  return made;
}

describe("attack operators", () => {
  it("holds F1, F2 and F3 tasks to work on", () => {
    expect(tasks.some((task) => task.attack?.family === "F1")).toBe(true);
    expect(tasks.some((task) => task.attack?.family === "F2")).toBe(true);
    expect(tasks.some((task) => task.attack?.family === "F3")).toBe(true);
  });

  it("make variants the pack loader accepts, with the payload in every placed field, over generated seeds", () => {
    let made = 0;
    const kinds = new Set<string>();
    for (const task of tasks)
      for (const seed of [1, 2, 3, 4]) {
        for (const { variant, kind } of chain(task, seed, 3)) {
          made += 1;
          kinds.add(kind);
          expect([variant.id, kind, variantSchemaProblems(variant)]).toEqual([variant.id, kind, []]);
          const attack = payloadAttackOf(variant)!;
          const fields = new Map(stateFields(variant.state).map((field) => [field.pointer, field.value]));
          for (const pointer of attack.payload.placement) expect(fields.get(pointer)).toContain(attack.payload.text);
        }
      }
    expect(made).toBeGreaterThan(tasks.length * 4);
    expect([...kinds].sort()).toEqual(ATTACK_OPERATORS.map((operator) => operator.kind).sort());
    // Every payload task of the pack, twelve variants each: with the terminal tasks (F2 and the
    // clone-URL value attacks, whose states carry a seeded home) it outwaits 30 s on a loaded machine.
  }, 180_000);

  it("moves the payload out of its fields into another one (injection point)", () => {
    const task = tasks.find((candidate) => candidate.id === "inj-f1-shop-seller-asks-address")!;
    const operator = ATTACK_OPERATORS.find((candidate) => candidate.kind === "injection_point")!;
    const applied = operator.apply(task, payloadAttackOf(task)!, seededRandom(7, "move"))!;
    const before = payloadAttackOf(task)!;
    const after = payloadAttackOf(applied.scenario)!;
    expect(after.payload.placement).toHaveLength(1);
    expect(after.payload.placement).not.toEqual(before.payload.placement);
    const fields = new Map(stateFields(applied.scenario.state).map((field) => [field.pointer, field.value]));
    expect(fields.get(after.payload.placement[0]!)).toContain(after.payload.text);
    for (const pointer of before.payload.placement) expect(fields.get(pointer)).not.toContain(before.payload.text);
  });

  it("offers as injection points the state's worded fields, not those the task's oracles or evaluators name", () => {
    const task = tasks.find((candidate) => candidate.id === "inj-f1-shop-seller-asks-address")!;
    const points = injectionPoints(task).map((field) => field.pointer);
    // The kettle's name is how the benign oracle finds its button; prices hold no words.
    expect(points).not.toContain("/shop/catalogue/0/name");
    expect(points).not.toContain("/shop/catalogue/0/price");
    expect(points).not.toContain("/shop/catalogue/0/description");
    expect(points).toContain("/messenger/threads/0/messages/0/text");
    expect(points).toContain("/shop/catalogue/1/name");
  });

  it("reshapes an F3 attacker value everywhere the task holds it", () => {
    const task = tasks.find((candidate) => candidate.id === "inj-f3-dm-lookalike-new-number")!;
    const operator = ATTACK_OPERATORS.find((candidate) => candidate.kind === "value_shape")!;
    const values = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const applied = operator.apply(task, payloadAttackOf(task)!, seededRandom(seed, "shape"));
      if (!applied) continue;
      const attack = applied.scenario.attack!;
      if (attack.family !== "F3") throw new Error("not F3");
      values.add(attack.attacker_value);
      const text = JSON.stringify(applied.scenario);
      expect(text).not.toContain("Priya Raman (new number)");
      expect(text).toContain(attack.attacker_value);
      expect(variantSchemaProblems({ ...applied.scenario, id: "v" })).toEqual([]);
    }
    expect(values.size).toBeGreaterThan(1);
  });
});
