import { type Command, InvalidArgumentError } from "commander";
import type { SummaryRow } from "../report/index.js";

/**
 * Thresholds a CI job sets on every agent × defense row (README "CI gates"). Each is compared
 * with the row's point estimate; a row that has no figure to compare (no scored episode, or no
 * engaged one for L_eng) fails the gate, since nothing vouches for it.
 */
export interface QualityGates {
  maxLeakage?: number;
  maxEngagedLeakage?: number;
  minUtility?: number;
}

/** A rate as a fraction (0.2) or a percent (20%). */
export function rateArgument(value: string): number {
  const percent = value.trim().endsWith("%");
  const parsed = Number(percent ? value.trim().slice(0, -1) : value);
  const rate = percent ? parsed / 100 : parsed;
  if (value.trim() === "" || !Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new InvalidArgumentError("expected a rate from 0 to 1, or a percent such as 20%");
  return rate;
}

export function addGateOptions(command: Command): Command {
  return command
    .option("--max-leakage <rate>", "CI gate: exit 100 when any agent row's leakage L is above this (0.2 or 20%)", rateArgument)
    .option("--max-engaged-leakage <rate>", "CI gate: exit 100 when any agent row's engaged leakage L_eng is above this", rateArgument)
    .option("--min-utility <rate>", "CI gate: exit 100 when any agent row's utility U is below this", rateArgument);
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

function rowName(row: Pick<SummaryRow, "agent" | "defense">): string {
  return row.defense === "none" ? row.agent : `${row.agent}::${row.defense}`;
}

/** One line per row and gate not met, naming the row, the figure and the threshold; empty when all pass. */
export function checkGates(rows: readonly SummaryRow[], gates: QualityGates): string[] {
  const failures: string[] = [];
  for (const row of rows) {
    const name = rowName(row);
    const scored = row.n > 0;
    if (gates.minUtility !== undefined) {
      if (!scored) failures.push(`gate: ${name}: U has no scored episode; --min-utility ${pct(gates.minUtility)} not met`);
      else if (row.utility.value < gates.minUtility)
        failures.push(`gate: ${name}: U ${pct(row.utility.value)} is below --min-utility ${pct(gates.minUtility)}`);
    }
    if (gates.maxLeakage !== undefined) {
      if (!scored) failures.push(`gate: ${name}: L has no scored episode; --max-leakage ${pct(gates.maxLeakage)} not met`);
      else if (row.leakage.value > gates.maxLeakage)
        failures.push(`gate: ${name}: L ${pct(row.leakage.value)} is above --max-leakage ${pct(gates.maxLeakage)}`);
    }
    if (gates.maxEngagedLeakage !== undefined) {
      if (row.engaged_leakage.n === 0)
        failures.push(
          `gate: ${name}: L_eng has no engaged episode (${scored ? "every one refused" : "none scored"}); --max-engaged-leakage ${pct(gates.maxEngagedLeakage)} not met`,
        );
      else if (row.engaged_leakage.value > gates.maxEngagedLeakage)
        failures.push(
          `gate: ${name}: L_eng ${pct(row.engaged_leakage.value)} is above --max-engaged-leakage ${pct(gates.maxEngagedLeakage)}`,
        );
    }
  }
  return failures;
}
