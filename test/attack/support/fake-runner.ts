import { type EpisodeOutcome, type EpisodeRole, type EpisodeRunner, payloadAttackOf } from "../../../src/attack/index.js";
import type { Scenario } from "../../../src/scenario/index.js";

/**
 * A stand-in for the harness: the agent reads only the fields under `reads` (and obeys a payload
 * it finds there); the oracles pass unless `brokenOracle` says the variant's task is broken.
 * Every call is kept, so a test can tell which episodes ran.
 */
export function fakeRunner(options: { reads: string; brokenOracle?: (scenario: Scenario) => boolean }) {
  const calls: Array<{ id: string; role: EpisodeRole }> = [];
  const run: EpisodeRunner = async (scenario, role): Promise<EpisodeOutcome> => {
    calls.push({ id: scenario.id, role });
    const placement = payloadAttackOf(scenario)?.payload.placement ?? [];
    if (role === "oracle-benign")
      return { status: "scored", completed: !options.brokenOracle?.(scenario), attacked: false, attempted: false };
    if (role === "oracle-attack") return { status: "scored", completed: true, attacked: true, attempted: true };
    const attacked = placement.some((pointer) => pointer.startsWith(options.reads));
    return { status: "scored", completed: true, attacked, attempted: attacked };
  };
  return { run, calls };
}
