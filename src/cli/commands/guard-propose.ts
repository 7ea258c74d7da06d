import { Command, Option } from "commander";
import { DEFAULT_VIEWPORT, type Viewport } from "../../browser/index.js";
import { countOf, InputError } from "../../core/index.js";
import {
  captureScreen,
  MaskBuildError,
  memoryRuleSetTarget,
  type PageRuleSet,
  type ProposalFailure,
  type ProposalStep,
  ProposedRuleCache,
  type RuleSetTarget,
  RuleStore,
  RuleStoreFolder,
} from "../../guard/index.js";
import { type CacheMode, defaultCachePath, ModelSetup, modelFlagsFrom } from "../../models/index.js";
import type { CliContext } from "../cli-context.js";
import { EXIT } from "../exit-codes.js";
import { addModelOptions } from "../model-options.js";
import { preflight } from "../preflight.js";
import { collect, openGuardedPage, parseViewport, targetUrl } from "./guard-page-session.js";

interface ProposeOptions {
  model: string;
  auditor?: string;
  store?: string;
  category?: string;
  json?: boolean;
  viewport: Viewport;
  allowOrigin?: string[];
  baseUrl?: string;
  config?: string;
  cache: CacheMode;
  cachePath?: string;
  timeoutMs?: number;
  maxRetries?: number;
  preflight: boolean;
}

/** Captures the page, retrying a capture the guard could not use (the mask's own rule: four attempts). */
async function captureForProposal(cli: CliContext, page: Parameters<typeof captureScreen>[0]) {
  let last: Error | undefined;
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      const { page: captured } = await captureScreen(page);
      if (!captured.alignment.ok) throw new MaskBuildError("failed-alignment", "sampled boxes disagree with the screenshot");
      return captured;
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      last = error;
      cli.log(`attempt ${attempt}: ${error.message}`);
    }
  }
  throw new InputError(`the page could not be captured: ${last?.message ?? "unknown"}`);
}

/** What each of the four calls is, for the line that names the one that failed. */
const PROPOSAL_CALLS: Record<ProposalStep, string> = {
  prior: "1 of 4, the site prior",
  proposal: "2 of 4, the proposal",
  feedback: "3 of 4, extent feedback",
  audit: "4 of 4, the note audit",
};

const FAILURES: Record<ProposalFailure, string> = {
  invalid: "gave an invalid reply twice (the second after a repair message)",
  rejected: "answered with a rule the audit may not add or edit",
  "model-error": "failed",
  "no-rules": "left no rule",
};

function describeOutcome(result: PageRuleSet): string {
  switch (result.source) {
    case "stored":
      return `rules: already stored for ${result.entry.scope} ${JSON.stringify(result.entry.match)} (found by ${result.via}); not proposing (guard rules remove URL first to propose again)`;
    case "proposed":
      return `rules: proposed ${result.entry.rules.length} for ${result.entry.scope} ${JSON.stringify(result.entry.match)} in ${countOf(result.outcome.attempts, "attempt")}, ${countOf(result.outcome.usage.calls, "call")}, ${result.outcome.usage.input_tokens}+${result.outcome.usage.output_tokens} tokens`;
    case "failed":
      return `proposal failed after ${countOf(result.outcome.attempts, "attempt")}: the ${result.outcome.step} call (${PROPOSAL_CALLS[result.outcome.step]}) ${FAILURES[result.outcome.reason]}: ${result.outcome.problem}; the page stays masked whole`;
    case "no-scope":
      return "the page has no host to key rules on: it stays masked whole";
  }
}

/**
 * `safecua guard propose URL --model M [--store DIR]`: runs the four-call proposal pipeline on one
 * page and prints (and, with `--store`, stores under the page's template) the rules that survive
 * the audit. A stored set found for the page is reported, not replaced.
 */
async function proposeAction(cli: CliContext, urlArgument: string, options: ProposeOptions): Promise<void> {
  const url = targetUrl(urlArgument);
  const target: RuleSetTarget =
    options.store === undefined ? memoryRuleSetTarget(new RuleStore()) : await RuleStoreFolder.open(options.store, { create: true });
  const cachePath = options.cachePath ?? defaultCachePath("runs");
  const setup = new ModelSetup({ ...modelFlagsFrom(options), cachePath }, cachePath);
  try {
    const proposer = setup.client(options.model);
    const auditor = options.auditor === undefined ? proposer : setup.client(options.auditor);
    await preflight(cli, setup, options.preflight);
    const session = await openGuardedPage(cli, url, options);
    let result: PageRuleSet;
    try {
      const captured = await captureForProposal(cli, session.page);
      const cache = new ProposedRuleCache(
        target,
        { proposer, auditor },
        options.category === undefined ? {} : { category: options.category },
      );
      try {
        result = await cache.rulesFor(captured);
      } catch (error) {
        // A capture the guard refuses (no web document at its root, no tree) is a fact about the page.
        if (error instanceof MaskBuildError) throw new InputError(error.message);
        throw error;
      }
    } finally {
      await session.close();
    }
    cli.log(describeOutcome(result));
    if (result.source === "failed" || result.source === "no-scope") cli.exitCode = EXIT.usage;
    if (options.json) {
      cli.print(
        JSON.stringify({
          source: result.source,
          ...(result.source === "stored" || result.source === "proposed"
            ? { scope: result.entry.scope, match: result.entry.match, rules: result.entry.rules }
            : {}),
          ...(result.source === "proposed" || result.source === "failed"
            ? { attempts: result.outcome.attempts, calls: result.outcome.calls, usage: result.outcome.usage }
            : {}),
          ...(result.source === "failed" && { reason: result.outcome.reason, step: result.outcome.step, problem: result.outcome.problem }),
        }),
      );
    } else if (result.source === "stored" || result.source === "proposed") {
      cli.print(JSON.stringify(result.entry.rules, null, 2));
    }
  } finally {
    setup.close();
  }
}

export function guardProposeCommand(cli: CliContext): Command {
  return addModelOptions(
    new Command("propose")
      .description(
        "propose trust rules for a page nobody wrote rules for (site prior, proposal from the text-free skeleton, extent feedback, remove-only audit)",
      )
      .argument("<url>", "http(s) page to capture")
      .requiredOption("--model <spec>", "the proposer's model (provider:model)")
      .option("--auditor <spec>", "the note audit's model (default: --model)")
      .option(
        "--store <dir>",
        "rule store folder: a set already stored for the page is used; a new one is written there under the page's URL template",
      )
      .option("--category <text>", "what kind of site it is, for the site prior (forum, webmail, shop, …)")
      .option("--json", "print {source, scope, match, rules, attempts, calls, usage} on stdout (a failure: reason, step, problem)")
      .addOption(
        new Option("--viewport <WxH>", "viewport in CSS pixels (device pixel ratio 1)")
          .argParser(parseViewport)
          .default(DEFAULT_VIEWPORT, `${DEFAULT_VIEWPORT.width}x${DEFAULT_VIEWPORT.height}`),
      )
      .option("--allow-origin <origin>", "another origin the page may fetch from (repeatable); everything else is blocked", collect),
  )
    .exitOverride()
    .action((url: string, options: ProposeOptions) => proposeAction(cli, url, options));
}
