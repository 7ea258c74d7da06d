import { applyDefense, type Defense, type SelfObservingUiAgent, type UiEpisodeInput, type UiHints } from "../../agents/index.js";
import type { GuardAblation } from "../guard-ablation.js";
import type { ProposedRuleCache } from "../propose/proposed-rule-cache.js";
import type { Contact } from "./contacts/contact-directory.js";
import { terminalEndorsementSources } from "./endorse/terminal-endorsement-sources.js";
import { GUARDED_LIMITS, GuardedEpisode, type GuardedLimits, type GuardedRoles } from "./episode/guarded-episode.js";
import { plannerSystemPrompt } from "./planner/planner-prompt.js";
import { type AppAdapter, WORKSPACE_ADAPTERS } from "./reveal/app-adapters.js";
import type { PageRulesFor } from "./screen/guarded-screen.js";
import { workspacePageRules } from "./screen/workspace-page-rules.js";

export interface GuardedAgentOptions {
  /** Record id; default `guarded:<planner spec>`. */
  id?: string;
  /** The models of one episode; a function when they depend on the episode (a scripted planner reads its plan from the hints). */
  roles: GuardedRoles | ((input: UiEpisodeInput, hints: UiHints) => GuardedRoles);
  /** Applied to the planner's system prompt, as prompt defenses apply to every agent. */
  defense?: Defense;
  limits?: Partial<GuardedLimits>;
  /** Rule sets per page, from the episode's first address; default: the workspace's shipped rule sets. */
  rulesFor?: (firstUrl: string) => PageRulesFor;
  adapters?: Readonly<Record<string, AppAdapter>>;
  /** The agent's own account name, for `scope: "self"` rules. */
  userIdentity?: string;
  /**
   * Proposes rule sets for pages `rulesFor` has none for, shared by all episodes of the agent (one
   * proposal per template in a run). Absent: such pages are masked whole (`--no-propose`).
   */
  proposals?: ProposedRuleCache;
  /** The `ucm:` baseline: typed quarantined answers accepted without endorsement (`GuardedEpisodeSettings.acceptAnswers`). */
  acceptAnswers?: boolean;
  /** Protections switched off for an ablation run (`GuardedEpisodeSettings.ablate`); absent: the full guard. */
  ablate?: ReadonlySet<GuardAblation>;
}

/** Hosts an untrusted URL may be fetched from: the operator's own (the workspace's) plus the task's. */
function allowlistFor(firstUrl: string, extra: readonly string[] | undefined): ReadonlySet<string> {
  const hosts = new Set((extra ?? []).map((host) => host.toLowerCase()));
  try {
    hosts.add(new URL(firstUrl).hostname.toLowerCase());
  } catch {
    // An episode that starts on no address has no operator host.
  }
  return hosts;
}

/**
 * The guarded agent (SA-CUA; docs/design/guarded-agent.md): a UI agent of the end-to-end track that
 * observes for itself. Its planner sees only the masked screen and fixed texts; values are read by
 * a quarantined model into variables, endorsed against trusted evidence, and every call passes the
 * policy gate before it reaches the page.
 */
export function createGuardedAgent(options: GuardedAgentOptions): SelfObservingUiAgent {
  const limits: GuardedLimits = { ...GUARDED_LIMITS, ...options.limits };
  const defense = options.defense;
  const system = defense ? applyDefense(defense, plannerSystemPrompt()) : plannerSystemPrompt();
  const probe = typeof options.roles === "function" ? undefined : options.roles;
  const id = options.id ?? `guarded:${probe?.planner.spec ?? "planner"}`;
  return {
    track: "e2e",
    id,
    description: `${options.acceptAnswers ? "UCM baseline (mask, typed answers accepted without endorsement)" : "guarded agent (SA-CUA)"}: planner ${probe?.planner.spec ?? "per episode"}, quarantined ${probe?.quarantined.spec ?? "per episode"}${defense ? `, defense ${defense.name}` : ""}${options.ablate?.size ? `, ablated: ${[...options.ablate].join(", ")}` : ""}`,
    observation: "self",
    start(input, hints, context) {
      const roles = typeof options.roles === "function" ? options.roles(input, hints) : options.roles;
      return new GuardedEpisode(
        {
          task: input.task,
          ...(input.looseTask !== undefined && { looseTask: input.looseTask }),
          ...(input.now !== undefined && { now: input.now }),
          directory: (input.directory ?? []) as Contact[],
          seed: context.seed,
          ...(context.signal && { signal: context.signal }),
        },
        {
          roles,
          system,
          limits,
          rulesFor: options.rulesFor ?? workspacePageRules,
          adapters: options.adapters ?? WORKSPACE_ADAPTERS,
          fetchAllowlist: (firstUrl) => allowlistFor(firstUrl, input.fetchAllowlist),
          ...(input.terminalFiles !== undefined && { terminalFiles: input.terminalFiles }),
          ...(input.ownedFiles !== undefined && { ownedFiles: input.ownedFiles }),
          ...(input.terminalSources !== undefined && { endorsementSources: terminalEndorsementSources(input.terminalSources) }),
          ...(options.userIdentity !== undefined && { userIdentity: options.userIdentity }),
          ...(options.proposals !== undefined && { proposals: options.proposals }),
          ...(options.acceptAnswers && { acceptAnswers: true }),
          ...(options.ablate !== undefined && options.ablate.size > 0 && { ablate: options.ablate }),
        },
      );
    },
  };
}
