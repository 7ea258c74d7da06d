import { type Command, InvalidArgumentError } from "commander";
import type { SummaryRow } from "../report/index.js";
import { estimateOf, METRICS, type MetricDescriptor } from "../stats/index.js";

/**
 * Thresholds a CI job sets on every agent × defense row (README "CI gates"), one per metric with a
 * `gate` in its descriptor, keyed by the option's name (`maxLeakage`). Each is compared with the
 * row's point estimate; a row that has no figure to compare (no scored episode, or no engaged one
 * for L_eng) fails the gate, since nothing vouches for it.
 */
export type QualityGates = object;

/** A gate's flag: a ceiling (`--max-…`) on a metric where lower is better, else a floor (`--min-…`). */
interface Gate {
  metric: MetricDescriptor;
  flag: string;
  /** The commander attribute of the flag (`maxEngagedLeakage`). */
  key: string;
  ceiling: boolean;
}

function gatesOf(metrics: readonly MetricDescriptor[]): Gate[] {
  return metrics.flatMap((metric) => {
    if (metric.gate === undefined) return [];
    const ceiling = metric.better !== "higher";
    const flag = `${ceiling ? "max" : "min"}-${metric.name.replaceAll("_", "-")}`;
    const key = flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    return [{ metric, flag, key, ceiling }];
  });
}

/** A rate as a fraction (0.2) or a percent (20%). */
function rateArgument(value: string): number {
  const percent = value.trim().endsWith("%");
  const parsed = Number(percent ? value.trim().slice(0, -1) : value);
  const rate = percent ? parsed / 100 : parsed;
  if (value.trim() === "" || !Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new InvalidArgumentError("expected a rate from 0 to 1, or a percent such as 20%");
  return rate;
}

/** The gates in the order of their flags and config keys: the ceilings first, then the floors. */
function flagOrder(metrics: readonly MetricDescriptor[]): Gate[] {
  const gates = gatesOf(metrics);
  return [...gates.filter((gate) => gate.ceiling), ...gates.filter((gate) => !gate.ceiling)];
}

/** Each gate's key in an eval file's `gates:` (`max_engaged_leakage`) and its option attribute (`maxEngagedLeakage`). */
export function gateConfigKeys(metrics: readonly MetricDescriptor[] = METRICS): Array<{ configKey: string; option: string }> {
  return flagOrder(metrics).map((gate) => ({ configKey: gate.flag.replaceAll("-", "_"), option: gate.key }));
}

export function addGateOptions(command: Command, metrics: readonly MetricDescriptor[] = METRICS): Command {
  flagOrder(metrics).forEach((gate, index) => {
    const side = gate.ceiling ? "above" : "below";
    const scale = index === 0 ? " (0.2 or 20%)" : "";
    command.option(
      `--${gate.flag} <rate>`,
      `CI gate: exit 100 when any agent row's ${gate.metric.gate} ${gate.metric.label} is ${side} this${scale}`,
      rateArgument,
    );
  });
  return command;
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

function rowName(row: Pick<SummaryRow, "agent" | "defense">): string {
  return row.defense === "none" ? row.agent : `${row.agent}::${row.defense}`;
}

/** One line per row and gate not met (in the metrics' order), naming the row, the figure and the threshold; empty when all pass. */
export function checkGates(rows: readonly SummaryRow[], gates: QualityGates, metrics: readonly MetricDescriptor[] = METRICS): string[] {
  const failures: string[] = [];
  for (const row of rows) {
    const name = rowName(row);
    for (const { metric, flag, key, ceiling } of gatesOf(metrics)) {
      const threshold: unknown = Object.getOwnPropertyDescriptor(gates, key)?.value;
      if (typeof threshold !== "number") continue;
      const estimate = estimateOf(row, metric);
      const label = metric.label;
      if (estimate === undefined || estimate.n === 0) {
        // A narrower denominator says why it is empty: everything refused, or nothing scored at all.
        const why = metric.pairsLabel
          ? `${metric.pairsLabel} episode (${row.n > 0 ? "every one refused" : "none scored"})`
          : "scored episode";
        failures.push(`gate: ${name}: ${label} has no ${why}; --${flag} ${pct(threshold)} not met`);
      } else if (ceiling ? estimate.value > threshold : estimate.value < threshold)
        failures.push(`gate: ${name}: ${label} ${pct(estimate.value)} is ${ceiling ? "above" : "below"} --${flag} ${pct(threshold)}`);
    }
  }
  return failures;
}
