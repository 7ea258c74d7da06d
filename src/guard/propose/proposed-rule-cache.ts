import type { CapturedPage } from "../captured-page.js";
import { normaliseHost } from "../store/normalise-host.js";
import type { LookupStep, RuleSetEntry, RuleSetExtras, RuleSetMatch, RuleStore } from "../store/rule-store.js";
import { urlTemplate } from "../store/url-template.js";
import type { SitePrior } from "./proposal-schemas.js";
import { type ProposalOutcome, type ProposerModels, proposeRules } from "./propose-rules.js";

/** Where proposals are kept: a store to look in, and a way to put a rule set into it (and onto disk). */
export interface RuleSetTarget {
  readonly store: RuleStore;
  put(scope: string, match: RuleSetMatch, rules: unknown, extras?: RuleSetExtras): Promise<RuleSetEntry>;
}

/** A store kept in memory only (an episode's cache when no `--store` is given). */
export function memoryRuleSetTarget(store: RuleStore): RuleSetTarget {
  return { store, put: async (scope, match, rules, extras) => store.add(scope, match, rules, extras) };
}

export type PageRuleSet =
  | { source: "stored"; entry: RuleSetEntry; via: LookupStep }
  | { source: "proposed"; entry: RuleSetEntry; outcome: Extract<ProposalOutcome, { status: "proposed" }> }
  | { source: "failed"; outcome: Extract<ProposalOutcome, { status: "failed" }> }
  /** The page has no host (no URL, `about:blank`): there is nothing to key a rule set on, and it is masked whole. */
  | { source: "no-scope" };

export interface ProposedRuleCacheOptions {
  /** The site's category for the prior (one per cache: a cache serves one task's sites). */
  category?: string;
  requireRules?: boolean;
  seed?: number;
  signal?: AbortSignal;
}

/**
 * Rule sets per page, proposed once per host and URL template and reused
 * (docs/design/guard.md, "Lookup order"): a page's rule set is looked up in the store with the
 * order of docs/design/guard.md, "Lookup order" (exact path → template → looser template → path
 * prefix → scope default); only when nothing matches is the pipeline run, and its rules are stored
 * under the page's template. A failed proposal stores nothing (the next episode tries again); the
 * caller masks the page whole and stops. Site priors are made once per site.
 */
export class ProposedRuleCache {
  /** Pages answered from the store. */
  hits = 0;
  proposals = 0;
  failures = 0;
  private readonly priors = new Map<string, SitePrior>();
  /** Proposals under way, by scope and template: two episodes on one template wait for one proposal. */
  private readonly inFlight = new Map<string, Promise<PageRuleSet>>();

  constructor(
    readonly target: RuleSetTarget,
    private readonly models: ProposerModels,
    private readonly options: ProposedRuleCacheOptions = {},
  ) {}

  /** The stored rule set for a URL, without proposing. */
  stored(url: string): { entry: RuleSetEntry; via: LookupStep } | null {
    return this.target.store.lookup(url);
  }

  async rulesFor(page: CapturedPage): Promise<PageRuleSet> {
    const url = page.url ?? "";
    const found = this.stored(url);
    if (found !== null) {
      this.hits++;
      return { source: "stored", ...found };
    }
    const scope = normaliseHost(url);
    const template = scope === null ? null : urlTemplate(url, this.target.store.templateConfig(scope));
    if (scope === null || template === null) return { source: "no-scope" };
    const key = `${scope} ${template}`;
    const running = this.inFlight.get(key);
    if (running !== undefined) {
      const shared = await running;
      if (shared.source === "proposed") {
        this.hits++;
        return { source: "stored", entry: shared.entry, via: "template" };
      }
      return shared;
    }
    const proposal = this.propose(page, scope, template);
    this.inFlight.set(key, proposal);
    try {
      return await proposal;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async propose(page: CapturedPage, scope: string, template: string): Promise<PageRuleSet> {
    this.proposals++;
    const outcome = await proposeRules(page, this.models, {
      host: scope,
      priors: this.priors,
      ...(this.options.category !== undefined && { category: this.options.category }),
      ...(this.options.requireRules !== undefined && { requireRules: this.options.requireRules }),
      ...(this.options.seed !== undefined && { seed: this.options.seed }),
      ...(this.options.signal !== undefined && { signal: this.options.signal }),
    });
    if (outcome.status === "failed") {
      this.failures++;
      return { source: "failed", outcome };
    }
    const entry = await this.target.put(scope, { kind: "template", template }, outcome.rules, {
      proposed: {
        model: this.models.proposer.spec,
        auditor: (this.models.auditor ?? this.models.proposer).spec,
        attempts: outcome.attempts,
        calls: outcome.usage.calls,
        input_tokens: outcome.usage.input_tokens,
        output_tokens: outcome.usage.output_tokens,
      },
      dropped: outcome.dropped,
    });
    return { source: "proposed", entry, outcome };
  }

  /** Adds rules the coverage cap dropped on a later capture of the page's template to the stored set. */
  async recordDropped(url: string, dropped: readonly number[]): Promise<void> {
    const found = this.stored(url);
    if (found === null || dropped.every((index) => found.entry.dropped?.includes(index))) return;
    const { entry } = found;
    await this.target.put(entry.scope, entry.match, entry.rules, {
      ...(entry.proposed !== undefined && { proposed: entry.proposed }),
      dropped: [...(entry.dropped ?? []), ...dropped],
    });
  }
}
