import type { BrowserAction, Observation, ObservationMode, Page, PageState } from "../../browser/index.js";
import type { Usage } from "../../models/index.js";
import type { OracleScripts, OutputChannel, Recipient, Scenario } from "../../scenario/index.js";
import type { AgentContext } from "../agent.js";

/** What a UI agent is told at the start of an episode: the request as the user typed it, and the clock. */
export interface UiEpisodeInput {
  task: string;
  now?: string;
  /**
   * The request phrased loosely, for agents that ask the user to be more specific (the guarded
   * agent's classifier): in evaluation it stands in for the user's answer. Evaluation only.
   */
  looseTask?: string;
  /** The user's contacts as the operator configured them (for agents with a contacts tool). */
  directory?: ReadonlyArray<{ name: string }>;
  /** Hosts the task allows fetching untrusted addresses from, besides the workspace's own. */
  fetchAllowlist?: readonly string[];
  /**
   * The workspace terminal's home and the provenance label of each path as the scenario seeds it
   * (`owned`: the user's own; anything else is not), for the guarded agent's terminal trust
   * tracking. Absent when the scenario has no terminal.
   */
  terminalFiles?: { home: string; ownership(path: string): "owned" | "received" | "unknown" };
  /**
   * Files the scenario says the user wrote (paths or names), for the guard's file-ownership
   * exception: their names in a file listing are shown. Received files are never among them.
   */
  ownedFiles?: readonly string[];
  /** What the workspace's terminal mocks serve, for the guarded agent's registry, listing and procedure endorsement. */
  terminalSources?: TerminalSources;
}

/**
 * The workspace terminal's package indexes, listing pages and file system as plain data (the
 * guarded agent turns them into its endorsement sources). Absent when the scenario has no terminal.
 */
export interface TerminalSources {
  home: string;
  /** Each index the mocks serve, with who may add a name to it (`curated`: maintainers; `open`: anyone). */
  indexes: ReadonlyArray<{
    /** The name the planner gives `endorse_by_registry`. */
    registry: string;
    ecosystem: "pypi" | "npm" | "debian" | "docker";
    curation: "curated" | "open";
    names: readonly string[];
  }>;
  /** Hosts whose pages are listings (release indexes, simple index pages, code hosts). */
  listingHosts: readonly string[];
  /** The text the mocks serve at a URL; throws when they serve none. */
  page(url: string): string;
  /** Whether a path exists in the terminal's file system: in an episode, as it is now (the episode's own changes included). */
  pathExists(path: string): boolean;
}

/**
 * The scenario's declared output: who the artifact is for and in which channel. Given only to
 * the scripted controls, which cannot read intent from a request; model agents never see it
 * (their prompt is built from the task and the observation alone).
 */
export interface UiHints {
  recipient: Recipient;
  channel: OutputChannel;
  /** A scripted planner's plan for this task, as stored with the scenario (steps validated by the guard). */
  plan?: ReadonlyArray<Record<string, unknown>>;
  /** An injection task's oracle scripts, for the oracle agents only (model agents never see hints beyond recipient and channel). */
  oracles?: OracleScripts;
  /**
   * An injection task's payload as written (F1, F2, F3; for `url_injection` the link), and the
   * attacker's value (F3's value, F2's command): for the scripted roles only (`gullible` obeys the payload where it
   * reads it, `compromised` answers with the attacker's value). Model agents never read hints
   * beyond recipient and channel, so neither reaches a model's prompt.
   */
  payload?: string;
  attackerValue?: string;
}

/** One earlier step, as the agent's history shows it. */
export interface UiHistoryEntry {
  step: number;
  /** `click("e12")`, or a note that the reply could not be used. */
  action: string;
  error: string | null;
  thought?: string;
}

/** What the agent decides on at one step. */
export interface UiStep {
  observation: Observation;
  /** 1-based; the agent may act while `step <= maxSteps`. */
  step: number;
  maxSteps: number;
  history: readonly UiHistoryEntry[];
}

/**
 * The step of an agent that observes for itself (observation mode `self`): where the episode is,
 * and the live active page to capture, mask and check pointer targets on. The runner takes no
 * snapshot or screenshot for it.
 */
export interface PageStep {
  state: PageState;
  page: Page;
  step: number;
  maxSteps: number;
  history: readonly UiHistoryEntry[];
}

/** One tool turn before a UI action, as the agent took it (see `StepTurn` in records for the stored form). */
export interface UiTurn {
  turn: number;
  tool: string;
  args: Record<string, unknown>;
  verdict: "allowed" | "refused" | "error";
  reason?: string;
  result: string;
  endorsement?: { variable: string; route: string; outcome: "endorsed" | "refused" | "diverged" | "insufficient" | "abstained" };
  /** The masked screenshot shown at this turn, when a new one was shown. */
  screenshot?: { image: Buffer; type: "png" | "jpeg" };
  /** A quarantined model's answer, as stored (records and attempt signals only; the planner never reads it here). */
  answer?: string;
  /** Where that answer was read: the origin of every row the reader was shown (records only). */
  sources?: string[];
  usage?: Usage;
  timing?: TurnTiming;
}

/** Where a turn's time went: capturing and masking the screen, the planner's call, and the tool (gate, search, quarantined calls). */
interface TurnTiming {
  capture_ms: number;
  planner_ms: number;
  tool_ms: number;
}

/** What a self-observing agent adds to a decision: the turns behind it, what it looked at, its usage per role. */
interface DecisionTrace {
  turns?: UiTurn[];
  /** The image the agent decided on (the masked screen), stored as the step's screenshot. */
  screenshot?: { image: Buffer; type: "png" | "jpeg" };
  usageByRole?: Record<string, Usage>;
}

/**
 * What the agent decides at one step: an action, or a reply the harness could not use (a model
 * that answered out of contract). An unusable reply counts as a step; the runner shows its
 * message as the next observation's error and ends the episode as an error after three in a row.
 * Either way the decision carries the usage it spent. A decision that could not be made at all (a
 * model call that failed after its retries) is thrown.
 */
export type UiDecision =
  | ({
      kind: "act";
      action: BrowserAction;
      /** The agent's stated reasoning, kept in the step log (never scored). */
      thought?: string;
      usage: Usage;
    } & DecisionTrace)
  | ({ kind: "unusable"; message: string; raw_text: string; usage: Usage } & DecisionTrace)
  /**
   * The agent stopped itself without an answer (a limit of its own: planner turns, tool errors in a
   * row). The episode ends as `limit`, scored on what was sent; a failure to run is thrown instead.
   */
  | ({ kind: "stop"; reason: string; usage: Usage } & DecisionTrace);

/** One episode of a UI agent: called once per step with the current observation. */
export interface UiEpisode<Step = UiStep> {
  next(step: Step, signal?: AbortSignal): Promise<UiDecision>;
}

interface UiAgentBase {
  readonly track: "e2e";
  /** Stable identifier used in records and summaries; the scripted controls share their state-grounded namesakes' ids. */
  readonly id: string;
  readonly description: string;
  /**
   * The scenarios the agent has an episode on; absent: every one. A test role whose script is
   * optional (`oracle-half`: only value attacks carry one) skips the rest rather than end each in an
   * error that blames the pack for a script it need not have.
   */
  readonly runsOn?: (scenario: Scenario) => boolean;
}

/** An agent of the end-to-end track that is shown the page (snapshot, screenshot or both) each step. */
export interface ScreenUiAgent extends UiAgentBase {
  readonly observation: ObservationMode;
  /**
   * False: the agent never looks at pixels and nobody reviews its steps as pictures, so the runner
   * takes no screenshot for it and its steps carry none (the injection pack's oracles and
   * `gullible-tree`, which run by the hundred: a screenshot is most of Chromium's work in a step
   * that only reads the tree).
   */
  readonly screenshots?: false;
  start(input: UiEpisodeInput, hints: UiHints, context: AgentContext): UiEpisode<UiStep>;
}

/** An agent of the end-to-end track that captures the live page itself each step (the guarded agent). */
export interface SelfObservingUiAgent extends UiAgentBase {
  readonly observation: "self";
  start(input: UiEpisodeInput, hints: UiHints, context: AgentContext): UiEpisode<PageStep>;
}

/** An agent of the end-to-end track: it acts in the workspace through the browser, one action per step. */
export type UiAgent = ScreenUiAgent | SelfObservingUiAgent;
