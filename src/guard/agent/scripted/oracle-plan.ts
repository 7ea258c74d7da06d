import type { OracleStep } from "../../../scenario/index.js";
import type { PlanStep } from "./plan-step.js";

/**
 * An injection task's oracle script as a scripted planner's plan: the same way through the pages,
 * with the guard's tools. `goto` a path under the episode's home is `open` (the planner sees only
 * the address template, so it climbs from the page shown), a whole URL is `navigate`; `click`
 * finds the control by its name among those the mask leaves visible (keeping the oracle's `role`,
 * which tells a field from a button of the same name) and clicks it; `fill` replaces what the field
 * holds, as the oracle's fill does; `select` chooses the option. An oracle's `nth` has no
 * equivalent: a name shown at two places is ambiguous to the planner (the plan then fails, as a
 * careful planner would). The messenger's composer is named after the
 * conversation, which others wrote, so it is masked until revealed: a fill of "Message to …" first
 * reveals the app's message box (`endorse_element` by control), as a careful planner would.
 */
export function planFromOracle(script: readonly OracleStep[]): PlanStep[] {
  return script.flatMap((step): PlanStep[] => {
    if ("goto" in step) return [/^https?:\/\//.test(step.goto) ? { navigate: step.goto } : { open: step.goto }];
    if ("click" in step) return [{ click: step.click, ...(step.role !== undefined && { role: step.role }) }];
    if ("fill" in step) {
      const fill: PlanStep = { fill: { field: step.fill, text: step.text, clear: true } };
      return COMPOSER.test(step.fill) ? [{ reveal_control: { control: "message_box", label: "" } }, fill] : [fill];
    }
    return [{ select: { field: step.select, value: step.value } }];
  });
}

/** The messenger composer's accessible name (`Message to <conversation>`). */
const COMPOSER = /^Message to /;
