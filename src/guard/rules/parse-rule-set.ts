import { InputError, jsonPath } from "../../core/index.js";
import { formatProblem, type LoadProblem, problemsFromZod } from "../../scenario/index.js";
import { lintRuleSet } from "./lint-rule-set.js";
import { FilesRuleSchema, PageRuleSchema, PathRuleSchema, type Rule, type RuleSet, SelfRuleSchema } from "./rule.js";

/** A rule list that failed validation (bad input: exit 2); `problems` pin each error to a JSON path. */
export class RuleSetError extends InputError {
  override name = "RuleSetError";
  constructor(readonly problems: LoadProblem[]) {
    super(`invalid rule set:\n${problems.map(formatProblem).join("\n")}`);
  }
}

/**
 * Validates a rule list (the JSON `--rules` takes). Each element is checked against the schema
 * its `scope` selects, so errors name the field that is wrong instead of a union mismatch; then
 * the set-level constraints (a page-scope rule stands alone) and the linter's error-level checks
 * (class fragments shorter than 3 characters) are enforced.
 * `source` names the file in error messages.
 */
export function parseRuleSet(input: unknown, source = "rules", prefix: ReadonlyArray<PropertyKey> = []): RuleSet {
  const problems: LoadProblem[] = [];
  const at = (path: ReadonlyArray<PropertyKey>, message: string): void => {
    problems.push({ file: source, path: jsonPath([...prefix, ...path]), message, severity: "error" });
  };
  if (!Array.isArray(input)) {
    at([], `expected a JSON list of rules, got ${input === null ? "null" : typeof input}`);
    throw new RuleSetError(problems);
  }
  const rules: Rule[] = [];
  input.forEach((raw: unknown, index) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      at([index], "expected a rule object");
      return;
    }
    const scope = (raw as Record<string, unknown>).scope;
    const schema =
      scope === undefined
        ? PathRuleSchema
        : scope === "page"
          ? PageRuleSchema
          : scope === "self"
            ? SelfRuleSchema
            : scope === "files"
              ? FilesRuleSchema
              : null;
    if (schema === null) {
      at(
        [index, "scope"],
        `unknown scope ${JSON.stringify(scope)} (expected "page", "self", "files", or no scope for an ancestor_path rule)`,
      );
      return;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) rules.push(parsed.data);
    else problems.push(...problemsFromZod(parsed.error, source, [...prefix, index]));
  });
  const pageRules = input.flatMap((raw: unknown, index) =>
    typeof raw === "object" && raw !== null && (raw as Record<string, unknown>).scope === "page" ? [index] : [],
  );
  if (pageRules.length > 0 && input.length > 1) {
    at([pageRules[0]!], `a page-scope rule must be the only rule for its page (this list has ${input.length} rules)`);
  }
  if (problems.length === 0) {
    for (const issue of lintRuleSet(rules)) {
      if (issue.severity === "error")
        problems.push({ file: source, path: jsonPath([...prefix, ...issue.path]), message: issue.message, severity: "error" });
    }
  }
  if (problems.length > 0) throw new RuleSetError(problems);
  return rules;
}
