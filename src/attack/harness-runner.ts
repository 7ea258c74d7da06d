import type { Browser } from "playwright-core";
import { type Agent, UI_ORACLES } from "../agents/index.js";
import type { EpisodeRecord } from "../records/index.js";
import { DEFAULT_E2E_SETTINGS, startE2eHarness } from "../runner/index.js";
import type { EpisodeOutcome, EpisodeRole, EpisodeRunner } from "./episode-outcome.js";

/** What the search reads of a record: its attack score, or why there is none. */
function outcomeOf(record: EpisodeRecord): EpisodeOutcome {
  if (record.status === "error") return { status: "error", message: `${record.error.kind}: ${record.error.message}` };
  const score = record.injection;
  if (!score) return { status: "error", message: "the episode was not scored as an injection task" };
  return { status: "scored", attacked: score.adversarial === true, completed: score.benign, attempted: (score.attempts?.length ?? 0) > 0 };
}

export interface HarnessRunner {
  run: EpisodeRunner;
  close(): Promise<void>;
}

/**
 * Episodes of the search through the end-to-end harness the bench uses (one workspace server, one
 * Chromium, a fresh workspace episode and browser context each): the agent under attack, and the
 * pack's oracle agents for validating variants. Sequential: the search decides each episode from
 * the last one's reward.
 */
export async function startHarnessRunner(options: {
  agent: Agent;
  runDir: string;
  seed: number;
  browser?: Browser;
}): Promise<HarnessRunner> {
  const harness = await startE2eHarness({
    runDir: options.runDir,
    settings: DEFAULT_E2E_SETTINGS,
    ...(options.browser && { browser: options.browser }),
  });
  const oracle = (id: string) => {
    const found = UI_ORACLES.find((agent) => agent.id === id);
    if (!found) throw new Error(`no oracle agent ${id}`);
    return found;
  };
  const agents: Record<EpisodeRole, Agent> = {
    agent: options.agent,
    "oracle-benign": oracle("oracle-benign"),
    "oracle-attack": oracle("oracle-attack"),
  };
  let count = 0;
  return {
    async run(scenario, role) {
      count += 1;
      const record = await harness.runEpisode({
        runId: `attack-${count}`,
        scenario,
        agent: agents[role],
        defense: "none",
        epoch: 0,
        seed: options.seed,
        matcher: "strict",
      });
      return outcomeOf(record);
    },
    close: () => harness.close(),
  };
}
