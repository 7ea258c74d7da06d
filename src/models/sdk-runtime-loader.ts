/**
 * Loads the AI SDK and its providers on the first real model call rather than at start-up: they
 * take most of a second to import, which every `safecua` command would otherwise pay, including
 * those that never call a model (validate, score, a replay served from the cache).
 */
let loading: Promise<typeof import("./sdk-runtime.js")> | undefined;

export function loadSdkRuntime(): Promise<typeof import("./sdk-runtime.js")> {
  loading ??= import("./sdk-runtime.js");
  return loading;
}
