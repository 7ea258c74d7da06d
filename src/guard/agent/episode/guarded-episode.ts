import type { PageStep, UiDecision, UiEpisode, UiTurn } from "../../../agents/index.js";
import type { Page } from "../../../browser/index.js";
import { addUsage, type ModelClient, type ModelResponse, NO_USAGE, type Usage } from "../../../models/index.js";
import { CaptureError } from "../../capture/capture-page.js";
import { captureScreen } from "../../capture/capture-screen.js";
import { FreezeError } from "../../capture/freeze-page.js";
import type { GuardAblation } from "../../guard-ablation.js";
import { MaskBuildError, MaskUnavailableError } from "../../mask/mask-build-error.js";
import { ProposalFailedError } from "../../propose/proposal-failed-error.js";
import type { ProposedRuleCache } from "../../propose/proposed-rule-cache.js";
import { classifyTask } from "../classifier/task-specificity.js";
import type { Contact } from "../contacts/contact-directory.js";
import type { ShapeRule } from "../endorse/endorse-value.js";
import type { EndorsementSources } from "../endorse/endorsement-sources.js";
import { type GateScreen, gateCall } from "../gate/policy-gate.js";
import { refusalMessage } from "../gate/reason-codes.js";
import { RefusalMemo } from "../gate/refusal-memo.js";
import { PlannerHistory } from "../planner/planner-history.js";
import { plannerRequest } from "../planner/planner-request.js";
import type { AppAdapter } from "../reveal/app-adapters.js";
import { resolveReveals } from "../reveal/resolve-reveals.js";
import type { RevealRecord } from "../reveal/reveal-record.js";
import { controlsShown, type ShownControl } from "../screen/controls-shown.js";
import { DroppedRuleMemory } from "../screen/dropped-rule-memory.js";
import { captureGuardedScreen, type GuardedScreen, type PageRulesFor } from "../screen/guarded-screen.js";
import { textsShown } from "../screen/texts-shown.js";
import { type TerminalFiles, TerminalWatch } from "../terminal/terminal-watch.js";
import { PlannerReplySchema, type ToolCall } from "../tools/tool-call.js";
import { VariableStore } from "../variables/variable-store.js";
import { HostTyping } from "./host-typing.js";
import { runReadTool, type ToolOutcome } from "./read-tools.js";
import { StepLedger } from "./step-ledger.js";
import { browserActionOf, focusStillValid, isUiCall, pointerStillValid, type UiCall } from "./ui-dispatch.js";

/** The models behind the guarded agent, one per role (docs/design/guarded-agent.md). */
export interface GuardedRoles {
  planner: ModelClient;
  quarantined: ModelClient;
  crosscheck: ModelClient;
  classifier: ModelClient;
  /**
   * Scripted planners only: told the texts each new masked image shows (`textsShown`), as a
   * stand-in for reading the image they cannot decode. Never set for a model, whose request is
   * unchanged; the mask alone decides what is in it.
   */
  plannerSight?: (texts: readonly string[]) => void;
  /**
   * Scripted planners only: told, after every element, the controls wholly outside F with their
   * accessible names (`controlsShown`), so that a plan step can find a control the way a model
   * reading the image would point at it. Never set for a model.
   */
  plannerControls?: (controls: readonly ShownControl[]) => void;
}

export interface GuardedLimits {
  /** Planner turns per episode (docs/design/guarded-agent.md, "Episode limits": 70). */
  maxTurns: number;
  /** Tool errors in a row, refusals included (docs/design/guarded-agent.md, "Episode limits": 6). */
  maxToolErrors: number;
}

export const GUARDED_LIMITS: GuardedLimits = { maxTurns: 70, maxToolErrors: 6 };

export interface GuardedEpisodeSettings {
  roles: GuardedRoles;
  system: string;
  limits: GuardedLimits;
  rulesFor: (firstUrl: string) => PageRulesFor;
  adapters: Readonly<Record<string, AppAdapter>>;
  fetchAllowlist: (firstUrl: string) => ReadonlySet<string>;
  userIdentity?: string;
  /**
   * Registries, listing hosts and fetchers of the registry, listing and procedure routes (from the
   * workspace terminal's mocks when the scenario has one); absent, those routes refuse or answer
   * `insufficient`.
   */
  endorsementSources?: EndorsementSources;
  /**
   * The terminal's home and file labels, for terminal trust tracking's classifier
   * (docs/design/guarded-agent.md, "Terminal trust"). Absent: every path is `unknown`, so only
   * lines that read no file leave the terminal shown.
   */
  terminalFiles?: TerminalFiles;
  /** Files the user wrote (paths or names): their names in a file listing are shown (file-ownership exception). */
  ownedFiles?: readonly string[];
  /**
   * Rule sets proposed for pages that have no stored set
   * (docs/design/rule-proposal.md, "The cache"), shared by the agent's episodes. Absent
   * (`--no-propose`): such a page is masked whole.
   */
  proposals?: ProposedRuleCache;
  /**
   * The `ucm:` baseline (docs/design/guarded-agent.md, "`ucm:<planner>`: the UCM baseline"): typed
   * quarantined answers are accepted without endorsement (stored `accepted`, usable in any
   * argument). The mask, the gate's other rules and the tools are unchanged; only the endorsement
   * requirement is gone.
   */
  acceptAnswers?: boolean;
  /**
   * Protections switched off for an ablation run (`bench --guard-ablate`,
   * docs/design/guard.md, "Ablations"): the mask's checks and exceptions (`GuardOptions.ablate`)
   * and shape endorsement. Absent: the full guard.
   */
  ablate?: ReadonlySet<GuardAblation>;
}

export interface GuardedEpisodeInput {
  /** The user's instruction; the host keeps it (task endorsement reads it). */
  task: string;
  /**
   * The same request phrased loosely (evaluation only): when the classifier finds the task not
   * specific, this is what the user "answers" to the one request for more detail
   * (docs/design/guarded-agent.md, "Task-specificity classifier").
   */
  looseTask?: string;
  now?: string;
  directory: readonly Contact[];
  seed: number;
  signal?: AbortSignal;
}

/** A fixed text for the outcome of a UI action: browser errors may quote the page, so none is passed on. */
function uiResult(error: string | null): string {
  return error === null ? "Done." : "The browser could not do that action.";
}

/**
 * One episode of the guarded agent. Each runner step is one UI action: the planner takes turns —
 * reads, endorsements, refused calls — until it makes a call that acts (or ends), and the step
 * returns that action with the turns behind it. The planner sees only what `plannerRequest`
 * builds: masked images, templated addresses, variable lines and fixed texts.
 */
export class GuardedEpisode implements UiEpisode<PageStep> {
  private readonly store = new VariableStore();
  private readonly history = new PlannerHistory();
  private readonly memo = new RefusalMemo();
  private readonly reveals: RevealRecord[] = [];
  /** Terminal trust tracking: what the host typed into the terminal and whether its screen may be shown. */
  private readonly terminal: TerminalWatch;
  /** What the host typed into the focused field, left out of the echo check. */
  private readonly typing = new HostTyping();
  private screen: GuardedScreen | undefined;
  private dirty = true;
  private captures = 0;
  private plannerTurns = 0;
  private recordedTurns = 0;
  private errorsInRow = 0;
  private shown: { hash: string; reveals: string; url: string } | undefined;
  /** The UI call dispatched last step, waiting for its outcome and the screen that followed. */
  private pending: { call: string } | undefined;
  /** A navigation to open once its new tab exists. */
  private queued: { action: "goto"; url: string } | undefined;
  private rulesFor: PageRulesFor | undefined;
  /** Rules the coverage cap dropped, per shown URL: they stay dropped for the episode. */
  private readonly droppedRules = new DroppedRuleMemory();
  private allowlist: ReadonlySet<string> = new Set();

  constructor(
    private readonly input: GuardedEpisodeInput,
    private readonly settings: GuardedEpisodeSettings,
  ) {
    this.task = input.task;
    this.terminal = new TerminalWatch(settings.terminalFiles);
  }

  /**
   * One runner step: the step's opening (classifier, rules, the last action's outcome), then
   * planner turns until one ends the step with an action, an ending, or a limit.
   */
  async next(step: PageStep, signal?: AbortSignal): Promise<UiDecision> {
    const abort = signal ?? this.input.signal;
    const ledger = new StepLedger();
    const opened = await this.openStep(step, ledger, abort);
    if (opened) return this.close(ledger, opened);
    for (;;) {
      const limit = this.limitReached();
      if (limit) return this.close(ledger, limit);
      const turn = await this.askPlanner(step.page, ledger, abort);
      const made = await this.answerReply(turn, step.page, ledger, abort);
      if (made) return this.close(ledger, made);
    }
  }

  /** The decision as returned: with the step's turns and usage, proposals made since the last one charged to `proposer`. */
  private close<D extends UiDecision>(ledger: StepLedger, made: D): D {
    if (this.proposalUsage !== undefined) ledger.spend("proposer", this.proposalUsage);
    this.proposalUsage = undefined;
    return ledger.close(made, this.screen?.masked);
  }

  /**
   * Before the step's first planner turn: the classifier (once per episode), the episode's rules
   * and fetch allowlist (from its first page), a queued navigation, and the outcome of the last
   * step's action with the screen that followed it. Returns a decision when the step ends here.
   */
  private async openStep(step: PageStep, ledger: StepLedger, abort: AbortSignal | undefined): Promise<UiDecision | undefined> {
    if (!this.classified) {
      this.classified = true;
      const ended = await this.classify(ledger, abort);
      if (ended) return ended;
    }
    if (this.rulesFor === undefined) {
      this.rulesFor = this.settings.rulesFor(step.state.url);
      this.allowlist = this.settings.fetchAllowlist(step.state.url);
    }
    if (this.queued) {
      const action = this.queued;
      this.queued = undefined;
      return { kind: "act", action, thought: "Opening the address in the new tab.", usage: NO_USAGE };
    }
    if (this.pending) {
      if (step.state.lastActionError !== null) this.errorsInRow += 1;
      else this.errorsInRow = 0;
      await this.look(step.page);
      this.history.add({ call: this.pending.call, result: uiResult(step.state.lastActionError), ...this.newView() });
      this.pending = undefined;
    } else if (this.screen === undefined) {
      await this.look(step.page);
      const view = this.newView();
      this.history.start(view.screenshot ?? this.screen!.masked, this.screen!.shownUrl);
    }
    return undefined;
  }

  /**
   * The episode's limits (docs/design/guarded-agent.md, "Episode limits"): planner turns, and tool
   * errors in a row.
   */
  private limitReached(): UiDecision | undefined {
    const { maxTurns, maxToolErrors } = this.settings.limits;
    if (this.plannerTurns >= maxTurns) return { kind: "stop", reason: `the planner used its ${maxTurns} turns`, usage: NO_USAGE };
    if (this.errorsInRow >= maxToolErrors) return { kind: "stop", reason: `${maxToolErrors} tool errors in a row`, usage: NO_USAGE };
    return undefined;
  }

  /** One planner call over the current guarded screen; capture time not yet charged is charged to this turn. */
  private async askPlanner(page: Page, ledger: StepLedger, abort: AbortSignal | undefined): Promise<PlannerTurn> {
    let captureMs = this.captureMs;
    this.captureMs = 0;
    const screen = await this.look(page);
    const request = plannerRequest({
      system: this.settings.system,
      task: this.task,
      ...(this.input.now !== undefined && { now: this.input.now }),
      history: this.history,
      variables: this.store.lines(),
      turn: this.plannerTurns + 1,
      maxTurns: this.settings.limits.maxTurns,
      seed: this.input.seed,
      ...(abort && { signal: abort }),
    });
    const shownImage = this.shownInRequest;
    this.shownInRequest = undefined;
    const modelStarted = performance.now();
    const response = await this.settings.roles.planner.generate(request);
    const modelMs = performance.now() - modelStarted;
    captureMs += this.captureMs;
    this.captureMs = 0;
    ledger.spend("planner", response.usage);
    this.plannerTurns += 1;
    return { screen, response, shownImage, captureMs, modelMs, guardStarted: performance.now() };
  }

  /** Adds a planner turn's outcome to the step's turns, with its timings and the image the planner was shown. */
  private record(ledger: StepLedger, turn: PlannerTurn, outcome: TurnOutcome): void {
    this.recordedTurns += 1;
    ledger.turns.push({
      turn: this.recordedTurns,
      ...outcome,
      usage: turn.response.usage,
      ...(turn.shownImage && { screenshot: { image: turn.shownImage, type: "png" as const } }),
      timing: {
        capture_ms: round(turn.captureMs),
        planner_ms: round(turn.modelMs),
        tool_ms: round(performance.now() - turn.guardStarted),
      },
    });
  }

  /** A refusal or error the planner is told about: counted toward the limit, recorded, added to the history. */
  private refuse(ledger: StepLedger, turn: PlannerTurn, call: string, outcome: TurnOutcome): undefined {
    this.errorsInRow += 1;
    this.record(ledger, turn, outcome);
    this.history.add({ call, result: outcome.result });
    return undefined;
  }

  /**
   * What the planner's reply leads to, through the gate: a decision that ends the step (an
   * action for the browser, or the episode's end), or undefined for another turn, the reply's
   * outcome being in the history.
   */
  private async answerReply(
    turn: PlannerTurn,
    page: Page,
    ledger: StepLedger,
    abort: AbortSignal | undefined,
  ): Promise<UiDecision | undefined> {
    const parsed = PlannerReplySchema.safeParse(turn.response.object);
    if (!parsed.success) {
      const result = refusalMessage("SCHEMA_INVALID", false);
      const outcome = { tool: "(unparsable reply)", args: {}, verdict: "refused", reason: "SCHEMA_INVALID", result } as const;
      return this.refuse(ledger, turn, turn.response.text.slice(0, 2000), outcome);
    }
    const { call, thought } = parsed.data;
    const callText = JSON.stringify(parsed.data);
    const args = argsOf(call);
    const verdict = gateCall(call, this.gateScreen(turn.screen), this.store, { fetchAllowlist: this.allowlist, pageUrl: turn.screen.url });
    if (!verdict.ok) {
      if ("refused" in verdict) {
        const result = refusalMessage(verdict.refused, this.memo.record(call, verdict.refused));
        return this.refuse(ledger, turn, callText, { tool: call.tool, args, verdict: "refused", reason: verdict.refused, result });
      }
      const result = `Tool error: ${verdict.error}.`;
      return this.refuse(ledger, turn, callText, { tool: call.tool, args, verdict: "error", reason: "UNKNOWN_VARIABLE", result });
    }
    if (call.tool === "done" || call.tool === "fail" || call.tool === "abstain") {
      this.record(ledger, turn, { tool: call.tool, args, verdict: "allowed", result: "Episode ended." });
      if (call.tool === "done") {
        const answer = this.store.substitute(call.answer);
        return { kind: "act", action: { action: "finish", answer: answer.ok ? answer.text : call.answer }, thought, usage: NO_USAGE };
      }
      return { kind: "act", action: { action: "report_infeasible", reason: `${call.tool}: ${call.reason}` }, thought, usage: NO_USAGE };
    }
    if (isUiCall(call)) return this.dispatchUiCall(turn, call, thought, callText, page, ledger);
    await this.runRead(turn, call, callText, page, ledger, abort);
    return undefined;
  }

  /**
   * A UI call the gate allowed goes to the browser, unless the screen it was chosen on is stale
   * (the pointer's target or the focus moved): then it is refused and the planner looks again.
   */
  private async dispatchUiCall(
    turn: PlannerTurn,
    call: UiCall,
    thought: string,
    callText: string,
    page: Page,
    ledger: StepLedger,
  ): Promise<UiDecision | undefined> {
    const args = argsOf(call);
    const keyboard = call.tool === "type_text" || call.tool === "key";
    if (!(keyboard ? await focusStillValid(page, turn.screen) : await pointerStillValid(page, turn.screen, call))) {
      this.dirty = true;
      const result = refusalMessage("STALE_SCREEN", this.memo.record(call, "STALE_SCREEN"));
      return this.refuse(ledger, turn, callText, { tool: call.tool, args, verdict: "refused", reason: "STALE_SCREEN", result });
    }
    const substitute = (text: string) => {
      const done = this.store.substitute(text);
      return done.ok ? done.text : text;
    };
    const action = browserActionOf(call, substitute);
    this.trackTerminal(turn.screen, action);
    this.typing.after(action);
    this.record(ledger, turn, { tool: call.tool, args, verdict: "allowed", result: "Sent to the browser." });
    this.pending = { call: callText };
    this.dirty = true;
    if (call.tool === "navigate" && call.new_tab) {
      this.queued = action as { action: "goto"; url: string };
      return { kind: "act", action: { action: "new_tab" }, thought, usage: NO_USAGE };
    }
    return { kind: "act", action, thought, usage: NO_USAGE };
  }

  /**
   * What the host sends to a terminal: text typed into its focused input, and Enter there or a
   * click on its form's button (both submit the line), feed terminal trust tracking, which the
   * next capture of the terminal page reads.
   */
  private trackTerminal(screen: GuardedScreen, action: ReturnType<typeof browserActionOf>): void {
    const watch = this.terminal;
    if (!watch.shows(screen.page)) return;
    if (action.action === "mouse_click") {
      if (watch.submitsAt(screen.page, action.x, action.y)) watch.enter();
      return;
    }
    if (!watch.isInput(screen.page)) return;
    if (action.action === "keyboard_type") watch.type(action.text);
    else if (action.action === "press" && /^(Enter|Return|NumpadEnter)$/i.test(action.key)) watch.enter();
  }

  /** A read tool (query, find, endorse, fetch, …): run, recorded, and its result in the history with any new view. */
  private async runRead(
    turn: PlannerTurn,
    call: ToolCall,
    callText: string,
    page: Page,
    ledger: StepLedger,
    abort: AbortSignal | undefined,
  ): Promise<void> {
    const outcome: ToolOutcome = await runReadTool(call, {
      screen: turn.screen,
      page,
      store: this.store,
      task: this.task,
      directory: this.input.directory,
      reveals: this.reveals,
      roles: this.settings.roles,
      fetchAllowlist: this.allowlist,
      seed: this.input.seed,
      ...(this.settings.acceptAnswers && { acceptAnswers: true }),
      shapeRule: shapeRuleOf(this.settings.ablate),
      adapters: this.settings.adapters,
      ...(this.settings.userIdentity !== undefined && { userIdentity: this.settings.userIdentity }),
      ...(this.settings.endorsementSources && { endorsementSources: this.settings.endorsementSources }),
      ...(abort && { signal: abort }),
    });
    for (const [role, usage] of Object.entries(outcome.usageByRole ?? {})) ledger.spend(role, usage);
    if (outcome.verdict === "error") this.errorsInRow += 1;
    else this.errorsInRow = 0;
    if (outcome.dirty) this.dirty = true;
    if (outcome.waitMs) await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
    this.record(ledger, turn, {
      tool: call.tool,
      args: argsOf(call),
      verdict: outcome.verdict,
      ...(outcome.reason && { reason: outcome.reason }),
      result: outcome.result,
      ...(outcome.endorsement && { endorsement: outcome.endorsement }),
      ...(outcome.answer !== undefined && { answer: outcome.answer }),
      ...(outcome.sources !== undefined && { sources: outcome.sources }),
    });
    if (this.dirty) await this.look(page);
    this.history.add({ call: callText, result: outcome.result, ...this.newView() });
  }

  private classified = false;
  /** The instruction in force: the task, or its loose phrasing once substituted. */
  private task: string;

  /**
   * The pre-episode classifier (docs/design/guarded-agent.md, "Task-specificity classifier"): a
   * task found not specific goes back to the user once; in evaluation the loose phrasing stands in
   * for the user's answer, and without one the agent abstains. Returns the ending decision when it
   * abstains.
   */
  private async classify(ledger: StepLedger, signal?: AbortSignal): Promise<UiDecision | undefined> {
    const started = performance.now();
    const verdict = await classifyTask(this.settings.roles.classifier, this.task, { seed: this.input.seed, ...(signal && { signal }) });
    ledger.spend("classifier", verdict.usage);
    this.recordedTurns += 1;
    const turn = (result: string): UiTurn => ({
      turn: this.recordedTurns,
      tool: "classify_task",
      args: { task: this.task },
      verdict: verdict.specific ? "allowed" : "refused",
      ...(!verdict.specific && { reason: "TASK_NOT_SPECIFIC" }),
      result,
      usage: verdict.usage,
      timing: { capture_ms: 0, planner_ms: round(performance.now() - started), tool_ms: 0 },
    });
    if (verdict.specific) {
      ledger.turns.push(turn("The request is specific enough."));
      return undefined;
    }
    if (this.input.looseTask !== undefined && this.input.looseTask.trim() !== "") {
      this.task = this.input.looseTask;
      ledger.turns.push(turn("The request was not specific enough; the user's more detailed phrasing was substituted."));
      return undefined;
    }
    ledger.turns.push(turn("The request was not specific enough and there is no more detailed phrasing."));
    return {
      kind: "act",
      action: {
        action: "report_infeasible",
        reason: "abstain: the request does not name the values it needs precisely enough to check them",
      },
      usage: NO_USAGE,
    };
  }

  /** Capture time not yet charged to a turn. */
  private captureMs = 0;

  /** The image to attach to the next planner request (set by `newView`). */
  private shownInRequest: Buffer | undefined;

  /** Templates whose proposed rule set this episode took from the run's cache. */
  private readonly servedTemplates = new Set<string>();

  /** Usage of proposals made since the last decision (charged to the `proposer` role). */
  private proposalUsage: Usage | undefined;

  /** The page's stored rule set, else the set proposed for its template in this run, else none. */
  private pageRulesFor(): PageRulesFor {
    const base = this.rulesFor!;
    const proposals = this.settings.proposals;
    if (proposals === undefined) return base;
    return (url) => {
      const rules = base(url);
      if (rules.stored) return rules;
      const found = proposals.stored(url);
      if (found === null) return rules;
      return {
        ...rules,
        rules: found.entry.rules,
        stored: true,
        ...(found.entry.dropped !== undefined && { dropped: found.entry.dropped }),
      };
    };
  }

  /**
   * A page with no rule set gets a proposal before its mask is built
   * (docs/design/rule-proposal.md, "The cache": propose live, cache for the rest of the run). A
   * capture the guard cannot use is retried as the mask's are (four attempts, then
   * `MaskUnavailableError`); a failed proposal stops the episode (`ProposalFailedError`) with the
   * page never shown unmasked.
   */
  private async ensureRules(page: Page): Promise<void> {
    const proposals = this.settings.proposals;
    if (proposals === undefined || this.rulesFor!(page.url()).stored) return;
    const cached = proposals.stored(page.url());
    if (cached !== null) {
      // The run's cache served this template: counted once per episode and template (the hit rate's unit).
      const key = `${cached.entry.scope} ${JSON.stringify(cached.entry.match)}`;
      if (!this.servedTemplates.has(key)) {
        this.servedTemplates.add(key);
        proposals.hits++;
      }
      return;
    }
    const failures: Error[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      try {
        const { page: captured } = await captureScreen(page);
        const result = await proposals.rulesFor(captured);
        if (result.source === "proposed" || result.source === "failed")
          this.proposalUsage = addUsage(this.proposalUsage ?? NO_USAGE, result.outcome.usage);
        if (result.source === "failed") throw new ProposalFailedError(result.outcome.reason, result.outcome.attempts);
        return;
      } catch (error) {
        // Only a capture that could not be taken or used (misaligned, no tree, a page that would not freeze) is retried.
        if (!(error instanceof MaskBuildError || error instanceof CaptureError || error instanceof FreezeError)) throw error;
        failures.push(error);
      }
    }
    throw new MaskUnavailableError(failures);
  }

  /** Captures again when something may have changed; returns the current guarded screen. */
  private async look(page: Page): Promise<GuardedScreen> {
    if (this.screen !== undefined && !this.dirty) return this.screen;
    await this.ensureRules(page);
    const rulesFor = this.pageRulesFor();
    this.captures += 1;
    const started = performance.now();
    this.screen = await captureGuardedScreen(page, {
      id: this.captures,
      rulesFor,
      revealsFor: (captured) => resolveReveals(captured, this.settings.adapters[rulesFor(captured.url ?? "").app ?? ""], this.reveals),
      droppedRules: this.droppedRules,
      hostTrustedFor: (captured) => this.terminal.observe(captured),
      hostTypedFor: (captured) => this.typing.in(captured),
      ...(this.settings.ownedFiles !== undefined && { ownedFiles: this.settings.ownedFiles }),
      ...(this.settings.ablate !== undefined && { ablate: this.settings.ablate }),
      ...(this.settings.userIdentity !== undefined && { userIdentity: this.settings.userIdentity }),
    });
    this.dirty = false;
    this.captureMs += performance.now() - started;
    return this.screen;
  }

  /**
   * The address and image to show after an element, when they changed since last shown
   * (docs/design/guarded-agent.md, "The planner's view").
   */
  private newView(): { shownUrl?: string; screenshot?: Buffer } {
    const screen = this.screen!;
    const now = { hash: screen.hash, reveals: screen.reveals.join(","), url: screen.shownUrl };
    const view: { shownUrl?: string; screenshot?: Buffer } = {};
    if (this.shown?.url !== now.url) view.shownUrl = now.url;
    if (this.shown?.hash !== now.hash || this.shown?.reveals !== now.reveals) {
      view.screenshot = screen.masked;
      this.shownInRequest = screen.masked;
      this.settings.roles.plannerSight?.(textsShown(screen));
    }
    this.settings.roles.plannerControls?.(controlsShown(screen));
    this.shown = now;
    return view;
  }

  private gateScreen(screen: GuardedScreen): GateScreen {
    return { width: screen.width, height: screen.height, mask: screen.mask, focus: screen.focus };
  }
}

/** A planner call and what it was made over: the screen, the image shown with it, and its timings so far. */
interface PlannerTurn {
  screen: GuardedScreen;
  response: ModelResponse;
  shownImage: Buffer | undefined;
  captureMs: number;
  modelMs: number;
  /** When the guard's own work on the reply began (tool_ms counts from here). */
  guardStarted: number;
}

/** What a turn's record says of the call; the turn number, usage, image and timings are added by `record`. */
type TurnOutcome = Omit<UiTurn, "turn" | "usage" | "screenshot" | "timing">;

/** Shape endorsement as the run's ablations leave it (`endorsement-by-shape` wins: it refuses every value). */
function shapeRuleOf(ablate: ReadonlySet<GuardAblation> | undefined): ShapeRule {
  if (ablate?.has("endorsement-by-shape")) return "off";
  return ablate?.has("shape-provenance") ? "any" : "provenance";
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** A call's arguments as recorded (the call without its tool name; variables unsubstituted). */
function argsOf(call: ToolCall): Record<string, unknown> {
  const { tool: _tool, ...args } = call;
  return args;
}
