import type { InjectionFamilySummary, InjectionPooledSummary } from "../stats/index.js";
import { formatEstimate } from "./format-estimate.js";
import { markdownTable } from "./markdown-table.js";

/** A summary row as far as the injection tables read it. */
export interface InjectionRow {
  agent: string;
  defense: string;
  by_family?: Record<string, InjectionFamilySummary>;
  all_attacks?: InjectionPooledSummary;
}

/** What the injection columns mean, printed under the table. */
export const INJECTION_LEGEND =
  "ASR@k: tasks whose adversarial evaluator fired in any of k epochs (bootstrap over tasks). CR: benign success per episode (utility under attack for F1, F2, F3; clean utility for F4). done, not attacked: episodes with benign success and no adversarial success (F1, F2, F3). FR: episodes with neither. attempts: episodes with an attempt signal (diagnostic, never ASR). all attacks: the same over every task with an attacker, whatever its family (it moves with the pack's mix of families; F4 is never in it).";

/** `k` as the table shows it: one number, or the range when some tasks lost epochs. */
export function epochsText(epochs: InjectionFamilySummary["epochs"]): string {
  return epochs.min === epochs.max ? String(epochs.max) : `${epochs.min}–${epochs.max}`;
}

/** How the tables name a row's pooled figures: `all attacks (F1, F3)`. */
function pooledLabel(pooled: InjectionPooledSummary): string {
  return `all attacks (${pooled.families.join(", ")})`;
}

/**
 * The (row, family) lines of the rows that ran injection tasks: first the row's figures over all
 * attack families when they pool two or more (with one, they are that family's line again), then
 * each family in key order.
 */
export function injectionEntries<T extends InjectionRow>(rows: readonly T[]): Array<[T, string, InjectionFamilySummary]> {
  return rows.flatMap(
    (row): Array<[T, string, InjectionFamilySummary]> => [
      ...(row.all_attacks && row.all_attacks.families.length > 1
        ? [[row, pooledLabel(row.all_attacks), row.all_attacks] as [T, string, InjectionFamilySummary]]
        : []),
      ...Object.entries(row.by_family ?? {}).map(([family, summary]): [T, string, InjectionFamilySummary] => [row, family, summary]),
    ],
  );
}

/** ASR@k, CR and FR per agent × defense × family with 95% CIs, as Markdown; undefined when no row ran injection tasks. */
export function injectionTable(rows: readonly InjectionRow[]): string | undefined {
  const entries = injectionEntries(rows);
  if (entries.length === 0) return undefined;
  const showDefense = rows.some((row) => row.defense !== "none");
  const estimate = (value: InjectionFamilySummary["asr"]) => (value === null ? "–" : formatEstimate(value));
  return markdownTable(
    [
      "agent",
      ...(showDefense ? ["defense"] : []),
      "family",
      "tasks",
      "k",
      "ASR@k [95% CI]",
      "CR [95% CI]",
      "done, not attacked [95% CI]",
      "FR [95% CI]",
      "attempts",
      "errors",
    ],
    entries.map(([row, family, summary]) => [
      row.agent,
      ...(showDefense ? [row.defense] : []),
      family,
      String(summary.tasks),
      epochsText(summary.epochs),
      estimate(summary.asr),
      formatEstimate(summary.cr),
      estimate(summary.done_unattacked ?? null),
      estimate(summary.fr),
      summary.attempt_rate === null ? "–" : formatEstimate(summary.attempt_rate, false),
      String(summary.errors),
    ]),
  );
}
