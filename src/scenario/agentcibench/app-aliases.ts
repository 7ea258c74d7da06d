import { APP_CATALOG } from "../app-catalog.js";
import { AGENTCIBENCH_APP_NAMES, type AgentCIBenchAppName } from "../workspace-state.js";

/**
 * The app keys of `initial_states` (docs/design/agentcibench-import.md, "App keys"). The reference
 * normalises these aliases before it checks the supported set; the released files use only the
 * canonical keys.
 */
const APP_KEY_ALIASES: Readonly<Record<string, string>> = {
  open_todos: "open_todo",
  open_messages: "open_messenger",
  open_message: "open_messenger",
  open_map: "open_maps",
  open_shop_app: "open_shop",
  open_store: "open_shop",
  open_codeeditor: "open_code_editor",
};

/** The supported app keys (each app's `agentcibench.key` in the catalog) and the app each one becomes. */
const APP_KEY_TO_APP: Readonly<Record<string, AgentCIBenchAppName>> = Object.fromEntries(
  AGENTCIBENCH_APP_NAMES.map((app) => [APP_CATALOG[app].agentcibench.key, app]),
);

export const SUPPORTED_APP_KEYS: readonly string[] = Object.keys(APP_KEY_TO_APP);

/** The supported key a raw key stands for (itself or its alias target), or undefined. */
export function canonicalAppKey(key: string): string | undefined {
  const target = Object.hasOwn(APP_KEY_ALIASES, key) ? APP_KEY_ALIASES[key] : key;
  return target !== undefined && Object.hasOwn(APP_KEY_TO_APP, target) ? target : undefined;
}

export function appForKey(key: string): AgentCIBenchAppName | undefined {
  const canonical = canonicalAppKey(key);
  return canonical === undefined ? undefined : APP_KEY_TO_APP[canonical];
}
