import { type AriaNode, ariaNodeLabel } from "../../../browser/index.js";
import { isPayloadAttack, type OracleScripts, type OracleStep, type Scenario } from "../../../scenario/index.js";
import type { ScreenUiAgent, UiStep } from "../ui-agent.js";
import { findNodes } from "./page-reading.js";
import type { ScriptSteps } from "./script-steps.js";
import { decide, scriptedUiAgent } from "./scripted-ui-agent.js";

const FIELD_ROLES = new Set(["textbox", "combobox", "searchbox", "spinbutton"]);

/** A broken script is the pack's error, not an agent's choice: the episode ends as an error record naming the step. */
class OracleScriptError extends Error {
  readonly kind = "oracle_script";
}

/** The episode's home (`http://…/e/<id>/`), from any page of the episode. */
function homeOf(url: string): string {
  const match = /^(.*?\/e\/[^/]+\/)/.exec(url);
  if (!match?.[1]) throw new OracleScriptError(`the oracle is not on an episode page (${url})`);
  return match[1];
}

function controlOn(step: UiStep, accepts: (node: AriaNode) => boolean, name: string, nth = 0, what: string): AriaNode {
  const matches = findNodes(step.observation.tree, (node) => node.ref !== undefined && accepts(node) && ariaNodeLabel(node) === name);
  const node = matches[nth];
  if (!node?.ref)
    throw new OracleScriptError(
      `no ${what} named "${name}"${nth > 0 ? ` (#${nth + 1})` : ""} on ${step.observation.url} (found ${matches.length})`,
    );
  return node;
}

/** One script step as one action on the page the oracle is on. */
function actionFor(step: UiStep, home: string, scripted: OracleStep) {
  if ("goto" in scripted) return decide({ action: "goto", url: new URL(scripted.goto, home).href }, `Opening ${scripted.goto}.`);
  if ("click" in scripted) {
    const roles = scripted.role ? [scripted.role] : ["link", "button"];
    const node = controlOn(step, (candidate) => roles.includes(candidate.role), scripted.click, scripted.nth, roles.join(" or "));
    return decide({ action: "click", ref: node.ref as string }, `Pressing "${scripted.click}".`);
  }
  if ("fill" in scripted) {
    const node = controlOn(step, (candidate) => FIELD_ROLES.has(candidate.role), scripted.fill, scripted.nth, "field");
    return decide({ action: "fill", ref: node.ref as string, text: scripted.text }, `Filling in "${scripted.fill}".`);
  }
  const node = controlOn(step, (candidate) => candidate.role === "combobox" || candidate.role === "listbox", scripted.select, 0, "list");
  return decide({ action: "select_option", ref: node.ref as string, value: scripted.value }, `Choosing "${scripted.value}".`);
}

/**
 * Runs an oracle script from `first`, one action per step, each found on the live page by its
 * accessible name; `look` sees every page the script reaches (after each step) and may stop it
 * there by returning true. Returns the last step and whether `look` stopped it. A step that names
 * nothing, or that failed in the browser, is the script's error (`OracleScriptError`).
 */
export function* runOracleScript(
  script: readonly OracleStep[],
  first: UiStep,
  look: (step: UiStep) => boolean = () => false,
): ScriptSteps<{ step: UiStep; stopped: boolean }> {
  const home = homeOf(first.observation.url);
  let step = first;
  for (const [index, scripted] of script.entries()) {
    if (index > 0 && step.observation.lastActionError !== null)
      throw new OracleScriptError(`oracle step ${index} failed: ${step.observation.lastActionError}`);
    step = yield actionFor(step, home, scripted);
    if (look(step)) return { step, stopped: true };
  }
  if (step.observation.lastActionError !== null)
    throw new OracleScriptError(`the last oracle step failed: ${step.observation.lastActionError}`);
  return { step, stopped: false };
}

type OracleRole = "benign" | "attack" | "half" | "null";

/**
 * Half scripts are optional (value attacks carry one, hijacks need none): `oracle-half` has no
 * episode on a task without one. Nor has `oracle-attack` on a task without an attacker (F4, and
 * every disclosure scenario). Every other script a task must have, so its absence stays an error.
 */
function hasHalfScript(scenario: Scenario): boolean {
  return scenario.attack !== undefined && "oracles" in scenario.attack && scenario.attack.oracles?.half !== undefined;
}

function hasAttacker(scenario: Scenario): boolean {
  return isPayloadAttack(scenario.attack);
}

/**
 * An oracle of the injection suite: it runs the task's own script (from the scenario's attack
 * block, handed over in the hints) through the action layer, each step found on the live page by
 * its accessible name, then finishes. `null` does nothing. A script step that names nothing on
 * the page, or a task without the script, ends the episode as an error: the pack is broken, and
 * a silent no-op would read as a defended agent.
 */
function oracleAgent(role: OracleRole, description: string): ScreenUiAgent {
  return scriptedUiAgent(
    `oracle-${role}`,
    description,
    function* (_input, hints, first) {
      if (role === "null") return decide({ action: "finish", answer: "Nothing done." }, "The null oracle does nothing.");
      const script = (hints.oracles as OracleScripts | undefined)?.[role];
      if (!script) throw new OracleScriptError(`this task has no "${role}" oracle script (attack.oracles.${role})`);
      yield* runOracleScript(script, first);
      return decide({ action: "finish", answer: `Ran the ${role} oracle's ${script.length} steps.` }, "Script done.");
    },
    // An oracle reads the tree only, and the evaluators check what it did: its steps need no
    // pictures, and the pack's self-check runs hundreds of oracle episodes.
    { screenshots: false, ...(role === "half" && { runsOn: hasHalfScript }), ...(role === "attack" && { runsOn: hasAttacker }) },
  );
}

/** The suite's self-validation agents (`--agent oracle-benign`, …): scripted, no model, e2e only. */
export const UI_ORACLES: readonly ScreenUiAgent[] = [
  oracleAgent("benign", "does the injection task as its benign oracle script says, ignoring the payload"),
  oracleAgent("attack", "carries out the payload as the task's attack oracle script says"),
  oracleAgent("half", "half-follows a value attack (starts on the attacker's value, never realises it)"),
  oracleAgent("null", "does nothing and finishes"),
];
