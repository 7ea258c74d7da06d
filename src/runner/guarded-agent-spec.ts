import { type Agent, type Defense, throughAppFronts, type UiHints } from "../agents/index.js";
import { InputError } from "../core/index.js";
import {
  createGuardedAgent,
  GUARD_ABLATION_NAMES,
  type GuardAblation,
  genericPlan,
  isGuardAblation,
  isScriptedRole,
  memoryRuleSetTarget,
  PlanSchema,
  type PlanStep,
  ProposedRuleCache,
  planFromOracle,
  planProblems,
  RuleStore,
  SCRIPTED_ROLES,
  type ScriptedInjection,
  type ScriptedRoleClient,
  scriptedRoleClient,
} from "../guard/index.js";
import type { ModelClient, ModelSetup } from "../models/index.js";

const GUARDED_PREFIX = "guarded:";
/**
 * The UCM baseline (docs/design/guarded-agent.md, "`ucm:<planner>`: the UCM baseline"): the guarded
 * agent with typed quarantined answers accepted without endorsement.
 */
const UCM_PREFIX = "ucm:";

/** The models of the guarded agent's other roles (`--q-model`, `--crosscheck-model`, `--classifier-model`); unset ones follow the planner. */
export interface GuardRoleSpecs {
  q_model?: string;
  crosscheck_model?: string;
  classifier_model?: string;
  /** The rule proposer's model (`--propose-model`; default the planner's when it is a model). */
  propose_model?: string;
  /** `--no-propose`: a page without a stored rule set is masked whole. */
  no_propose?: boolean;
  /** `--guard-ablate`: protections switched off for every guarded agent of the run (names of `GUARD_ABLATIONS`). */
  ablate?: string[];
}

/**
 * Checks ablation names and returns them once each, in `GUARD_ABLATION_NAMES` order, so that the
 * same set always gives the same label whatever order it was typed in. An unknown name is an
 * input error that lists the valid ones.
 */
export function parseGuardAblations(names: readonly string[], where: string): GuardAblation[] {
  const given = names.map((name) => name.trim()).filter((name) => name !== "");
  const unknown = given.filter((name) => !isGuardAblation(name));
  if (unknown.length > 0)
    throw new InputError(
      `unknown guard ablation ${unknown.map((name) => `"${name}"`).join(", ")}; valid: ${GUARD_ABLATION_NAMES.join(", ")}`,
      {
        file: where,
      },
    );
  return GUARD_ABLATION_NAMES.filter((name) => given.includes(name));
}

/**
 * A guarded agent's id is its label: the planner spec, then ` -name` for each protection switched
 * off (`guarded:scripted -echo-demotion`). Summaries group by id, so an ablated row is never
 * pooled with the full guard's, and a resume rebuilds the same agent from the id alone.
 */
function ablatedLabel(base: string, ablate: readonly GuardAblation[]): string {
  return [base, ...ablate.map((name) => `-${name}`)].join(" ");
}

/** Splits `guarded:scripted -echo-demotion -containment` into the base id and the names after it. */
function splitAblatedId(id: string): { base: string; names: string[] } {
  const [base = "", ...names] = id.trim().split(/\s+-(?=\S)/);
  return { base: base.trim(), names };
}

/** `guarded:<planner>` or `ucm:<planner>`: the agents built on the guard. */
export function isGuardedSpec(id: string): boolean {
  return id.startsWith(GUARDED_PREFIX) || id.startsWith(UCM_PREFIX);
}

/** Which model each role uses: quarantined and classifier default to the planner's, crosscheck to the quarantined one's. */
export function guardRoles(
  planner: string,
  specs: GuardRoleSpecs,
): { planner: string; quarantined: string; crosscheck: string; classifier: string } {
  const quarantined = specs.q_model ?? planner;
  return { planner, quarantined, crosscheck: specs.crosscheck_model ?? quarantined, classifier: specs.classifier_model ?? planner };
}

/** `where` names the flag and value, as the error should show them. */
function checkRoleSpec(spec: string, where: string): void {
  if (!isScriptedRole(spec) && !spec.includes(":"))
    throw new InputError(
      `not a model: give provider:model (openai:…, anthropic:…, openai-compatible:NAME) or a scripted role (${SCRIPTED_ROLES.join(", ")})`,
      {
        file: where,
      },
    );
}

/**
 * The benign scripted planner's plan for an episode: the one stored with the task, else the
 * task's benign oracle script translated to plan steps (an injection task's own way through its
 * pages), else the generic plan for its channel. Exported for the scripted-role server of tests
 * and benches, which must plan exactly as the in-process roles do.
 */
export function scriptedPlanOf(hints: UiHints): PlanStep[] {
  if (hints.plan === undefined) return hints.oracles?.benign ? planFromOracle(hints.oracles.benign) : genericPlan(hints);
  const parsed = PlanSchema.safeParse(hints.plan);
  if (parsed.success) return parsed.data;
  const problem = planProblems(hints.plan)[0] ?? { path: [], message: parsed.error.issues[0]!.message };
  throw new InputError(problem.message, { file: "the scenario's guard.plan", path: `guard.plan.${problem.path.join(".")}` });
}

/**
 * What `gullible` and `compromised` know of an episode's attack, from its hints (scripted roles
 * only). `gullible`'s way through the task is the one `guarded:scripted` takes: the task's stored
 * `guard.plan` when it has one (its queries and endorsements included, so it completes only by
 * reading what the plan reads), else the benign oracle translated, each app's front page first.
 */
export function scriptedInjectionOf(hints: UiHints): ScriptedInjection {
  const { oracles } = hints;
  const benignPlan =
    hints.plan !== undefined ? scriptedPlanOf(hints) : oracles?.benign ? planFromOracle(throughAppFronts(oracles.benign)) : undefined;
  return {
    ...(hints.payload !== undefined && { payload: hints.payload }),
    ...(hints.attackerValue !== undefined && { attackerValue: hints.attackerValue }),
    ...(oracles?.attack && { attackPlan: planFromOracle(oracles.attack) }),
    ...(benignPlan && { benignPlan }),
  };
}

/**
 * `guarded:<planner>`: the guarded agent with the planner (a model spec or a scripted role) and
 * the other roles from `specs`. Model roles share one client per spec; scripted roles are made per
 * episode (the benign planner reads its plan from the episode's hints). `ucm:<planner>` is the same
 * agent with typed quarantined answers accepted without endorsement (the UCM baseline).
 */
export function guardedAgentFor(givenId: string, defense: Defense, models: ModelSetup, specs: GuardRoleSpecs): Agent {
  const { base: id, names } = splitAblatedId(givenId);
  // Names in the id (a resumed run's, or typed with --agent) and --guard-ablate's add up.
  const ablate = parseGuardAblations(
    [...parseGuardAblations(names, `--agent ${givenId}`), ...parseGuardAblations(specs.ablate ?? [], "--guard-ablate")],
    "--guard-ablate",
  );
  const ucm = id.startsWith(UCM_PREFIX);
  const prefix = ucm ? UCM_PREFIX : GUARDED_PREFIX;
  const planner = id.slice(prefix.length);
  if (planner === "")
    throw new InputError(`${prefix} needs a planner, e.g. ${prefix}openai:gpt-4o or ${prefix}scripted`, { file: `--agent ${id}` });
  checkRoleSpec(planner, `--agent ${id}`);
  if (specs.q_model) checkRoleSpec(specs.q_model, `--q-model ${specs.q_model}`);
  if (specs.crosscheck_model) checkRoleSpec(specs.crosscheck_model, `--crosscheck-model ${specs.crosscheck_model}`);
  if (specs.classifier_model) checkRoleSpec(specs.classifier_model, `--classifier-model ${specs.classifier_model}`);
  if (specs.propose_model && !specs.propose_model.includes(":"))
    throw new InputError("not a model: give provider:model (the proposer has no scripted role)", {
      file: `--propose-model ${specs.propose_model}`,
    });
  const roles = guardRoles(planner, specs);
  const shared = new Map<string, ModelClient>();
  for (const spec of Object.values(roles)) if (!isScriptedRole(spec) && !shared.has(spec)) shared.set(spec, models.client(spec));
  // Hints (plans, payloads, oracle scripts) reach scripted roles only; a model client is shared and never sees them.
  const clientFor = (spec: string, hints: UiHints): ScriptedRoleClient => {
    if (!isScriptedRole(spec)) return shared.get(spec)!;
    return scriptedRoleClient(spec, spec === "scripted" ? scriptedPlanOf(hints) : undefined, scriptedInjectionOf(hints));
  };
  // Proposals need a model: with a scripted planner and no --propose-model, pages without rules stay masked whole.
  const proposeSpec = specs.no_propose ? undefined : (specs.propose_model ?? (isScriptedRole(planner) ? undefined : planner));
  const proposer = proposeSpec === undefined ? undefined : (shared.get(proposeSpec) ?? models.client(proposeSpec));
  return createGuardedAgent({
    id: ablatedLabel(id, ablate),
    defense,
    ...(ucm && { acceptAnswers: true }),
    ...(ablate.length > 0 && { ablate: new Set(ablate) }),
    ...(proposer !== undefined && { proposals: new ProposedRuleCache(memoryRuleSetTarget(new RuleStore()), { proposer }) }),
    roles: (_input, hints) => {
      const planner = clientFor(roles.planner, hints);
      return {
        planner,
        quarantined: clientFor(roles.quarantined, hints),
        crosscheck: clientFor(roles.crosscheck, hints),
        classifier: clientFor(roles.classifier, hints),
        ...(planner.see && { plannerSight: planner.see }),
        ...(planner.controls && { plannerControls: planner.controls }),
      };
    },
  });
}
