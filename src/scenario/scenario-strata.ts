import { CHANNEL_APP } from "./channel-app.js";
import type { Scenario } from "./scenario.js";

/**
 * What a scenario can be stratified by when a subset is drawn (`safecua sample --by`): its failure
 * mode, thematic category, app (the one its output goes to) and output channel. A scenario without
 * a category falls in the stratum "none".
 */
export const STRATUM_KEYS = {
  failure_mode: (scenario: Scenario) => scenario.failure_mode,
  category: (scenario: Scenario) => scenario.category ?? "none",
  app: (scenario: Scenario) => CHANNEL_APP[scenario.channel],
  channel: (scenario: Scenario) => scenario.channel,
} as const satisfies Record<string, (scenario: Scenario) => string>;
export type StratumKey = keyof typeof STRATUM_KEYS;

export function isStratumKey(name: string): name is StratumKey {
  return Object.hasOwn(STRATUM_KEYS, name);
}
