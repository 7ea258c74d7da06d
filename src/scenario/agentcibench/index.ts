/**
 * The released AgentCIBench format (scenario and seed JSON files, CC BY 4.0) → canonical scenarios.
 * See docs/design/agentcibench-import.md for the format and its variants.
 */
export { pythonStr } from "../python-str.js";
export { fromAgentCIBench, isAgentCIBenchRecord } from "./from-agentcibench.js";
export { inferCategory } from "./infer-category.js";
export { inferChannel } from "./infer-channel.js";
export { inferRecipient } from "./infer-recipient.js";
