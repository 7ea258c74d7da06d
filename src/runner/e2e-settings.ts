import type { ObservationMode } from "../browser/index.js";
import type { GuardRoleSpecs } from "./guarded-agent-spec.js";

/** The end-to-end settings a run is started with and resumed under (stored in its manifest). */
export interface E2eTrackSettings {
  max_steps: number;
  observation: ObservationMode;
  /** The guarded agent's role models, when set (`--q-model` and the like); a resume rebuilds the agents from them. */
  guard?: GuardRoleSpecs;
  /** The browser timeout's base in ms (`--browser-timeout`); absent: the default (`DEFAULT_BROWSER_TIMEOUT_MS`). */
  browser_timeout_ms?: number;
}

export const DEFAULT_E2E_SETTINGS: E2eTrackSettings = { max_steps: 20, observation: "axtree" };
