// Public API of the agents module: the contract (a state-grounded agent or a UI agent), the
// reference controls of both tracks, the scripted test roles and the instruction grammar they obey,
// the OCR reader of the pixel-reading roles, the LLM agents and the prompt defenses.
export { type Agent, type AgentReply, answered, type StateAgent } from "./agent.js";
export { DEFENSE_NAMES, DEFENSES } from "./defenses/builtin-defenses.js";
export { applyDefense, type Defense } from "./defenses/defense.js";
export { DefenseError, loadDefense, loadDefenseFile, resolveDefenses } from "./defenses/load-defense.js";
export { findInstruction, INSTRUCTION_GRAMMAR, type Instruction } from "./instructions/instruction-grammar.js";
export { findInstructionRead, repairOcrText, showsPayloadRead } from "./instructions/ocr-text.js";
export { showsPayload } from "./instructions/shows-payload.js";
export type { StateFormat } from "./llm/agent-user-message.js";
export { createLlmAgent, type LlmAgent, type LlmAgentReply } from "./llm/llm-agent.js";
export { ocrLanguagePath } from "./ocr/ocr-language-data.js";
export { closeOcr, type OcrEngine, OcrReader, readImage } from "./ocr/ocr-reader.js";
export { REFERENCE_AGENTS, referenceAgent } from "./reference-agents.js";
export { createLlmUiAgent } from "./ui/llm-ui-agent.js";
export { isNoteForUser, isUnspecifiedRecipient, namesMatch } from "./ui/recipient-names.js";
export { throughAppFronts, uiGullible, uiGullibleTree } from "./ui/scripted/ui-gullible.js";
export { UI_ORACLES } from "./ui/scripted/ui-oracles.js";
export type {
  PageStep,
  ScreenUiAgent,
  SelfObservingUiAgent,
  TerminalSources,
  UiAgent,
  UiDecision,
  UiEpisode,
  UiEpisodeInput,
  UiHints,
  UiHistoryEntry,
  UiStep,
  UiTurn,
} from "./ui/ui-agent.js";
export { UI_REFERENCE_AGENTS, UI_TEST_ROLES, uiScriptedAgent } from "./ui/ui-agents.js";
