import { jsonPath } from "../../core/index.js";
import type { LoadProblem } from "../../scenario/index.js";
import { lintRuleSet } from "../rules/lint-rule-set.js";
import { parseRuleSet, RuleSetError } from "../rules/parse-rule-set.js";
import { RuleStore } from "./rule-store.js";

/** The linter's warnings for one validated rule list, pinned to `source` and the list's JSON path. */
function warningsOf(rules: unknown, source: string, prefix: ReadonlyArray<PropertyKey>): LoadProblem[] {
  return lintRuleSet(parseRuleSet(rules, source, prefix))
    .filter((issue) => issue.severity === "warning")
    .map((issue) => ({ file: source, path: jsonPath([...prefix, ...issue.path]), message: issue.message, severity: "warning" }));
}

/**
 * Every problem of a rule file (`safecua guard lint`): a plain rule list (the JSON `--rules`
 * takes, one file per page or app) or a RuleStore file (`{version: 1, scopes, entries}`). Errors
 * are what `parseRuleSet` / `RuleStore.fromJSON` refuse (a rule set that would not load);
 * warnings are the linter's, which a capture-free lint can see (unknown roles, role-only paths).
 * Each problem names `source` and the JSON path inside the file.
 */
export function lintRuleFile(input: unknown, source: string): LoadProblem[] {
  try {
    if (Array.isArray(input)) return warningsOf(input, source, []);
    if (typeof input === "object" && input !== null) {
      RuleStore.fromJSON(input, source);
      const entries = (input as { entries: ReadonlyArray<{ rules: unknown }> }).entries;
      return entries.flatMap((entry, index) => warningsOf(entry.rules, source, ["entries", index, "rules"]));
    }
  } catch (error) {
    if (error instanceof RuleSetError) return error.problems;
    throw error;
  }
  return [
    {
      file: source,
      path: "$",
      message: `expected a JSON list of rules or a rule store file ({"version": 1, "scopes": …, "entries": […]}), got ${input === null ? "null" : typeof input}`,
      severity: "error",
    },
  ];
}
