import { z } from "zod";
import { type EpisodeRecord, type EpisodeStatus, episodeKey, statusOf } from "../records/index.js";
import type { Scenario } from "../scenario/index.js";
import { type MatcherMode, type Score, scoreOutput } from "../scoring/index.js";

/** One line of an answers file: an answer an agent gave elsewhere, to be scored here. */
const AnswerLineSchema = z.object({
  id: z.string().optional(),
  scenario_id: z.string().min(1),
  agent: z.string().min(1).optional(),
  completed: z.boolean(),
  shared_content: z.array(z.string()),
  action_trace: z.string().optional(),
});

/** One scored line: its id (or `line-N`), scenario, agent and status, and the matcher's score. */
export type ScoredRow = { id: string; scenario_id: string; agent: string; status: EpisodeStatus } & Score;

export interface ScoredAnswers {
  /** One record per good line, as a run would have written it (agent `external` when unnamed). */
  records: EpisodeRecord[];
  /** One row per good line, in input order: the line's id, scenario, agent, status and score. */
  rows: ScoredRow[];
  /** `file:line: $.path: what is wrong`, one per bad line. */
  problems: string[];
}

/**
 * Scores a JSONL file of answers produced elsewhere (bring your own agent) against `scenarios`.
 * Every bad line (not JSON, not an answer, an unknown scenario) is reported with its line number
 * and the JSON path; good lines are scored as `bench` would score them.
 */
export function scoreAnswers(
  text: string,
  file: string,
  scenarios: readonly Scenario[],
  datasetLabel: string,
  matcher: MatcherMode,
): ScoredAnswers {
  const byId = new Map(scenarios.map((scenario) => [scenario.id, scenario]));
  const result: ScoredAnswers = { records: [], rows: [], problems: [] };
  text.split("\n").forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      result.problems.push(`${file}:${lineNumber}: not valid JSON`);
      return;
    }
    const parsed = AnswerLineSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      result.problems.push(`${file}:${lineNumber}: $.${issue?.path.join(".") ?? ""}: ${issue?.message}`);
      return;
    }
    const answer = parsed.data;
    const scenario = byId.get(answer.scenario_id);
    if (!scenario) {
      result.problems.push(`${file}:${lineNumber}: $.scenario_id: unknown scenario id "${answer.scenario_id}" (not in ${datasetLabel})`);
      return;
    }
    const agent = answer.agent ?? "external";
    const output = { completed: answer.completed, shared_content: answer.shared_content, action_trace: answer.action_trace ?? "" };
    const score = scoreOutput({ must_share: scenario.must_share, must_not_share: scenario.must_not_share }, output, matcher);
    const status = statusOf(output);
    result.rows.push({ id: answer.id ?? `line-${lineNumber}`, scenario_id: scenario.id, agent, status, ...score });
    result.records.push({
      key: episodeKey(agent, "none", scenario.id, lineNumber),
      run_id: "score",
      scenario_id: scenario.id,
      agent,
      defense: "none",
      epoch: 0,
      seed: 0,
      failure_mode: scenario.failure_mode,
      status,
      output,
      score,
      started_at: new Date(0).toISOString(),
      duration_ms: 0,
    });
  });
  return result;
}
