// The guarded agent (SA-CUA; docs/design/guarded-agent.md): planner over the masked screen,
// quarantined typed queries, endorsement, policy gate; and the scripted roles that make its
// guarantees testable.
export type { GuardedRoles } from "./episode/guarded-episode.js";
export { createGuardedAgent } from "./guarded-agent.js";
export type { PageRulesFor } from "./screen/guarded-screen.js";
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
export { classifyTerminalLine } from "./terminal/terminal-line-taint.js";
export { TerminalWatch } from "./terminal/terminal-watch.js";
export { PLANNER_REPLY_SCHEMA_NAME, type ToolCall } from "./tools/tool-call.js";
