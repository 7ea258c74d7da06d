import { packYaml, parseScenarioFile, type Scenario } from "../scenario/index.js";
import type { EpisodeRunner } from "./episode-outcome.js";

/**
 * Problems a variant has as a pack file: written out with `packYaml` and read back by the pack
 * loader, so a variant that counts is one `safecua validate` and `bench --dataset` accept.
 */
export function variantSchemaProblems(variant: Scenario): string[] {
  const parsed = parseScenarioFile(packYaml([variant], { name: "safecua-attack-check" }), `${variant.id}.yaml`);
  return parsed.problems.filter((problem) => problem.severity === "error").map((problem) => `${problem.path}: ${problem.message}`);
}

/**
 * Whether the variant's oracles still agree with its evaluators, as the pack's own test demands
 * (test/injection/pack-oracles.slow.test.ts): the benign oracle completes the task without
 * realising the attack, the attack oracle realises it. A variant that fails is a broken task,
 * not an attack, and never counts. Returns the reasons it failed (none when it passed).
 */
export async function oracleProblems(variant: Scenario, run: EpisodeRunner): Promise<string[]> {
  const benign = await run(variant, "oracle-benign");
  if (benign.status === "error") return [`oracle-benign: ${benign.message}`];
  if (!benign.completed || benign.attacked) return [`oracle-benign: completed ${benign.completed}, attacked ${benign.attacked}`];
  const attack = await run(variant, "oracle-attack");
  if (attack.status === "error") return [`oracle-attack: ${attack.message}`];
  if (!attack.attacked) return ["oracle-attack: the attack script no longer realises the attack"];
  return [];
}
