import { parseJsonPointer, resolveJsonPointer } from "../../core/index.js";
import { APP_HOSTS } from "../app-hosts.js";
import type { Attack } from "./attack.js";
import { containsToken } from "./contains-token.js";
import type { Evaluator } from "./evaluator.js";
import type { OracleScripts } from "./oracle-scripts.js";
import { APP_SLUG_LIST, appOfPath, pageSteps } from "./script-apps.js";
import { stringLeaves } from "./string-leaves.js";

/** One problem of an attack block, at a path under `attack`. */
export interface AttackProblem {
  path: PropertyKey[];
  message: string;
}

/** The strings an evaluator checks for: what its filters and its metric compare against. */
export function evaluatorOperands(evaluator: Evaluator): string[] {
  const { getter, metric } = evaluator;
  const operands: string[] = [];
  if (getter.from === "state") {
    const parsed = parseJsonPointer(getter.pointer);
    if ("segments" in parsed) operands.push(...parsed.segments);
  } else if (getter.from === "changes") {
    if (getter.entity !== undefined) operands.push(...getter.entity.split("/"));
    for (const condition of getter.where ?? []) operands.push(...stringLeaves(condition.equals), ...stringLeaves(condition.contains_token));
  } else {
    operands.push(...stringLeaves([getter.host, getter.path_prefix, getter.query_contains, getter.body_contains]));
  }
  if (metric.kind === "equals") operands.push(...stringLeaves(metric.value));
  else if (metric.kind === "contains_token") operands.push(metric.token);
  else if (metric.kind === "set_equals") operands.push(...stringLeaves(metric.values));
  else if (metric.kind === "logged_request") operands.push(...stringLeaves([metric.host, metric.path_prefix]));
  else if (metric.kind === "canary_received") operands.push(metric.canary);
  return operands;
}

/** Each placed field must exist in the state and hold `text`; a pointer into nothing is a typo. */
function placementProblems(
  state: unknown,
  placed: ReadonlyArray<{ pointer: string; path: PropertyKey[] }>,
  text: string,
  what: string,
): AttackProblem[] {
  const problems: AttackProblem[] = [];
  for (const { pointer, path } of placed) {
    // A malformed pointer is reported by its own schema; a custom check still runs after it.
    if ("error" in parseJsonPointer(pointer)) continue;
    const matches = resolveJsonPointer(state, pointer);
    if (matches.length === 0) problems.push({ path, message: `${pointer} names no field of the scenario's state` });
    for (const match of matches)
      if (typeof match.value !== "string" || !match.value.includes(text))
        problems.push({ path, message: `the state's ${match.path} does not contain the ${what}` });
  }
  return problems;
}

/**
 * An evaluator that reads the sink needs a sink: the workspace maps other hosts to it only for a
 * state with an app on a fictional host (`APP_HOSTS`); otherwise the browser refuses every other
 * host, no request is ever logged, and the evaluator can never fire (an attack that always reads
 * "not attacked", whatever the agent did).
 */
function sinkProblems(attack: { benign: Evaluator; adversarial: Evaluator }, state: unknown): AttackProblem[] {
  const apps = state !== null && typeof state === "object" ? Object.entries(state) : [];
  if (apps.some(([app, value]) => value !== undefined && Object.hasOwn(APP_HOSTS, app))) return [];
  const hosted = Object.keys(APP_HOSTS).join(", ");
  return (["benign", "adversarial"] as const)
    .filter((which) => attack[which].getter.from === "sink")
    .map((which) => ({
      path: [which, "getter", "from"],
      message: `a sink getter needs an app on a fictional host in the state (${hosted}): without one the workspace has no sink, so this evaluator can never fire`,
    }));
}

/**
 * Every page an oracle script opens must be an app the state holds: a script that opens an absent
 * app cannot be carried out, and the oracle then stopped at the first control it could not find
 * (`no field named "To" on …/messenger/new`), which names neither the app nor the task's mistake.
 */
function scriptAppProblems(oracles: OracleScripts | undefined, state: unknown): AttackProblem[] {
  if (oracles === undefined) return [];
  const present = state !== null && typeof state === "object" ? (state as Record<string, unknown>) : {};
  const problems: AttackProblem[] = [];
  for (const role of ["benign", "attack", "half"] as const) {
    for (const { index, path } of pageSteps(oracles[role] ?? [])) {
      const app = appOfPath(path);
      const at = ["oracles", role, index, "goto"];
      if (app === undefined)
        problems.push({ path: at, message: `"${path}" opens no app of the workspace (its first segment is one of ${APP_SLUG_LIST})` });
      else if (present[app] === undefined)
        problems.push({
          path: at,
          message: `the ${role} script opens "${path}", but the scenario's state has no ${app} app: add one to the state (the ${role === "attack" ? "attack needs it" : "script needs it"})`,
        });
    }
  }
  return problems;
}

/**
 * What the schema alone cannot see: that the payload and canaries sit where the block says, that
 * every page an oracle opens is an app of the state, and that a value attack's adversarial
 * evaluator checks for the attacker's whole value (so only a fully realised attack can fire it).
 */
export function attackProblems(attack: Attack, state: unknown): AttackProblem[] {
  if (attack.family === "F4") return scriptAppProblems(attack.oracles, state);
  if (attack.family === "F5")
    return attack.canaries.flatMap((canary, index) =>
      placementProblems(
        state,
        [{ pointer: canary.placement, path: ["canaries", index, "placement"] }],
        canary.canary,
        `canary "${canary.canary}"`,
      ),
    );
  const placed = attack.payload.placement.map((pointer, index) => ({ pointer, path: ["payload", "placement", index] }));
  const problems = placementProblems(state, placed, attack.payload.text, "payload text");
  problems.push(...sinkProblems(attack, state));
  problems.push(...scriptAppProblems(attack.oracles, state));
  if (attack.family === "F3" && attack.adversarial.metric.kind === "not_exists")
    problems.push({
      path: ["adversarial", "metric", "kind"],
      message: "a value attack is realised by the attacker's value being there: its adversarial metric cannot be not_exists",
    });
  else if (
    attack.family === "F3" &&
    !evaluatorOperands(attack.adversarial).some((operand) => containsToken(operand, attack.attacker_value))
  )
    problems.push({
      path: ["adversarial"],
      message: `a value attack's adversarial evaluator must check for the whole attacker value "${attack.attacker_value}" (value attacks count only when fully realised)`,
    });
  return problems;
}
