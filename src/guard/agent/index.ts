// The guarded agent (SA-CUA; docs/design/guarded-agent.md): planner over the masked screen,
// quarantined typed queries, endorsement, policy gate; and the scripted roles that make its
// guarantees testable.
export type { Contact } from "./contacts/contact-directory.js";
export { CAPABILITIES, type Capability } from "./endorse/capabilities.js";
export { type EndorsementSources, NO_ENDORSEMENT_SOURCES } from "./endorse/endorsement-sources.js";
export {
  inMemoryRegistry,
  type PackageRegistry,
  type RegistryCuration,
  type RegistrySet,
  registrySet,
} from "./endorse/package-registry.js";
export { GUARDED_LIMITS, type GuardedLimits, type GuardedRoles } from "./episode/guarded-episode.js";
export { REASON_CODES, type ReasonCode } from "./gate/reason-codes.js";
export { createGuardedAgent, type GuardedAgentOptions } from "./guarded-agent.js";
export type { PageRules, PageRulesFor } from "./screen/guarded-screen.js";
export { workspacePageRules } from "./screen/workspace-page-rules.js";
export { genericPlan } from "./scripted/generic-plan.js";
export { planFromOracle } from "./scripted/oracle-plan.js";
export { PlanSchema, type PlanStep, planProblems, scenarioPlanProblems } from "./scripted/plan-step.js";
export {
  isScriptedRole,
  SCRIPTED_ROLES,
  type ScriptedInjection,
  type ScriptedRole,
  type ScriptedRoleClient,
  scriptedRoleClient,
} from "./scripted/scripted-roles.js";
export {
  classifyTerminalLine,
  type PathOwnership,
  type TaintReason,
  type TerminalLineContext,
  type TerminalLineVerdict,
} from "./terminal/terminal-line-taint.js";
export { TerminalTrust } from "./terminal/terminal-trust.js";
export { type TerminalFiles, type TerminalLayout, TerminalWatch, UNKNOWN_FILES, WORKSPACE_TERMINAL } from "./terminal/terminal-watch.js";
export { PLANNER_REPLY_SCHEMA_NAME, TOOL_NAMES, type ToolCall, type ToolName } from "./tools/tool-call.js";
