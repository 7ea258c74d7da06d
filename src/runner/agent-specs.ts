import {
  type Agent,
  createLlmAgent,
  createLlmUiAgent,
  type Defense,
  loadDefense,
  loadDefenseFile,
  REFERENCE_AGENTS,
  referenceAgent,
  UI_REFERENCE_AGENTS,
  UI_TEST_ROLES,
  uiScriptedAgent,
} from "../agents/index.js";
import type { ObservationMode } from "../browser/index.js";
import { InputError } from "../core/index.js";
import type { ModelSetup } from "../models/index.js";
import type { RunManifest } from "../records/index.js";
import { type GuardRoleSpecs, guardedAgentFor, isGuardedSpec } from "./guarded-agent-spec.js";
import type { Arm } from "./run-episodes.js";

export const TRACKS = ["state-grounded", "e2e"] as const;
export type Track = (typeof TRACKS)[number];

/** The agents a run has when none are named, per track. `ci-rules` filters structured items, which a screen does not hand over. */
export const DEFAULT_AGENTS: Record<Track, readonly string[]> = {
  "state-grounded": REFERENCE_AGENTS.map((agent) => agent.id),
  e2e: UI_REFERENCE_AGENTS.map((agent) => agent.id),
};

/** A spec names a model when it has a provider prefix (`openai:…`); reference agents have none. */
export function isModelSpec(id: string): boolean {
  return id.includes(":");
}

/** A state-grounded reference agent, or an LLM agent over `models`' client for the spec, under `defense`. */
export function stateAgentFor(id: string, defense: Defense, models: ModelSetup): Agent {
  if (isGuardedSpec(id))
    throw new InputError("the guarded agent runs in the end-to-end track only (it acts on pages); use --track e2e", {
      file: `--agent ${id}`,
    });
  if (isModelSpec(id)) return createLlmAgent({ client: models.client(id), defense, id });
  const agent = referenceAgent(id);
  if (!agent && UI_TEST_ROLES.some((role) => role.id === id))
    throw new InputError(`${id} runs in the end-to-end track only (it acts on pages); use --track e2e`, { file: `--agent ${id}` });
  if (!agent)
    throw new InputError(
      `unknown agent (known: ${REFERENCE_AGENTS.map((known) => known.id).join(", ")}, or provider:model such as openai:gpt-4o-mini)`,
      { file: `--agent ${id}` },
    );
  return agent;
}

/**
 * The end-to-end version of an agent id: the scripted UI agent of that name (a reference agent's
 * UI version or a test role such as `gullible`), or an LLM UI agent over the model.
 */
export function uiAgentFor(
  id: string,
  defense: Defense,
  models: ModelSetup,
  observation: ObservationMode,
  guard: GuardRoleSpecs = {},
): Agent {
  if (isGuardedSpec(id)) return guardedAgentFor(id, defense, models, guard);
  if (isModelSpec(id)) return createLlmUiAgent({ client: models.client(id), defense, id, observation });
  const agent = uiScriptedAgent(id);
  if (!agent) {
    const hint = id === "ci-rules" ? "ci-rules has no UI version (it filters structured state items); " : "";
    const known = [...DEFAULT_AGENTS.e2e, ...UI_TEST_ROLES.map((role) => `${role.id} (test role)`)];
    throw new InputError(
      `not available in the end-to-end track; ${hint}known: ${known.join(", ")}, guarded:<planner>, ucm:<planner>, or provider:model`,
      {
        file: `--agent ${id}`,
      },
    );
  }
  return agent;
}

export type AgentResolver = (id: string, defense: Defense) => Agent;

/**
 * How an agent id becomes an agent in a track: a UI agent in e2e (seeing `observation`; a
 * guarded agent's other roles from `guard`), else a state-grounded one.
 */
export function agentResolver(track: Track, models: ModelSetup, observation: ObservationMode, guard: GuardRoleSpecs = {}): AgentResolver {
  return track === "e2e"
    ? (id, defense) => uiAgentFor(id, defense, models, observation, guard)
    : (id, defense) => stateAgentFor(id, defense, models);
}

/** Agents × defenses: reference agents need no prompt and run once, under `none` (a warning says so). */
export function buildArms(
  agentIds: readonly string[],
  defenses: readonly Defense[],
  resolve: AgentResolver,
  warn: (line: string) => void,
): Arm[] {
  const arms: Arm[] = [];
  for (const id of agentIds) {
    const under = isModelSpec(id) ? defenses : defenses.filter((defense) => defense.name === "none");
    if (!isModelSpec(id) && under.length < defenses.length) warn(`--defense: ${id} takes no prompt, so it runs under "none" only`);
    if (under.length === 0) {
      const none = loadDefense("none");
      arms.push({ agent: resolve(id, none), defense: none.name });
      continue;
    }
    for (const defense of under) arms.push({ agent: resolve(id, defense), defense: defense.name });
  }
  return arms;
}

/** The defense a resumed run used, reloaded from its manifest and checked against its hash. */
export function defenseFromManifest(name: string, manifest: RunManifest, manifestPath: string): Defense {
  const source = manifest.defense_sources?.find((entry) => entry.name === name);
  const defense = source?.path !== undefined ? loadDefenseFile(source.path) : loadDefense(name);
  if (source && source.sha256 !== defense.sha256) {
    throw new InputError(`the defense "${name}" changed since the run started (${source.path ?? "built-in"}); start a new run instead`, {
      file: manifestPath,
      path: "$.defense_sources",
    });
  }
  return defense;
}
