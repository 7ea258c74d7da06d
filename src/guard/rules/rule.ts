import { z } from "zod";
import { isKnownRole } from "../roles.js";

/**
 * The rule language (docs/design/guard.md, "Rule language"). Rules name *trusted* content; whatever
 * no rule names stays masked. Unknown keys are refused everywhere so that a typo (`excepts`,
 * `ownRole`) cannot silently widen or narrow a grant.
 */
const IdentifierSchema = z
  .object({
    /** Normalised role (docs/design/guard.md, "Capture") or the raw Chromium role. */
    role: z.string().min(1, "role must be a non-empty string"),
    /** Exact match on the node's DOM id. */
    id: z.string().min(1, "id must be a non-empty string").optional(),
    /** Must occur somewhere in the node's full class string (substring, as the seed specifies). */
    class: z.string().min(1, "class must be a non-empty string").optional(),
  })
  .strict();
export type Identifier = z.infer<typeof IdentifierSchema>;

const note = z.string().trim().min(1, "note must say what the region is").max(300, "note must be short (at most 300 characters)");

export const PathRuleSchema = z
  .object({
    ancestor_path: z.array(IdentifierSchema).min(1, "ancestor_path must name at least one identifier"),
    verdict: z.literal("trusted", {
      error: 'verdict of an ancestor_path rule must be "trusted" (rules name trusted content; use a page-scope rule for "untrusted")',
    }),
    note,
    except: z.array(IdentifierSchema).min(1, "except, when present, must list at least one signature").optional(),
    own_role: z
      .string()
      .refine(isKnownRole, { error: (issue) => `own_role ${JSON.stringify(issue.input)} is not a known role` })
      .optional(),
  })
  .strict();
export type PathRule = z.infer<typeof PathRuleSchema>;

export const PageRuleSchema = z
  .object({
    scope: z.literal("page"),
    verdict: z.enum(["trusted", "untrusted"], { error: 'verdict of a page-scope rule must be "trusted" or "untrusted"' }),
    note,
  })
  .strict();
export type PageRule = z.infer<typeof PageRuleSchema>;

/**
 * Self-authored content (docs/design/guard.md, "Self-authored content"): a `container` is trusted
 * when the one `byline` inside it (not inside a nested container) reads exactly the
 * operator-declared identity. The identity is configuration and never read from the screen.
 */
export const SelfRuleSchema = z
  .object({
    scope: z.literal("self"),
    container: IdentifierSchema,
    byline: IdentifierSchema,
    verdict: z.literal("trusted").optional(),
    note: note.optional(),
  })
  .strict();
export type SelfRule = z.infer<typeof SelfRuleSchema>;

/**
 * File listings (docs/design/guard.md, "Exceptions"): names a container whose rows list files — the
 * files app's listing, a file chooser's table. It grants nothing by itself; inside it, and only
 * there, a row whose whole text is the base name of a file the user owns is shown (file ownership).
 * Elsewhere a page could otherwise write an owned file's name anywhere to get text unmasked.
 */
export const FilesRuleSchema = z
  .object({
    scope: z.literal("files"),
    listing: IdentifierSchema,
    note,
  })
  .strict();
export type FilesRule = z.infer<typeof FilesRuleSchema>;

export type Rule = PathRule | PageRule | SelfRule | FilesRule;
/**
 * A validated rule list for one page (never merged with another page's,
 * docs/design/guard.md, "Rule language").
 */
export type RuleSet = readonly Rule[];

export function isPageRule(rule: Rule): rule is PageRule {
  return "scope" in rule && rule.scope === "page";
}

export function isSelfRule(rule: Rule): rule is SelfRule {
  return "scope" in rule && rule.scope === "self";
}

export function isFilesRule(rule: Rule): rule is FilesRule {
  return "scope" in rule && rule.scope === "files";
}

export function isPathRule(rule: Rule): rule is PathRule {
  return "ancestor_path" in rule;
}
