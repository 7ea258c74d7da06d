import { canonicalJson } from "../../core/index.js";
import { type AgentInput, renderStateText } from "../../scenario/index.js";

/**
 * How the app state is shown to the model. `json` (default): canonical JSON of the state, keys
 * sorted at every depth — lossless by construction and the same representation the reference
 * used (minus its labels), so results stay comparable with the paper. `text`: the
 * human-readable rendering (`renderStateText`), for studying representation effects.
 * See docs/design/llm-agent.md.
 */
export type StateFormat = "json" | "text";

/**
 * The user message: the request, the scenario clock when there is one, and the state. Built
 * from `AgentInput` only, which by construction has no id, labels, items or rationale.
 */
export function agentUserMessage(input: AgentInput, format: StateFormat = "json"): string {
  const parts = ["## Request", input.task];
  if (input.now !== undefined) parts.push("", "## Current date and time", input.now);
  parts.push(
    "",
    format === "json" ? "## The user's apps (JSON)" : "## The user's apps",
    format === "json" ? canonicalJson(input.state, { indent: 2 }) : renderStateText(input.state),
  );
  return parts.join("\n");
}
