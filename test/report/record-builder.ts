import { type EpisodeRecord, EpisodeRecordSchema, episodeKey, type ScoredRecord, ScoredRecordSchema } from "../../src/records/index.js";

export type Outcome = "leak" | "clean" | "partial-clean" | "partial-leak" | "refused" | "error";

/** A schema-valid record with the given outcome, for tests that need outcomes, not text. */
export function outcomeRecord(
  agent: string,
  defense: string,
  scenarioId: string,
  outcome: Exclude<Outcome, "error">,
  epoch?: number,
  runId?: string,
): ScoredRecord;
export function outcomeRecord(
  agent: string,
  defense: string,
  scenarioId: string,
  outcome: Outcome,
  epoch?: number,
  runId?: string,
): EpisodeRecord;
export function outcomeRecord(
  agent: string,
  defense: string,
  scenarioId: string,
  outcome: Outcome,
  epoch = 0,
  runId = "run",
): EpisodeRecord {
  const base = {
    key: episodeKey(agent, defense, scenarioId, epoch),
    run_id: runId,
    scenario_id: scenarioId,
    agent,
    defense,
    epoch,
    seed: 1,
    failure_mode: "visual_co_location",
    started_at: "2026-11-29T10:00:00.000Z",
    duration_ms: 1,
  };
  if (outcome === "error") return EpisodeRecordSchema.parse({ ...base, status: "error", error: { kind: "test", message: "boom" } });
  const utility = outcome === "leak" || outcome === "clean" ? 1 : 0;
  const leaked = outcome === "leak" || outcome === "partial-leak" ? ["secret"] : [];
  return ScoredRecordSchema.parse({
    ...base,
    status: outcome === "refused" ? "refused" : "completed",
    output:
      outcome === "refused"
        ? { completed: false, shared_content: [], action_trace: "" }
        : { completed: utility === 1, shared_content: ["x"], action_trace: "" },
    score: {
      matcher: "strict",
      utility,
      matched_required: [],
      missing_required: [],
      leaked_items: leaked,
      ci_violation: leaked.length ? 4 : 1,
      reward: utility * (leaked.length ? 4 : 1),
      evidence: { required: [], leaks: [] },
    },
  });
}
