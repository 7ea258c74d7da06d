import type { ObservationMode } from "../browser/index.js";

/** The end-to-end settings a run is started with and resumed under (stored in its manifest). */
export interface E2eTrackSettings {
  max_steps: number;
  observation: ObservationMode;
}

export const DEFAULT_E2E_SETTINGS: E2eTrackSettings = { max_steps: 20, observation: "axtree" };
