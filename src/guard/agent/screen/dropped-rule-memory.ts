import type { DroppedRule } from "../../verdicts/coverage-cap.js";

/**
 * The episode's memory of rules the coverage cap dropped, per page template
 * (docs/design/guard.md, "Safety checks"): a virtualised list shows other rows after a scroll, and
 * a rule that grabbed most of the page on one capture may fall under the cap on the next. Once
 * dropped on a template, a rule stays dropped for the episode. Only the main document's rules are
 * kept: a child frame's rules are its own.
 */
export class DroppedRuleMemory {
  private readonly byTemplate = new Map<string, Set<number>>();

  /** The rule indexes dropped so far on this template (the planner's shown URL). */
  keptFor(template: string): ReadonlySet<number> {
    return this.byTemplate.get(template) ?? new Set();
  }

  /** Adds what a capture of this template dropped. */
  record(template: string, dropped: readonly DroppedRule[]): void {
    const main = dropped.filter((rule) => rule.main).map((rule) => rule.ruleIndex);
    if (main.length === 0) return;
    const kept = this.byTemplate.get(template) ?? new Set<number>();
    for (const index of main) kept.add(index);
    this.byTemplate.set(template, kept);
  }
}
