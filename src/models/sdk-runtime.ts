/**
 * The AI SDK and its providers. Imported only through `loadSdkRuntime()` (sdk-runtime-loader.ts),
 * on the first real model call.
 */
export { generateText } from "ai";
export { createLanguageModel } from "./provider-model.js";
