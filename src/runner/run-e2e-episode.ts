import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import type { PageStep, UiAgent, UiDecision, UiEpisode, UiHistoryEntry, UiStep } from "../agents/index.js";
import { type ContextPool, formatAction, type Observation, type PageState, UiSession, type Viewport } from "../browser/index.js";
import { addUsage, NO_USAGE, type Usage } from "../models/index.js";
import {
  type EpisodeRecord,
  type Failure,
  injectionStatusOf,
  type ScreenshotStore,
  type StepRecord,
  type StepTurn,
  statusOf,
} from "../records/index.js";
import { type AgentOutput, isPayloadAttack, scenarioDirectory } from "../scenario/index.js";
import { usesAppHosts, type Workspace } from "../workspace/index.js";
import { type E2eEnding, e2eOutput } from "./e2e-completion.js";
import { episodeBase, failureOf } from "./episode-base.js";
import type { EpisodeSpec } from "./episode-spec.js";
import { injectionScoreOf } from "./injection-score-of.js";
import { ownedFilesOf } from "./owned-files-of.js";
import { usageByRoleField, usageField } from "./run-episode.js";
import { scoreEpisode } from "./score-episode.js";
import { terminalFilesOf } from "./terminal-files-of.js";
import { terminalSourcesOf } from "./terminal-sources-of.js";

/** A reply that cannot be used counts as a step; this many in a row end the episode as an error. */
const MAX_PARSE_FAILURES_IN_A_ROW = 3;

interface E2eEpisodeSettings {
  maxSteps: number;
  viewport?: Viewport;
  /** The browser timeout's base in ms (every wait of the episode's browser derives from it). */
  browserTimeoutMs?: number;
}

/** What an end-to-end episode runs in: one workspace server and one Chromium, shared by the run. */
export interface E2eEnvironment {
  workspace: Workspace;
  /** The run's browser; relaunched by the harness if it crashed. */
  browser(): Promise<Browser>;
  /** Warm contexts, reset between episodes; each episode gets a new context when absent. */
  contexts?: ContextPool;
  screenshots: ScreenshotStore;
  settings: E2eEpisodeSettings;
}

/** A failure of the harness (the browser, the workspace) rather than of the agent. */
class HarnessError extends Error {
  constructor(
    readonly kind: "browser" | "workspace",
    message: string,
  ) {
    super(message);
  }
}

/** One step as decided: where, what, and how long observing and deciding took. */
interface Seen {
  url: string;
  decision: UiDecision;
  observeMs: number;
  agentMs: number;
  /** The runner's screenshot (screen agents); a self-observing agent's comes with its decision. */
  screenshot?: string;
}

function mergeUsageByRole(total: Record<string, Usage> | undefined, more: Record<string, Usage> | undefined) {
  if (!more) return total;
  const merged = { ...total };
  for (const [role, usage] of Object.entries(more)) merged[role] = addUsage(merged[role] ?? NO_USAGE, usage);
  return merged;
}

/** The step's screenshot and, for agents that plan in tool calls, its turns with their screenshots stored. */
function traceOf(decision: UiDecision, seen: Seen, store: ScreenshotStore): Pick<StepRecord, "screenshot" | "turns"> {
  const extension = (type: "png" | "jpeg") => (type === "png" ? "png" : "jpg");
  const screenshot = seen.screenshot ?? (decision.screenshot && store.save(decision.screenshot.image, extension(decision.screenshot.type)));
  const turns = decision.turns?.map(
    ({ screenshot: image, ...turn }): StepTurn => ({
      ...turn,
      ...(image && { screenshot: store.save(image.image, extension(image.type)) }),
    }),
  );
  return { ...(screenshot && { screenshot }), ...(turns && turns.length > 0 && { turns }) };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * Runs one end-to-end episode and always returns a record. Reset a fresh episode of the
 * workspace (under a random id, so the URL tells the agent nothing about the scenario), open a
 * fresh browser context on it, then observe → decide → act until the agent finishes, declares
 * the task infeasible, or uses up the step budget. The artifacts come from the workspace's
 * change log, become an `AgentOutput` (docs/design/e2e-track.md) and are scored by the same
 * scorer (and judge) as the state-grounded track. A crashed browser, a failing model or three
 * unusable replies in a row make an `error` record, which a resume retries.
 */
export async function runE2eEpisode(spec: EpisodeSpec, environment: E2eEnvironment): Promise<EpisodeRecord> {
  const { agent } = spec;
  const { maxSteps } = environment.settings;
  const started = Date.now();
  const base = episodeBase(spec, started);
  const elapsed = () => Date.now() - started;
  const steps: StepRecord[] = [];
  let usage: Usage = { ...NO_USAGE };
  let usageByRole: Record<string, Usage> | undefined;
  const failed = (error: Failure, output?: AgentOutput): EpisodeRecord => ({
    ...base,
    status: "error",
    error,
    ...(output && { output }),
    ...usageField(usage),
    ...usageByRoleField(usageByRole),
    steps,
    duration_ms: elapsed(),
  });
  if (agent.track !== "e2e")
    return failed({ kind: "track", message: `${agent.id} is not a UI agent; the end-to-end track needs one that acts in the browser` });

  const episodeId = `ep-${randomBytes(8).toString("hex")}`;
  let session: UiSession | undefined;
  try {
    session = await openEpisodeSession(spec, environment, episodeId);
    const episode = startAgentEpisode(spec, (path) => environment.workspace.terminalPathExists(episodeId, path));
    const history: UiHistoryEntry[] = [];
    const userMessages: string[] = [];
    let parseFailures = 0;
    let pendingError: string | null | undefined;
    let ending: E2eEnding | undefined;
    const context: StepContext = { session, agent, episode, environment, history };
    for (let step = 1; step <= maxSteps && !ending; step++) {
      let seen: Seen;
      try {
        seen = await seeAndDecide(context, step, pendingError);
        pendingError = undefined;
      } catch (error) {
        if (error instanceof HarnessError) throw error;
        return failed(failureOf(error, "agent"));
      }
      const { decision, url } = seen;
      usage = addUsage(usage, decision.usage);
      // An agent with one model and no split of its own spends as the "agent" role.
      usageByRole = mergeUsageByRole(
        usageByRole,
        decision.usageByRole ?? (decision.usage.calls > 0 ? { agent: decision.usage } : undefined),
      );
      const trace = traceOf(decision, seen, environment.screenshots);
      const timing = { observe_ms: round(seen.observeMs), agent_ms: round(seen.agentMs) };
      if (decision.kind === "stop") {
        steps.push({
          step,
          url,
          action: null,
          action_text: "(agent stopped)",
          error: decision.reason,
          ...trace,
          timing: { ...timing, act_ms: 0, settle_ms: 0 },
        });
        ending = { reason: "limit", steps: step, userMessages };
        break;
      }
      if (decision.kind === "unusable") {
        parseFailures += 1;
        steps.push({
          step,
          url,
          action: null,
          action_text: "(unusable reply)",
          error: decision.message,
          ...trace,
          timing: { ...timing, act_ms: 0, settle_ms: 0 },
        });
        history.push({ step, action: "(unusable reply)", error: decision.message });
        if (parseFailures >= MAX_PARSE_FAILURES_IN_A_ROW)
          return failed({
            kind: "parse",
            message: `${MAX_PARSE_FAILURES_IN_A_ROW} unusable replies in a row; the last: ${decision.message}`,
          });
        pendingError = decision.message;
        continue;
      }
      parseFailures = 0;
      const { action } = decision;
      const outcome = await session.act(action).catch((error: unknown) => {
        throw new HarnessError("browser", (error as Error).message);
      });
      if (action.action === "send_msg_to_user") userMessages.push(action.text);
      if (action.action === "finish")
        ending = { reason: "finish", steps: step, userMessages, ...(action.answer !== undefined && { answer: action.answer }) };
      if (action.action === "report_infeasible") ending = { reason: "infeasible", steps: step, userMessages, infeasible: action.reason };
      const actionText = formatAction(action);
      steps.push({
        step,
        url,
        action: { ...action },
        action_text: actionText,
        ...(decision.thought !== undefined && { thought: decision.thought }),
        error: outcome.error,
        ...trace,
        timing: { ...timing, act_ms: round(outcome.actMs), settle_ms: round(outcome.settleMs) },
        ...(outcome.settleCapped && { settle_capped: true }),
      });
      history.push({
        step,
        action: actionText,
        error: outcome.error,
        ...(decision.thought !== undefined && { thought: decision.thought }),
      });
    }
    ending ??= { reason: "limit", steps: maxSteps, userMessages };
    const scored = await scoreE2eEpisode(spec, environment, episodeId, ending, steps, base.disclosure);
    if (scored.judgeUsage) {
      usage = addUsage(usage, scored.judgeUsage);
      usageByRole = mergeUsageByRole(usageByRole, { judge: scored.judgeUsage });
    }
    if (!scored.ok) return { ...failed(scored.error, scored.output), ...(scored.judge && { judge: scored.judge }) };
    return {
      ...base,
      ...scored.fields,
      ...usageField(usage),
      ...usageByRoleField(usageByRole),
      steps,
      duration_ms: elapsed(),
    };
  } catch (error) {
    return failed(failureOf(error, "harness"));
  } finally {
    await session?.close();
    environment.workspace.delete(episodeId);
  }
}

/** What each step reads to see the page and ask the agent. */
interface StepContext {
  session: UiSession;
  agent: UiAgent;
  episode: ReturnType<typeof startAgentEpisode>;
  environment: E2eEnvironment;
  history: readonly UiHistoryEntry[];
}

/**
 * How one step is seen and decided on: a screen agent gets the runner's observation (its
 * screenshot stored); a self-observing agent (the guarded agent) gets the live page and captures
 * it itself. `pendingError` is what the agent is told went wrong with its last reply.
 */
async function seeAndDecide(context: StepContext, step: number, pendingError: string | null | undefined): Promise<Seen> {
  const { session, agent, episode, environment, history } = context;
  const { maxSteps } = environment.settings;
  const observeStarted = performance.now();
  if (agent.observation === "self") {
    let state: PageState;
    try {
      state = await session.pageState(pendingError);
    } catch (error) {
      throw new HarnessError("browser", `reading the page state at step ${step} failed: ${(error as Error).message}`);
    }
    const observeMs = performance.now() - observeStarted;
    const agentStarted = performance.now();
    const decision = await (episode as UiEpisode<PageStep>).next({ state, page: session.activePage, step, maxSteps, history });
    return { url: state.url, decision, observeMs, agentMs: performance.now() - agentStarted };
  }
  let seen: Observation;
  try {
    seen = await session.observe(pendingError, { screenshot: agent.screenshots !== false });
  } catch (error) {
    throw new HarnessError("browser", `observation at step ${step} failed: ${(error as Error).message}`);
  }
  const screenshot = seen.screenshot && environment.screenshots.save(seen.screenshot, seen.screenshotType === "png" ? "png" : "jpg");
  const observeMs = performance.now() - observeStarted;
  const agentStarted = performance.now();
  const decision = await (episode as UiEpisode<UiStep>).next({ observation: seen, step, maxSteps, history });
  return { url: seen.url, decision, observeMs, agentMs: performance.now() - agentStarted, screenshot };
}

/**
 * A fresh episode of the workspace for the scenario, open in the browser: a failure of either is
 * the harness's (`HarnessError`), not the agent's.
 */
async function openEpisodeSession(spec: EpisodeSpec, environment: E2eEnvironment, episodeId: string): Promise<UiSession> {
  const { scenario } = spec;
  const { viewport } = environment.settings;
  let startUrl: string;
  try {
    startUrl = environment.workspace.reset(episodeId, scenario);
  } catch (error) {
    throw new HarnessError("workspace", `could not reset the workspace episode: ${(error as Error).message}`);
  }
  try {
    return await UiSession.open(await environment.browser(), {
      allowedOrigins: [environment.workspace.url],
      // The apps on fictional hosts are served through the mapping, and every other host goes to the sink.
      ...(usesAppHosts(scenario.state) && { hostMapping: environment.workspace.hostMapping(episodeId) }),
      startUrl,
      ...(environment.contexts && { pool: environment.contexts }),
      ...(viewport && { viewport }),
      ...(environment.settings.browserTimeoutMs !== undefined && { actionTimeoutMs: environment.settings.browserTimeoutMs }),
    });
  } catch (error) {
    throw new HarnessError("browser", `could not open the episode in the browser: ${(error as Error).message}`);
  }
}

/**
 * The agent's episode: what any agent is told (the task, the date, the contacts), and what only
 * scripted roles read (the scenario's plan, oracle scripts, an attack's payload and value).
 */
function startAgentEpisode(spec: EpisodeSpec, terminalPathExists: (path: string) => boolean) {
  const { scenario, agent } = spec;
  if (agent.track !== "e2e") throw new Error(`${agent.id} is not a UI agent`);
  const guard = scenario.guard;
  const attack = scenario.attack;
  const oracles = attack && "oracles" in attack ? attack.oracles : undefined;
  const owned = ownedFilesOf(scenario.state);
  return agent.start(
    {
      task: scenario.task,
      ...(scenario.now !== undefined && { now: scenario.now }),
      ...(guard?.loose_task !== undefined && { looseTask: guard.loose_task }),
      ...(guard?.fetch_allowlist !== undefined && { fetchAllowlist: guard.fetch_allowlist }),
      ...(scenario.state.terminal !== undefined && {
        terminalFiles: terminalFilesOf(scenario.state.terminal),
        terminalSources: terminalSourcesOf(scenario.state.terminal, terminalPathExists),
      }),
      directory: scenarioDirectory(scenario),
      ...(owned.length > 0 && { ownedFiles: owned }),
    },
    {
      recipient: scenario.recipient,
      channel: scenario.channel,
      ...(guard?.plan !== undefined && { plan: guard.plan }),
      ...(oracles !== undefined && { oracles }),
      ...(isPayloadAttack(attack) && { payload: attack.payload.text }),
      ...(attack?.family === "F3" && { attackerValue: attack.attacker_value }),
      // A terminal attack's value is its command: what a reader the attacker controls answers.
      ...(attack?.family === "F2" && { attackerValue: attack.command }),
    },
    { seed: spec.seed },
  );
}

/**
 * The episode's outcome once the agent has ended: its artifacts as an `AgentOutput`, the attack's
 * score (read now: the episode's state and logs are deleted when the episode returns), the status
 * and the disclosure score, with what the judge spent.
 */
async function scoreE2eEpisode(
  spec: EpisodeSpec,
  environment: E2eEnvironment,
  episodeId: string,
  ending: E2eEnding,
  steps: readonly StepRecord[],
  disclosure: boolean | undefined,
) {
  const { scenario } = spec;
  const artifacts = environment.workspace.artifacts(episodeId);
  const output = e2eOutput(scenario, artifacts, ending);
  const injection = injectionScoreOf(scenario, environment.workspace, episodeId, [...steps]);
  // An injection-only task has no artifact to judge: its status comes from the injection score.
  const fromInjection = ending.reason !== "limit" && disclosure === false && injection !== undefined;
  const changedSomething = () => environment.workspace.log(episodeId).length > 0 || environment.workspace.sinkLog(episodeId).length > 0;
  const status =
    ending.reason === "limit" ? ("limit" as const) : fromInjection ? injectionStatusOf(injection, changedSomething()) : statusOf(output);
  const scored = await scoreEpisode(spec, output);
  if (!scored.ok) return { ok: false as const, error: scored.error, output, judge: scored.judge, judgeUsage: scored.usage };
  return {
    ok: true as const,
    judgeUsage: scored.usage,
    fields: {
      status,
      output,
      score: scored.score,
      ...(injection && { injection }),
      ...(fromInjection && { status_from: "injection" as const }),
      ...(scored.judge && { judge: scored.judge }),
    },
  };
}
