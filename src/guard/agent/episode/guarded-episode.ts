import type { PageStep, UiDecision, UiEpisode, UiTurn } from "../../../agents/index.js";
import type { Page } from "../../../browser/index.js";
import { addUsage, type ModelClient, NO_USAGE, type Usage } from "../../../models/index.js";
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
import { PlannerReplySchema, type ToolCall } from "../tools/tool-call.js";
import { VariableStore } from "../variables/variable-store.js";
import { runReadTool, type ToolOutcome } from "./read-tools.js";
import { browserActionOf, focusStillValid, isUiCall, pointerStillValid } from "./ui-dispatch.js";

/** The models behind the guarded agent, one per role (spec §1.15–1.20). */
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
  /** Planner turns per episode (spec §1.21: 70). */
  maxTurns: number;
  /** Tool errors in a row, refusals included (spec §1.21: 6). */
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
   * Rule sets proposed for pages that have no stored set (spec §1.10, §1.11), shared by the
   * agent's episodes. Absent (`--no-propose`): such a page is masked whole.
   */
  proposals?: ProposedRuleCache;
  /**
   * The `ucm:` baseline (spec §4.7): typed quarantined answers are accepted without endorsement
   * (stored `accepted`, usable in any argument). The mask, the gate's other rules and the tools
   * are unchanged; only the endorsement requirement is gone.
   */
  acceptAnswers?: boolean;
  /**
   * Protections switched off for an ablation run (`bench --guard-ablate`, spec §4.7): the mask's
   * checks and exceptions (`GuardOptions.ablate`) and shape endorsement. Absent: the full guard.
   */
  ablate?: ReadonlySet<GuardAblation>;
}

export interface GuardedEpisodeInput {
  /** The user's instruction; the host keeps it (task endorsement reads it). */
  task: string;
  /**
   * The same request phrased loosely (evaluation only): when the classifier finds the task not
   * specific, this is what the user "answers" to the one request for more detail (spec §1.20).
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
  }

  async next(step: PageStep, signal?: AbortSignal): Promise<UiDecision> {
    const abort = signal ?? this.input.signal;
    const turns: UiTurn[] = [];
    const usageByRole: Record<string, Usage> = {};
    const spend = (role: string, usage: Usage | undefined) => {
      if (usage) usageByRole[role] = addUsage(usageByRole[role] ?? NO_USAGE, usage);
    };
    const decision = <D extends UiDecision>(made: D): D => {
      if (this.proposalUsage !== undefined) spend("proposer", this.proposalUsage);
      this.proposalUsage = undefined;
      return withUsage(made);
    };
    const withUsage = <D extends UiDecision>(made: D): D => ({
      ...made,
      usage: Object.values(usageByRole).reduce((total: Usage, usage: Usage) => addUsage(total, usage), { ...NO_USAGE }),
      usageByRole,
      ...(turns.length > 0 && { turns }),
      ...(this.screen && { screenshot: { image: this.screen.masked, type: "png" as const } }),
    });

    if (!this.classified) {
      this.classified = true;
      const ended = await this.classify(turns, spend, abort);
      if (ended) return decision(ended);
    }
    if (this.rulesFor === undefined) {
      this.rulesFor = this.settings.rulesFor(step.state.url);
      this.allowlist = this.settings.fetchAllowlist(step.state.url);
    }
    if (this.queued) {
      const action = this.queued;
      this.queued = undefined;
      return decision({ kind: "act", action, thought: "Opening the address in the new tab.", usage: NO_USAGE });
    }
    const page = step.page;
    if (this.pending) {
      if (step.state.lastActionError !== null) this.errorsInRow += 1;
      else this.errorsInRow = 0;
      await this.look(page);
      this.history.add({ call: this.pending.call, result: uiResult(step.state.lastActionError), ...this.newView() });
      this.pending = undefined;
    } else if (this.screen === undefined) {
      await this.look(page);
      const view = this.newView();
      this.history.start(view.screenshot ?? this.screen!.masked, this.screen!.shownUrl);
    }

    for (;;) {
      if (this.plannerTurns >= this.settings.limits.maxTurns)
        return decision({ kind: "stop", reason: `the planner used its ${this.settings.limits.maxTurns} turns`, usage: NO_USAGE });
      if (this.errorsInRow >= this.settings.limits.maxToolErrors)
        return decision({ kind: "stop", reason: `${this.settings.limits.maxToolErrors} tool errors in a row`, usage: NO_USAGE });
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
      spend("planner", response.usage);
      this.plannerTurns += 1;
      const guardStarted = performance.now();
      const record = (turn: Omit<UiTurn, "turn">) => {
        this.recordedTurns += 1;
        turns.push({
          turn: this.recordedTurns,
          ...turn,
          ...(shownImage && { screenshot: { image: shownImage, type: "png" as const } }),
          timing: { capture_ms: round(captureMs), planner_ms: round(modelMs), tool_ms: round(performance.now() - guardStarted) },
        });
      };
      const parsed = PlannerReplySchema.safeParse(response.object);
      if (!parsed.success) {
        this.errorsInRow += 1;
        const result = refusalMessage("SCHEMA_INVALID", false);
        record({ tool: "(unparsable reply)", args: {}, verdict: "refused", reason: "SCHEMA_INVALID", result, usage: response.usage });
        this.history.add({ call: response.text.slice(0, 2000), result });
        continue;
      }
      const { call, thought } = parsed.data;
      const callText = JSON.stringify(parsed.data);
      const args = argsOf(call);
      const verdict = gateCall(call, this.gateScreen(screen), this.store, { fetchAllowlist: this.allowlist, pageUrl: screen.url });
      if (!verdict.ok) {
        this.errorsInRow += 1;
        if ("refused" in verdict) {
          const result = refusalMessage(verdict.refused, this.memo.record(call, verdict.refused));
          record({ tool: call.tool, args, verdict: "refused", reason: verdict.refused, result, usage: response.usage });
          this.history.add({ call: callText, result });
        } else {
          const result = `Tool error: ${verdict.error}.`;
          record({ tool: call.tool, args, verdict: "error", reason: "UNKNOWN_VARIABLE", result, usage: response.usage });
          this.history.add({ call: callText, result });
        }
        continue;
      }

      if (call.tool === "done" || call.tool === "fail" || call.tool === "abstain") {
        record({ tool: call.tool, args, verdict: "allowed", result: "Episode ended.", usage: response.usage });
        if (call.tool === "done") {
          const answer = this.store.substitute(call.answer);
          return decision({
            kind: "act",
            action: { action: "finish", answer: answer.ok ? answer.text : call.answer },
            thought,
            usage: NO_USAGE,
          });
        }
        return decision({
          kind: "act",
          action: { action: "report_infeasible", reason: `${call.tool}: ${call.reason}` },
          thought,
          usage: NO_USAGE,
        });
      }

      if (isUiCall(call)) {
        const keyboard = call.tool === "type_text" || call.tool === "key";
        if (!(keyboard ? await focusStillValid(page, screen) : await pointerStillValid(page, screen, call))) {
          this.errorsInRow += 1;
          this.dirty = true;
          const result = refusalMessage("STALE_SCREEN", this.memo.record(call, "STALE_SCREEN"));
          record({ tool: call.tool, args, verdict: "refused", reason: "STALE_SCREEN", result, usage: response.usage });
          this.history.add({ call: callText, result });
          continue;
        }
        const substitute = (text: string) => {
          const done = this.store.substitute(text);
          return done.ok ? done.text : text;
        };
        const action = browserActionOf(call, substitute);
        record({ tool: call.tool, args, verdict: "allowed", result: "Sent to the browser.", usage: response.usage });
        this.pending = { call: callText };
        this.dirty = true;
        if (call.tool === "navigate" && call.new_tab) {
          this.queued = action as { action: "goto"; url: string };
          return decision({ kind: "act", action: { action: "new_tab" }, thought, usage: NO_USAGE });
        }
        return decision({ kind: "act", action, thought, usage: NO_USAGE });
      }

      const outcome: ToolOutcome = await runReadTool(call, {
        screen,
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
        ...(abort && { signal: abort }),
      });
      for (const [role, usage] of Object.entries(outcome.usageByRole ?? {})) spend(role, usage);
      if (outcome.verdict === "error") this.errorsInRow += 1;
      else this.errorsInRow = 0;
      if (outcome.dirty) this.dirty = true;
      if (outcome.waitMs) await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
      record({
        tool: call.tool,
        args,
        verdict: outcome.verdict,
        ...(outcome.reason && { reason: outcome.reason }),
        result: outcome.result,
        ...(outcome.endorsement && { endorsement: outcome.endorsement }),
        ...(outcome.answer !== undefined && { answer: outcome.answer }),
        ...(outcome.sources !== undefined && { sources: outcome.sources }),
        usage: response.usage,
      });
      if (this.dirty) await this.look(page);
      this.history.add({ call: callText, result: outcome.result, ...this.newView() });
    }
  }

  private classified = false;
  /** The instruction in force: the task, or its loose phrasing once substituted. */
  private task: string;

  /**
   * The pre-episode classifier (spec §1.20): a task found not specific goes back to the user once;
   * in evaluation the loose phrasing stands in for the user's answer, and without one the agent
   * abstains. Returns the ending decision when it abstains.
   */
  private async classify(
    turns: UiTurn[],
    spend: (role: string, usage: Usage) => void,
    signal?: AbortSignal,
  ): Promise<UiDecision | undefined> {
    const started = performance.now();
    const verdict = await classifyTask(this.settings.roles.classifier, this.task, { seed: this.input.seed, ...(signal && { signal }) });
    spend("classifier", verdict.usage);
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
      turns.push(turn("The request is specific enough."));
      return undefined;
    }
    if (this.input.looseTask !== undefined && this.input.looseTask.trim() !== "") {
      this.task = this.input.looseTask;
      turns.push(turn("The request was not specific enough; the user's more detailed phrasing was substituted."));
      return undefined;
    }
    turns.push(turn("The request was not specific enough and there is no more detailed phrasing."));
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
   * A page with no rule set gets a proposal before its mask is built (spec §1.10: propose live,
   * cache for the rest of the run). A capture the guard cannot use is retried as the mask's are
   * (four attempts, then `MaskUnavailableError`); a failed proposal stops the episode
   * (`ProposalFailedError`) with the page never shown unmasked.
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
      ...(this.settings.ablate !== undefined && { ablate: this.settings.ablate }),
      ...(this.settings.userIdentity !== undefined && { userIdentity: this.settings.userIdentity }),
    });
    this.dirty = false;
    this.captureMs += performance.now() - started;
    return this.screen;
  }

  /** The address and image to show after an element, when they changed since last shown (spec §1.15). */
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
