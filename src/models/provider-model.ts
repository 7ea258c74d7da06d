import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { COMPATIBLE_PROVIDER_NAME } from "./compatible-provider-name.js";
import type { ResolvedEndpoint } from "./resolve-endpoint.js";

/**
 * The AI SDK model behind a resolved endpoint. OpenAI goes through `.chat()` (Chat Completions),
 * not the SDK's default Responses API: it is what every OpenAI-compatible server and proxy speaks,
 * so one mock and one code path cover hosted and local models alike.
 */
export function createLanguageModel(endpoint: ResolvedEndpoint, apiKey: string | undefined): LanguageModel {
  switch (endpoint.provider) {
    case "openai":
      return createOpenAI({ baseURL: endpoint.baseUrl, apiKey: apiKey ?? "" }).chat(endpoint.modelId);
    case "anthropic":
      return createAnthropic({ baseURL: endpoint.baseUrl, apiKey: apiKey ?? "" }).languageModel(endpoint.modelId);
    case "openai-compatible":
      return createOpenAICompatible({
        name: COMPATIBLE_PROVIDER_NAME,
        baseURL: endpoint.baseUrl,
        ...(apiKey !== undefined ? { apiKey } : {}),
        supportsStructuredOutputs: endpoint.structuredOutputs,
        includeUsage: true,
      }).chatModel(endpoint.modelId);
  }
}
