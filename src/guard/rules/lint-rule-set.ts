import type { CapturedPage } from "../captured-page.js";
import { isKnownRole } from "../roles.js";
import { type Identifier, isFilesRule, isPathRule, isSelfRule, type RuleSet } from "./rule.js";

export interface LintIssue {
  /** JSON path inside the rule list, e.g. `[2, "ancestor_path", 0, "class"]`. */
  path: Array<string | number>;
  severity: "error" | "warning";
  code: "class-too-short" | "class-over-match" | "unknown-role" | "role-only-path";
  message: string;
}

/** Class fragments shorter than this match too much by substring to be a deliberate grant. */
const MIN_CLASS_FRAGMENT = 3;

function identifiersOf(rules: RuleSet): Array<{ path: Array<string | number>; identifier: Identifier }> {
  const out: Array<{ path: Array<string | number>; identifier: Identifier }> = [];
  rules.forEach((rule, index) => {
    if (isPathRule(rule)) {
      for (const [i, identifier] of rule.ancestor_path.entries()) out.push({ path: [index, "ancestor_path", i], identifier });
      for (const [i, identifier] of (rule.except ?? []).entries()) out.push({ path: [index, "except", i], identifier });
    } else if (isSelfRule(rule)) {
      out.push({ path: [index, "container"], identifier: rule.container });
      out.push({ path: [index, "byline"], identifier: rule.byline });
    } else if (isFilesRule(rule)) {
      out.push({ path: [index, "listing"], identifier: rule.listing });
    }
  });
  return out;
}

/**
 * Checks that a schema cannot express (docs/design/guard.md, "Rule language"): `class` is a
 * substring test, so a short fragment or one that occurs in several class tokens of the page
 * silently widens a trust grant. With a capture, fragments are checked against the class tokens
 * actually on that page.
 */
export function lintRuleSet(rules: RuleSet, page?: Pick<CapturedPage, "nodes">): LintIssue[] {
  const issues: LintIssue[] = [];
  let tokens: string[] | null = null;
  if (page !== undefined) {
    const set = new Set<string>();
    for (const node of page.nodes) for (const token of node.classes) if (token !== "") set.add(token);
    tokens = [...set].sort();
  }
  for (const { path, identifier } of identifiersOf(rules)) {
    if (!isKnownRole(identifier.role)) {
      issues.push({
        path: [...path, "role"],
        severity: "warning",
        code: "unknown-role",
        message: `role ${JSON.stringify(identifier.role)} is neither a normalised nor a known raw role; it will match nothing`,
      });
    }
    const fragment = identifier.class;
    if (fragment === undefined) continue;
    if ([...fragment].length < MIN_CLASS_FRAGMENT) {
      issues.push({
        path: [...path, "class"],
        severity: "error",
        code: "class-too-short",
        message: `class fragment ${JSON.stringify(fragment)} is shorter than ${MIN_CLASS_FRAGMENT} characters (it is a substring test and would match too much)`,
      });
      continue;
    }
    if (tokens !== null) {
      const hits = tokens.filter((token) => token.includes(fragment));
      if (hits.length > 1) {
        issues.push({
          path: [...path, "class"],
          severity: "warning",
          code: "class-over-match",
          message: `class fragment ${JSON.stringify(fragment)} matches ${hits.length} distinct class tokens on this page (${hits.slice(0, 5).join(", ")}${hits.length > 5 ? ", …" : ""}); name one token exactly`,
        });
      }
    }
  }
  rules.forEach((rule, index) => {
    if (isPathRule(rule) && rule.ancestor_path.every((identifier) => identifier.id === undefined && identifier.class === undefined)) {
      issues.push({
        path: [index, "ancestor_path"],
        severity: "warning",
        code: "role-only-path",
        message: "ancestor_path names roles only (no id or class); it grants every matching container on the page",
      });
    }
  });
  return issues;
}
