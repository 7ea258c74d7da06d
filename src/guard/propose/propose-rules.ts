/**
 * Guarantee: a proposal either returns a rule set that went through all four calls and the
 * host's checks, or fails — it has no path that returns rules the audit did not see, rules an
 * audit added or edited, or rules from an invalid reply. A failure leaves the page with no rules
 * (masked whole); the caller stops the episode (docs/design/rule-proposal.md, "The four calls").
 *
 * The four calls (docs/design/rule-proposal.md, "The four calls"): the site prior (host and
 * category only), the proposal (skeleton and prior), extent feedback (the model's rules and
 * per-rule counts) and the note audit (the only call that reads page text; remove-only, enforced by
 * `auditDiff`). Each call gets two replies to be valid (the second after a repair message naming
 * the problem); invalid twice fails the attempt. A failed attempt (invalid twice, a model error, no
 * rules left on a page that needs them) is retried up to three times with another seed, so a replay
 * cache does not hand back the same reply.
 */
import { addUsage, ModelCallError, type ModelClient, type ModelMessage, NO_USAGE, type Usage } from "../../models/index.js";
import type { CapturedPage, CapturedPageInput } from "../captured-page.js";
import { guardPage, validateCapture } from "../guard-page.js";
import { buildPageModel } from "../rows/page-model.js";
import { matchPathRule } from "../rules/match-rule.js";
import { parseRuleSet, RuleSetError } from "../rules/parse-rule-set.js";
import { isPageRule, isPathRule, type RuleSet } from "../rules/rule.js";
import { auditDiff } from "./audit-diff.js";
import { ruleExtents } from "./extent-feedback.js";
import {
  AUDIT_SYSTEM,
  auditMessages,
  FEEDBACK_SYSTEM,
  feedbackMessages,
  PRIOR_SYSTEM,
  PROPOSAL_SYSTEM,
  priorMessages,
  proposalMessages,
  repairMessages,
} from "./proposal-prompts.js";
import { PROPOSAL_SCHEMA_NAMES, type ProposalStep, RuleListReplySchema, type SitePrior, SitePriorSchema } from "./proposal-schemas.js";
import { buildSkeleton } from "./skeleton.js";

/** One model call of a proposal, as recorded. */
interface ProposalCall {
  step: ProposalStep;
  attempt: number;
  /** `invalid`: the reply did not parse or validate; `rejected`: an audit answer that added or edited a rule; `error`: the model call failed. */
  outcome: "ok" | "invalid" | "rejected" | "error";
  /** Why the reply was refused or the call failed (a validation error, a model error); absent when ok. */
  problem?: string;
  usage: Usage;
  cached: boolean;
  latency_ms: number;
}

export type ProposalFailure = "invalid" | "rejected" | "model-error" | "no-rules";

export type ProposalOutcome =
  | {
      status: "proposed";
      rules: RuleSet;
      /** Rule indexes the coverage cap dropped on this capture: remembered for the template. */
      dropped: number[];
      prior: SitePrior;
      attempts: number;
      calls: ProposalCall[];
      usage: Usage;
    }
  | {
      status: "failed";
      reason: ProposalFailure;
      /** The call that failed the last attempt, and why (what an operator fixing the model needs). */
      step: ProposalStep;
      problem: string;
      attempts: number;
      calls: ProposalCall[];
      usage: Usage;
    };

export interface ProposerModels {
  /** The site prior, proposal and extent-feedback calls. */
  proposer: ModelClient;
  /** The note audit; default: the proposer's model. */
  auditor?: ModelClient;
}

export interface ProposeOptions {
  /** The site's normalised host (the prior's only page-derived input). */
  host: string;
  /** What kind of site it is (forum, webmail, shop…), as configured; "unknown" when not. */
  category?: string;
  /** When the page needs interaction, zero rules after the audit is a failure (default true). */
  requireRules?: boolean;
  /** Site priors already made, by `host category`: a prior is made once per site. */
  priors?: Map<string, SitePrior>;
  /** Attempts after the first (default 3). */
  retries?: number;
  seed?: number;
  signal?: AbortSignal;
}

class AttemptFailed extends Error {
  constructor(
    readonly reason: ProposalFailure,
    readonly step: ProposalStep,
    readonly problem: string,
  ) {
    super(`${step}: ${problem}`);
  }
}

/** The texts of the rows each rule grants on the page (main document), in document order. */
function coveredTexts(page: CapturedPage, rules: RuleSet): string[][] {
  const model = buildPageModel(page);
  const main = model.contentRoots.find((root) => root.isMain);
  const rows = model.rows.filter((row) => row.contentRootId === main?.node.id && row.forced === null);
  return rules.map((rule) => {
    if (isPageRule(rule)) return rows.map((row) => row.text);
    if (!isPathRule(rule)) return [];
    return rows.filter((row) => matchPathRule(rule, model.info.get(row.id)!.chain) !== null).map((row) => row.text);
  });
}

/** A proposer may write path and page rules only: self and files rules are the operator's configuration. */
function proposedRuleSet(rules: readonly unknown[], source: string): RuleSet {
  const parsed = parseRuleSet(rules, source);
  for (const [index, rule] of parsed.entries()) {
    if (!isPathRule(rule) && !isPageRule(rule))
      throw new RuleSetError([
        { file: source, path: `$.rules[${index}]`, message: "only ancestor_path and page rules may be proposed", severity: "error" },
      ]);
  }
  return parsed;
}

/** What the calls of one proposal cost and how each ended, across all its attempts. */
interface CallLedger {
  calls: ProposalCall[];
  usage: Usage;
}

/** A step's check: a schema-valid object becomes the step's value, or the reason it is refused. */
type StepCheck<T> = (object: unknown) => { value: T } | { problem: string; rejected?: boolean };

/** Runs the four-call proposal pipeline on one capture. Never throws for a model's failure: see `status`. */
export async function proposeRules(
  capture: CapturedPage | CapturedPageInput,
  models: ProposerModels,
  options: ProposeOptions,
): Promise<ProposalOutcome> {
  const page = validateCapture(capture);
  const skeleton = buildSkeleton(page);
  const ledger: CallLedger = { calls: [], usage: { ...NO_USAGE } };
  // Without the caller's cache, a prior still holds across this proposal's attempts.
  const priors = options.priors ?? new Map<string, SitePrior>();
  const retries = options.retries ?? 3;
  let lastFailure = new AttemptFailed("invalid", "prior", "no attempt was made");
  let attempts = 0;
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    attempts = attempt;
    try {
      return await proposeOnce(page, skeleton, models, { ...options, priors }, attempt, ledger);
    } catch (error) {
      if (!(error instanceof AttemptFailed)) throw error;
      lastFailure = error;
      if (options.signal?.aborted) break;
    }
  }
  const { calls, usage } = ledger;
  return { status: "failed", reason: lastFailure.reason, step: lastFailure.step, problem: lastFailure.problem, attempts, calls, usage };
}

/** One attempt of the pipeline: prior (cached per host and category), proposal, extent feedback, audit. */
async function proposeOnce(
  page: CapturedPage,
  skeleton: ReturnType<typeof buildSkeleton>,
  models: ProposerModels,
  options: ProposeOptions & { priors: Map<string, SitePrior> },
  attempt: number,
  ledger: CallLedger,
): Promise<ProposalOutcome> {
  const category = options.category ?? "unknown";
  const { priors } = options;
  const ask = <T>(client: ModelClient, step: ProposalStep, system: string, messages: ModelMessage[], check: StepCheck<T>) =>
    askStep(ledger, client, { step, attempt, system, messages, check, options });
  const priorKey = `${options.host} ${category}`;
  let prior = priors.get(priorKey);
  if (prior === undefined) {
    prior = await ask(models.proposer, "prior", PRIOR_SYSTEM, priorMessages(options.host, category), (object) => ({
      value: object as SitePrior,
    }));
    priors.set(priorKey, prior);
  }
  const first = await ask(models.proposer, "proposal", PROPOSAL_SYSTEM, proposalMessages(prior, skeleton), ruleList("proposal"));
  const revised = await ask(
    models.proposer,
    "feedback",
    FEEDBACK_SYSTEM,
    feedbackMessages(prior, skeleton, first, ruleExtents(page, first)),
    ruleList("extent feedback"),
  );
  const covered = coveredTexts(page, revised);
  const audited = await ask<RuleSet>(
    models.auditor ?? models.proposer,
    "audit",
    AUDIT_SYSTEM,
    auditMessages(revised, covered),
    (object) => {
      let answered: RuleSet;
      try {
        answered = parseRuleSet((object as { rules: unknown[] }).rules, "audit");
      } catch (error) {
        if (error instanceof RuleSetError) return { problem: "the answer holds a rule that is not valid", rejected: true };
        throw error;
      }
      const diff = auditDiff(revised, answered);
      if (!diff.ok) return { problem: diff.problem, rejected: true };
      return { value: diff.kept.map((index) => revised[index]!) };
    },
  );
  if (audited.length === 0 && options.requireRules !== false)
    throw new AttemptFailed("no-rules", "audit", "no rule is left after the audit, and the page needs interaction");
  const checked = guardPage(page, audited);
  return {
    status: "proposed",
    rules: audited,
    dropped: checked.droppedRules.filter((drop) => drop.main).map((drop) => drop.ruleIndex),
    prior,
    attempts: attempt,
    calls: ledger.calls,
    usage: ledger.usage,
  };
}

/** The check of a step that answers a rule list: it must parse as rules a proposer may write. */
const ruleList =
  (source: string): StepCheck<RuleSet> =>
  (object) => {
    try {
      return { value: proposedRuleSet((object as { rules: unknown[] }).rules, source) };
    } catch (error) {
      if (error instanceof RuleSetError)
        return { problem: error.problems.map((problem) => `${problem.path}: ${problem.message}`).join("; ") };
      throw error;
    }
  };

/** One step's call with its one repair try; returns the validated value, every call kept in the ledger. */
async function askStep<T>(
  ledger: CallLedger,
  client: ModelClient,
  request: {
    step: ProposalStep;
    attempt: number;
    system: string;
    messages: ModelMessage[];
    check: StepCheck<T>;
    options: ProposeOptions;
  },
): Promise<T> {
  const { step, attempt, system, messages, check, options } = request;
  let conversation = messages;
  let lastRejected = false;
  let lastProblem = "";
  for (let tryIndex = 0; tryIndex < 2; tryIndex++) {
    let response: Awaited<ReturnType<ModelClient["generate"]>>;
    // The step's check runs inside the model layer (`check`), so a refused reply counts as one
    // that failed validation there too: it is never replayed from the cache on a later try.
    let verdict: ReturnType<typeof check> | undefined;
    const started = performance.now();
    try {
      response = await client.generate({
        system,
        messages: conversation,
        schema: step === "prior" ? SitePriorSchema : RuleListReplySchema,
        schemaName: PROPOSAL_SCHEMA_NAMES[step],
        check: (object) => {
          verdict = check(object);
          return "value" in verdict ? undefined : verdict.problem;
        },
        seed: (options.seed ?? 0) + attempt,
        ...(options.signal && { signal: options.signal }),
      });
    } catch (error) {
      if (!(error instanceof ModelCallError)) throw error;
      ledger.calls.push({
        step,
        attempt,
        outcome: "error",
        problem: error.message,
        usage: { ...NO_USAGE },
        cached: false,
        latency_ms: Math.round(performance.now() - started),
      });
      throw new AttemptFailed("model-error", step, error.message);
    }
    ledger.usage = addUsage(ledger.usage, response.usage);
    const record = (outcome: ProposalCall["outcome"], problem?: string) =>
      ledger.calls.push({
        step,
        attempt,
        outcome,
        ...(problem !== undefined && { problem }),
        usage: response.usage,
        cached: response.cached,
        latency_ms: Math.round(response.latency_ms),
      });
    if (response.object !== undefined && verdict !== undefined && "value" in verdict) {
      record("ok");
      return verdict.value;
    }
    lastProblem = response.parse_error ?? "no JSON object of the required shape";
    // `verdict` is the check of this reply's object, when it had one that fit the schema.
    lastRejected = verdict !== undefined && !("value" in verdict) && verdict.rejected === true;
    record(lastRejected ? "rejected" : "invalid", lastProblem);
    conversation = repairMessages(messages, response.text, lastProblem);
  }
  throw new AttemptFailed(lastRejected ? "rejected" : "invalid", step, lastProblem);
}
