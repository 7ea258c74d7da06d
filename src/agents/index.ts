export { type Agent, type AgentContext, type AgentOutput, AgentOutputSchema } from "./agent.js";
export { DEFENSE_NAMES, DEFENSES, type DefenseName, isDefenseName } from "./defenses/builtin-defenses.js";
export { applyDefense, type Defense } from "./defenses/defense.js";
export { ALL_DEFENSES, DefenseError, loadDefense, loadDefenseFile, resolveDefenses } from "./defenses/load-defense.js";
export { AGENT_REPLY_SCHEMA_NAME, type AgentReply, AgentReplySchema } from "./llm/agent-reply-schema.js";
export { AGENT_SYSTEM_PROMPT } from "./llm/agent-system-prompt.js";
export { agentUserMessage, STATE_FORMATS, type StateFormat } from "./llm/agent-user-message.js";
export { type CallUsage, callUsage } from "./llm/call-usage.js";
export { createLlmAgent, type LlmAgent, type LlmAgentOptions, type LlmAgentResult } from "./llm/llm-agent.js";
export { ReplyParseError } from "./llm/reply-parse-error.js";
export { type Audience, audienceOf } from "./reference/audience.js";
export { ciRules } from "./reference/ci-rules.js";
export { minimal } from "./reference/minimal.js";
export { oversharer } from "./reference/oversharer.js";
export { refuser } from "./reference/refuser.js";
export { SENSITIVE_TOPICS, type SensitiveTopic, sensitiveTopics } from "./reference/sensitive-topics.js";
export { type StateItem, stateItems } from "./reference/state-items.js";
export { appsTouchedByTask } from "./reference/task-apps.js";
export { REFERENCE_AGENTS, referenceAgent } from "./reference-agents.js";
export { createLlmUiAgent, type LlmUiAgent, type LlmUiAgentOptions } from "./ui/llm-ui-agent.js";
export { isNoteForUser, isUnspecifiedRecipient, namesMatch, nameWords } from "./ui/recipient-names.js";
export { contentLines } from "./ui/scripted/page-reading.js";
export { scriptedUiAgent, type UiScript } from "./ui/scripted/scripted-ui-agent.js";
export { uiMinimal } from "./ui/scripted/ui-minimal.js";
export { uiOversharer } from "./ui/scripted/ui-oversharer.js";
export { uiRefuser } from "./ui/scripted/ui-refuser.js";
export {
  isUiAgent,
  type UiAgent,
  type UiDecision,
  type UiEpisode,
  type UiEpisodeInput,
  type UiHints,
  type UiHistoryEntry,
  UiReplyError,
  type UiStep,
} from "./ui/ui-agent.js";
export { UI_REFERENCE_AGENTS, uiReferenceAgent } from "./ui/ui-agents.js";
export { historyText, MAX_AXTREE_CHARS, observationText } from "./ui/ui-observation-text.js";
export { UI_REPLY_SCHEMA_NAME, type UiReply, UiReplySchema } from "./ui/ui-reply-schema.js";
export { uiSystemPrompt } from "./ui/ui-system-prompt.js";
