import { z } from "zod";
import { type LoadProblem, problemsFromZod } from "../../scenario/index.js";
import { parseRuleSet, RuleSetError } from "../rules/parse-rule-set.js";
import type { RuleSet } from "../rules/rule.js";
import { normaliseHost } from "./normalise-host.js";
import { BUILT_IN_PLACEHOLDERS, looserTemplate, type TemplateConfig, templatePath, urlTemplate } from "./url-template.js";

const MatchSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("exact"), path: z.string().startsWith("/", "path must start with /") }).strict(),
  z.object({ kind: z.literal("template"), template: z.string().startsWith("/", "template must start with /") }).strict(),
  z.object({ kind: z.literal("prefix"), prefix: z.string().startsWith("/", "prefix must start with /") }).strict(),
  z.object({ kind: z.literal("default") }).strict(),
]);
export type RuleSetMatch = z.infer<typeof MatchSchema>;

/**
 * How a proposed rule set was made (docs/design/rule-proposal.md, "The cache"): the model, the
 * attempts and calls it took.
 */
const ProposalRecordSchema = z
  .object({
    model: z.string().min(1),
    auditor: z.string().min(1),
    attempts: z.number().int().positive(),
    calls: z.number().int().nonnegative(),
    input_tokens: z.number().int().nonnegative(),
    output_tokens: z.number().int().nonnegative(),
  })
  .strict();
type ProposalRecord = z.infer<typeof ProposalRecordSchema>;

const EntrySchema = z
  .object({
    /** Normalised host (see `normaliseHost`) or a native application's name. */
    scope: z.string().min(1),
    match: MatchSchema,
    rules: z.unknown(),
    /** Set on rule sets the proposal pipeline wrote (absent on hand-written ones). */
    proposed: ProposalRecordSchema.optional(),
    /**
     * Rule indexes the coverage cap dropped on this page template: they stay dropped
     * (docs/design/guard.md, "Safety checks").
     */
    dropped: z.array(z.number().int().nonnegative()).optional(),
  })
  .strict();

const PlaceholderSchema = z
  .object({
    position: z.number().int().min(0),
    name: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/, "a placeholder name is lower-case letters, digits and _")
      .refine((name) => !BUILT_IN_PLACEHOLDERS.has(name), {
        error: "a placeholder name may not be a built-in one (n, uuid, hex, slug, ns)",
      }),
  })
  .strict();

const TemplateConfigSchema = z
  .object({
    namespaces: z.array(z.string().min(1)).optional(),
    queryParams: z.array(z.string().min(1)).optional(),
    placeholders: z
      .array(PlaceholderSchema)
      .refine((list) => new Set(list.map((placeholder) => placeholder.position)).size === list.length, {
        error: "two placeholders at the same position",
      })
      .optional(),
  })
  .strict();

export const RuleStoreFileSchema = z
  .object({
    version: z.literal(1),
    scopes: z.record(z.string(), TemplateConfigSchema).default({}),
    entries: z.array(EntrySchema),
  })
  .strict();

export interface RuleSetEntry {
  scope: string;
  match: RuleSetMatch;
  rules: RuleSet;
  proposed?: ProposalRecord;
  dropped?: number[];
}

/** What an entry carries besides its rules. */
export type RuleSetExtras = Pick<RuleSetEntry, "proposed" | "dropped">;

export type LookupStep = "exact" | "template" | "looser" | "prefix" | "default";

export interface RuleLookup {
  entry: RuleSetEntry;
  via: LookupStep;
}

export function matchKey(match: RuleSetMatch): string {
  switch (match.kind) {
    case "exact":
      return `exact ${match.path}`;
    case "template":
      return `template ${match.template}`;
    case "prefix":
      return `prefix ${match.prefix}`;
    case "default":
      return "default";
  }
}

function underPrefix(path: string, prefix: string): boolean {
  if (prefix === "/" || path === prefix) return true;
  const base = prefix.endsWith("/") ? prefix : `${prefix}/`;
  return path.startsWith(base);
}

/**
 * Rule sets stored per scope and URL (docs/design/guard.md, "Storage"). A lookup returns exactly
 * one stored rule set, found by the first step that matches: exact path → template → looser
 * template → longest path prefix → scope default. Rule sets of different pages are never merged
 * (merging widens trust on the web), so adding a second set under the same scope and key replaces
 * the first.
 */
export class RuleStore {
  private readonly entries = new Map<string, Map<string, RuleSetEntry>>();
  private readonly configs = new Map<string, TemplateConfig>();

  /** Template settings of a scope (validated: placeholder names and positions). */
  configureScope(scope: string, config: TemplateConfig): void {
    const parsed = TemplateConfigSchema.safeParse(config);
    if (!parsed.success) throw new RuleSetError(problemsFromZod(parsed.error, `template settings of ${scope}`));
    this.configs.set(scope, config);
  }

  /** The template settings of a scope (empty when none were configured). */
  templateConfig(scope: string): TemplateConfig {
    return this.configs.get(scope) ?? {};
  }

  /** Stores (or replaces) the rule set for a scope and key; `rules` is validated. */
  add(scope: string, match: RuleSetMatch, rules: unknown, extras: RuleSetExtras = {}): RuleSetEntry {
    const entry: RuleSetEntry = {
      scope,
      match,
      rules: parseRuleSet(rules, `${scope} ${matchKey(match)}`),
      ...(extras.proposed !== undefined && { proposed: extras.proposed }),
      ...(extras.dropped !== undefined && extras.dropped.length > 0 && { dropped: [...new Set(extras.dropped)].sort((a, b) => a - b) }),
    };
    const byKey = this.entries.get(scope) ?? new Map<string, RuleSetEntry>();
    byKey.set(matchKey(match), entry);
    this.entries.set(scope, byKey);
    return entry;
  }

  /** Removes the rule set stored for a scope and key; false when there was none. */
  remove(scope: string, match: RuleSetMatch): boolean {
    const byKey = this.entries.get(scope);
    const removed = byKey?.delete(matchKey(match)) ?? false;
    if (byKey !== undefined && byKey.size === 0) this.entries.delete(scope);
    return removed;
  }

  list(): RuleSetEntry[] {
    return [...this.entries.values()].flatMap((byKey) => [...byKey.values()]);
  }

  lookup(url: string): RuleLookup | null {
    const scope = normaliseHost(url);
    if (scope === null) return null;
    const byKey = this.entries.get(scope);
    if (byKey === undefined) return null;
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
    const config = this.configs.get(scope) ?? {};
    const exact = byKey.get(`exact ${path}`);
    if (exact !== undefined) return { entry: exact, via: "exact" };
    const template = urlTemplate(url, config);
    const byTemplate = template === null ? undefined : byKey.get(`template ${template}`);
    if (byTemplate !== undefined) return { entry: byTemplate, via: "template" };
    const looser = looserTemplate(url, config);
    const byLooser = looser === null ? undefined : byKey.get(`template ${looser}`);
    if (byLooser !== undefined) return { entry: byLooser, via: "looser" };
    // A prefix matches the path as written or its template (`/e/{episode}/messenger` covers every
    // page of that app whatever the episode), on segment boundaries; the longest wins.
    const templated = templatePath(url, config);
    let best: RuleSetEntry | undefined;
    for (const entry of byKey.values()) {
      if (entry.match.kind !== "prefix") continue;
      if (!underPrefix(path, entry.match.prefix) && !(templated !== null && underPrefix(templated, entry.match.prefix))) continue;
      if (best === undefined || (best.match.kind === "prefix" && entry.match.prefix.length > best.match.prefix.length)) best = entry;
    }
    if (best !== undefined) return { entry: best, via: "prefix" };
    const fallback = byKey.get("default");
    return fallback === undefined ? null : { entry: fallback, via: "default" };
  }

  toJSON(): z.input<typeof RuleStoreFileSchema> {
    const scopes: Record<string, TemplateConfig> = {};
    for (const [scope, config] of [...this.configs].sort(([a], [b]) => a.localeCompare(b))) scopes[scope] = config;
    const entries = this.list()
      .map((entry) => ({
        scope: entry.scope,
        match: entry.match,
        rules: entry.rules as unknown,
        ...(entry.proposed !== undefined && { proposed: entry.proposed }),
        ...(entry.dropped !== undefined && { dropped: entry.dropped }),
      }))
      .sort((a, b) => a.scope.localeCompare(b.scope) || matchKey(a.match).localeCompare(matchKey(b.match)));
    return { version: 1, scopes: scopes as z.input<typeof RuleStoreFileSchema>["scopes"], entries };
  }

  /** Loads a store file; every problem names `source` and the JSON path. */
  static fromJSON(input: unknown, source = "rule store"): RuleStore {
    const parsed = RuleStoreFileSchema.safeParse(input);
    if (!parsed.success) throw new RuleSetError(problemsFromZod(parsed.error, source));
    const store = new RuleStore();
    for (const [scope, config] of Object.entries(parsed.data.scopes)) store.configureScope(scope, config);
    const problems: LoadProblem[] = [];
    parsed.data.entries.forEach((entry, index) => {
      try {
        const rules = parseRuleSet(entry.rules, source, ["entries", index, "rules"]);
        const byKey = store.entries.get(entry.scope) ?? new Map<string, RuleSetEntry>();
        if (byKey.has(matchKey(entry.match))) {
          problems.push({
            file: source,
            path: `$.entries[${index}]`,
            message: `a second rule set for ${entry.scope} ${matchKey(entry.match)} (rule sets are never merged)`,
            severity: "error",
          });
          return;
        }
        byKey.set(matchKey(entry.match), {
          scope: entry.scope,
          match: entry.match,
          rules,
          ...(entry.proposed !== undefined && { proposed: entry.proposed }),
          ...(entry.dropped !== undefined && { dropped: entry.dropped }),
        });
        store.entries.set(entry.scope, byKey);
      } catch (error) {
        if (error instanceof RuleSetError) problems.push(...error.problems);
        else throw error;
      }
    });
    if (problems.length > 0) throw new RuleSetError(problems);
    return store;
  }
}
