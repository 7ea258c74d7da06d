import type { Scenario } from "../scenario/index.js";

/** Who plays an episode of the search: the agent under attack, or one of the task's oracles (validation). */
export type EpisodeRole = "agent" | "oracle-benign" | "oracle-attack";

/** What the search reads of an episode: the attack's score, or the error that stopped it. */
export type EpisodeOutcome =
  | { status: "scored"; attacked: boolean; completed: boolean; attempted: boolean }
  | { status: "error"; message: string };

/** Runs one episode of a task. The CLI's is the end-to-end harness; tests give a fake. */
export type EpisodeRunner = (scenario: Scenario, role: EpisodeRole) => Promise<EpisodeOutcome>;
