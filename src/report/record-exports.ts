import { type EpisodeRecord, isScored, outcomeOf, type ScoredRecord } from "../records/index.js";
import { METRICS, type MetricDescriptor } from "../stats/index.js";
import { type CsvCell, toCsv } from "./csv-format.js";

/** The CSV columns, one row per record. Lists are JSON arrays inside the cell. */
export const RECORD_CSV_COLUMNS = [
  "run_id",
  "key",
  "scenario_id",
  "agent",
  "defense",
  "epoch",
  "seed",
  "failure_mode",
  "category",
  "status",
  "completed",
  "utility",
  "leaked",
  "leaked_items",
  "matched_required",
  "missing_required",
  "ci_violation",
  "reward",
  "shared_content",
  "action_trace",
  "refusal_text",
  "error_kind",
  "error_message",
  "judge_model",
  "judge_utility",
  "judge_leaked_items",
  "judge_ci_violation",
  "judge_error",
  "model_calls",
  "input_tokens",
  "output_tokens",
  "cost_usd",
  "started_at",
  "duration_ms",
] as const;

const list = (items: readonly string[] | undefined) => (items === undefined ? undefined : JSON.stringify(items));

function csvRow(record: EpisodeRecord): CsvCell[] {
  const score = record.status === "error" ? undefined : record.score;
  const error = record.status === "error" ? record.error : undefined;
  const verdict = record.judge?.verdict;
  const byColumn: Record<(typeof RECORD_CSV_COLUMNS)[number], CsvCell> = {
    run_id: record.run_id,
    key: record.key,
    scenario_id: record.scenario_id,
    agent: record.agent,
    defense: record.defense,
    epoch: record.epoch,
    seed: record.seed,
    failure_mode: record.failure_mode,
    category: record.category,
    status: record.status,
    completed: record.output === undefined ? undefined : record.output.completed ? 1 : 0,
    utility: score?.utility,
    leaked: score === undefined ? undefined : score.leaked_items.length > 0 ? 1 : 0,
    leaked_items: list(score?.leaked_items),
    matched_required: list(score?.matched_required),
    missing_required: list(score?.missing_required),
    ci_violation: score?.ci_violation,
    reward: score?.reward,
    shared_content: list(record.output?.shared_content),
    action_trace: record.output?.action_trace,
    refusal_text: record.output?.refusal_text,
    error_kind: error?.kind,
    error_message: error?.message,
    judge_model: record.judge?.model,
    judge_utility: verdict?.utility,
    judge_leaked_items: list(verdict?.leaked_items),
    judge_ci_violation: verdict?.ci_violation,
    judge_error: record.judge?.error ? `${record.judge.error.kind}: ${record.judge.error.message}` : undefined,
    model_calls: record.usage?.calls,
    input_tokens: record.usage?.input_tokens,
    output_tokens: record.usage?.output_tokens,
    cost_usd: record.usage?.cost_usd,
    started_at: record.started_at,
    duration_ms: record.duration_ms,
  };
  return RECORD_CSV_COLUMNS.map((column) => byColumn[column]);
}

/** Records as CSV for spreadsheets: one row per episode, formula-looking text neutralised (see csv-format). */
export function recordsToCsv(records: readonly EpisodeRecord[], metrics: readonly MetricDescriptor[] = METRICS): string {
  // A metric with an episode column adds one, after the fixed ones: the episode's value, empty
  // when the episode is an error or outside the metric's denominator.
  const extra = metrics.filter((metric) => metric.episodeColumn);
  const metricCells = (record: EpisodeRecord): CsvCell[] => {
    const outcome = outcomeOf(record);
    return extra.map((metric) => (outcome.error || !metric.among(outcome) ? undefined : metric.value(outcome)));
  };
  return toCsv(
    [...RECORD_CSV_COLUMNS, ...extra.map((metric) => metric.name)],
    records.map((record) => [...csvRow(record), ...metricCells(record)]),
  );
}

/** Records as JSONL, exactly as validated: one JSON object per line, lossless. */
export function recordsToJsonl(records: readonly EpisodeRecord[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join("");
}

/** The fields the AgentCIBench leaderboard shows for one model on one scenario (its `cmp_data.json` cell). */
interface AgentCIBenchCell {
  completed: boolean;
  shared_content: string[];
  action_trace: string;
  utility: 0 | 1;
  leaked_items: string[];
  ci_violation: number;
  matched_required: string[];
}

export interface AgentCIBenchExport {
  /** One line per scenario, `{"<scenario_id>": {"<model>": cell}}`; merging the lines gives `cmp_data.json`'s shape. */
  jsonl: string;
  warnings: string[];
}

/**
 * Per-scenario JSONL in the AgentCIBench leaderboard's shape, for one defense and one epoch (a
 * leaderboard cell is one model on one scenario). Errors have no answer to show and are left
 * out, with a warning. Scenarios sort by id; models keep the run's agent order.
 */
export function recordsToAgentCIBench(
  records: readonly EpisodeRecord[],
  options: { defense: string; epoch: number; agents: readonly string[] },
): AgentCIBenchExport {
  const warnings: string[] = [];
  const chosen = records.filter((record) => record.defense === options.defense && record.epoch === options.epoch);
  const errors = chosen.filter((record) => record.status === "error" || !record.output || !record.score);
  if (errors.length > 0)
    warnings.push(
      `${errors.length} error record(s) left out (they have no scored answer): ${errors
        .slice(0, 5)
        .map((record) => record.key)
        .join(", ")}${errors.length > 5 ? ", …" : ""}`,
    );
  const skippedEpochs = records.filter((record) => record.defense === options.defense && record.epoch !== options.epoch).length;
  if (skippedEpochs > 0) warnings.push(`${skippedEpochs} record(s) of other epochs left out (choose one with --epoch)`);
  const agentRank = (agent: string) => options.agents.indexOf(agent) + 1 || Number.MAX_SAFE_INTEGER;
  const byScenario = new Map<string, ScoredRecord[]>();
  for (const record of chosen) {
    if (!isScored(record)) continue;
    const group = byScenario.get(record.scenario_id) ?? [];
    group.push(record);
    byScenario.set(record.scenario_id, group);
  }
  const lines = [...byScenario.keys()].sort().map((scenarioId) => {
    const models: Record<string, AgentCIBenchCell> = {};
    const group = (byScenario.get(scenarioId) ?? []).sort(
      (a, b) => agentRank(a.agent) - agentRank(b.agent) || (a.agent < b.agent ? -1 : 1),
    );
    for (const record of group) {
      const { output, score } = record;
      Object.defineProperty(models, record.agent, {
        value: {
          completed: output.completed,
          shared_content: output.shared_content,
          action_trace: output.action_trace,
          utility: score.utility,
          leaked_items: score.leaked_items,
          ci_violation: score.ci_violation,
          matched_required: score.matched_required,
        },
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const line: Record<string, unknown> = {};
    Object.defineProperty(line, scenarioId, { value: models, enumerable: true, writable: true, configurable: true });
    return `${JSON.stringify(line)}\n`;
  });
  return { jsonl: lines.join(""), warnings };
}
