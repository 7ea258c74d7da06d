import type { AriaNode } from "../../../browser/index.js";
import type { UiDecision, UiStep } from "../ui-agent.js";
import { findNode } from "./page-reading.js";
import { decide } from "./scripted-ui-agent.js";

export type ScriptSteps<T = UiStep> = Generator<UiDecision, T, UiStep>;

/** Opens a URL; returns the step that shows it. */
export function* visit(url: string, why: string): ScriptSteps {
  return yield decide({ action: "goto", url }, why);
}

/** Fills the field found by role and label on the current page; skips (returns the same step) when it is absent. */
export function* fillField(step: UiStep, roles: readonly string[], label: string | RegExp, text: string): ScriptSteps {
  const field = roles.map((role) => findNode(step.observation.tree, role, label)).find((node): node is AriaNode => node !== undefined);
  if (!field?.ref) return step;
  return yield decide({ action: "fill", ref: field.ref, text }, `Filling in "${field.name}".`);
}

/** Clicks the button with that name on the current page, if there is one. */
export function* clickButton(step: UiStep, name: string | RegExp): ScriptSteps {
  const button = findNode(step.observation.tree, "button", name);
  if (!button?.ref) return step;
  return yield decide({ action: "click", ref: button.ref }, `Pressing "${button.name}".`);
}

/** Steps left after the current one (the current step is about to be used). */
export function stepsLeft(step: UiStep): number {
  return step.maxSteps - step.step;
}
