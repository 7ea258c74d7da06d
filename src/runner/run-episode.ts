import { addUsage, NO_USAGE, type Usage } from "../models/index.js";
import { type EpisodeRecord, type Failure, statusOf } from "../records/index.js";
import { AgentOutputSchema, agentInputFor } from "../scenario/index.js";
import { episodeBase, failureOf } from "./episode-base.js";
import type { EpisodeSpec } from "./episode-spec.js";
import { scoreEpisode } from "./score-episode.js";

/** A record's usage: only when a model was called, so agents without one leave the field out. */
export function usageField(usage: Usage): { usage?: Usage } {
  return usage.calls > 0 ? { usage } : {};
}

/** A record's usage per role (`agent`, `judge`, the guarded agent's roles), the roles that made no call left out. */
export function usageByRoleField(byRole: Readonly<Record<string, Usage>> | undefined): { usage_by_role?: Record<string, Usage> } {
  const used = Object.entries(byRole ?? {}).filter(([, usage]) => usage.calls > 0);
  return used.length > 0 ? { usage_by_role: Object.fromEntries(used) } : {};
}

/** Adds `usage` to `role`'s share of `byRole`, in place. */
function spendOn(byRole: Record<string, Usage>, role: string, usage: Usage): void {
  byRole[role] = addUsage(byRole[role] ?? NO_USAGE, usage);
}

/**
 * Runs one state-grounded episode and always returns a record: an agent that throws or answers
 * out of contract, or a judge that fails, yields an `error` record (never a refusal, never a pass)
 * so the run goes on and a resume retries it.
 */
export async function runEpisode(spec: EpisodeSpec): Promise<EpisodeRecord> {
  const { scenario, agent } = spec;
  const started = Date.now();
  const base = episodeBase(spec, started);
  let usage: Usage = { ...NO_USAGE };
  const byRole: Record<string, Usage> = {};
  const failed = (error: Failure): EpisodeRecord => ({
    ...base,
    status: "error",
    error,
    ...usageField(usage),
    ...usageByRoleField(byRole),
    duration_ms: Date.now() - started,
  });
  if (agent.track !== "state-grounded")
    return failed({
      kind: "track",
      message: `${agent.id} is a UI agent: it acts in the browser and runs only in the end-to-end track (--track e2e)`,
    });
  let raw: unknown;
  try {
    const reply = await agent.respond(agentInputFor(scenario), { seed: spec.seed });
    usage = addUsage(usage, reply.usage);
    spendOn(byRole, "agent", reply.usage);
    if (reply.kind === "unusable") return failed({ kind: "parse", message: reply.message });
    raw = reply.output;
  } catch (error) {
    return failed(failureOf(error, "agent"));
  }
  // Agents are code users write: their answer is checked against the contract like any input.
  const parsed = AgentOutputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failed({
      kind: "output",
      message: `agent output does not match the contract at ${issue?.path.join(".") || "$"}: ${issue?.message}`,
    });
  }
  const output = parsed.data;
  const scored = await scoreEpisode(spec, output);
  if (scored.usage) {
    usage = addUsage(usage, scored.usage);
    spendOn(byRole, "judge", scored.usage);
  }
  if (!scored.ok) return { ...failed(scored.error), output, judge: scored.judge };
  return {
    ...base,
    status: statusOf(output),
    output,
    score: scored.score,
    ...(scored.judge && { judge: scored.judge }),
    ...usageField(usage),
    ...usageByRoleField(byRole),
    duration_ms: Date.now() - started,
  };
}
