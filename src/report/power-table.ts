import type { Scenario } from "../scenario/index.js";
import { FAILURE_MODES } from "../scenario/index.js";
import { minimumDetectableDifference, pairedMinimumDetectableDifference } from "../stats/index.js";
import { MODE_ABBREVIATIONS } from "./leaderboard-html.js";
import { markdownTable } from "./markdown-table.js";

/** A study group: every scenario of a dataset, or one failure mode's. */
export interface PowerGroup {
  label: string;
  n: number;
}

export interface PowerSettings {
  /** The rate the smaller arm is expected to have (the paper: 0.65). */
  baseline: number;
  alpha: number;
  powers: readonly number[];
  /** Paired (McNemar) MDE with this discordant share; absent for two independent groups only. */
  discordance?: number;
}

export interface PowerRow {
  group: string;
  n: number;
  power: number;
  /** Our MDE: two groups of n, √(n/2), in the h scale and as an increase over the baseline. */
  h: number;
  up: number | null;
  /** The paper's Appendix F figure: the same with √n (one-sample). */
  paper_h: number;
  paper_up: number | null;
  /** Paired MDE (absolute difference) when a discordance was given; null when not reachable. */
  paired?: number | null;
}

/** The baseline of the paper's Appendix F (and `scripts/13_power_analysis.py`): leakage 0.65. */
export const PAPER_BASELINE = 0.65;
/** The target powers of Appendix F. */
export const PAPER_POWERS = [0.8, 0.95] as const;

/**
 * Appendix F's table as printed, (group, n, power, h, pp), so tests can check that the √n formula
 * reproduces it at the paper's baseline.
 */
export const PAPER_APPENDIX_F = [
  { group: "S2A main study", n: 117, power: 0.8, h: 0.259, pp: 11.7 },
  { group: "S2A main study", n: 117, power: 0.95, h: 0.333, pp: 14.8 },
  { group: "E2E deployment", n: 50, power: 0.8, h: 0.396, pp: 17.2 },
  { group: "E2E deployment", n: 50, power: 0.95, h: 0.51, pp: 21.4 },
  { group: "TAO subgroup", n: 75, power: 0.8, h: 0.324, pp: 14.4 },
  { group: "TAO subgroup", n: 75, power: 0.95, h: 0.416, pp: 18.0 },
  { group: "RMA subgroup", n: 24, power: 0.8, h: 0.572, pp: 23.4 },
  { group: "RMA subgroup", n: 24, power: 0.95, h: 0.736, pp: 28.1 },
  { group: "VCL subgroup", n: 18, power: 0.8, h: 0.66, pp: 26.1 },
  { group: "VCL subgroup", n: 18, power: 0.95, h: 0.85, pp: 30.7 },
] as const;

/** The groups Appendix F reports for a dataset: all scenarios, then each failure mode present. */
export function powerGroups(scenarios: readonly Scenario[]): PowerGroup[] {
  const groups: PowerGroup[] = [{ label: "all", n: scenarios.length }];
  for (const mode of FAILURE_MODES) {
    const n = scenarios.filter((scenario) => scenario.failure_mode === mode).length;
    if (n > 0) groups.push({ label: MODE_ABBREVIATIONS[mode] ?? mode, n });
  }
  return groups;
}

/** One row per group and target power: our MDE, the paper's formula's, and optionally the paired one. */
export function powerTable(groups: readonly PowerGroup[], settings: PowerSettings): PowerRow[] {
  return groups.flatMap((group) =>
    settings.powers.map((power) => {
      const ours = minimumDetectableDifference(settings.baseline, group.n, { alpha: settings.alpha, power });
      const paper = minimumDetectableDifference(settings.baseline, group.n, { alpha: settings.alpha, power, reference: true });
      return {
        group: group.label,
        n: group.n,
        power,
        h: ours.h,
        up: ours.up?.delta ?? null,
        paper_h: paper.h,
        paper_up: paper.up?.delta ?? null,
        ...(settings.discordance !== undefined && {
          paired: pairedMinimumDetectableDifference(group.n, settings.discordance, { alpha: settings.alpha, power }),
        }),
      };
    }),
  );
}

const points = (delta: number | null) => (delta === null ? "beyond 100%" : `+${(delta * 100).toFixed(1)}`);

/** The table as Markdown that also reads in a terminal. */
export function powerTableText(rows: readonly PowerRow[]): string {
  const paired = rows.some((row) => row.paired !== undefined);
  const header = ["group", "n", "power", "MDE h", "MDE pp", "paper h (√n)", "paper pp (√n)", ...(paired ? ["paired MDE pp"] : [])];
  return markdownTable(
    header,
    rows.map((row) => [
      row.group,
      String(row.n),
      `${Math.round(row.power * 100)}%`,
      row.h.toFixed(3),
      points(row.up),
      row.paper_h.toFixed(3),
      points(row.paper_up),
      ...(paired ? [row.paired === null || row.paired === undefined ? "not reachable" : `±${(row.paired * 100).toFixed(1)}`] : []),
    ]),
  );
}

/**
 * The MDE a report prints beside a paired comparison: the smallest |Δ| that a two-sided test at
 * α = 0.05 detects with 80% power from arm A's rate with this many pairs, in the direction of the
 * observed difference. It is the two-group figure (√(n/2)): pairing can only shrink it, by as much
 * as the arms agree, and the observed discordance of a small run is too noisy to lean on. Null with
 * no pairs, or when no rate within [0, 1] is far enough away.
 */
export function comparisonMde(comparison: { n: number; mean_a: number; difference: number }): number | null {
  if (comparison.n === 0 || Number.isNaN(comparison.mean_a)) return null;
  const { up, down } = minimumDetectableDifference(comparison.mean_a, comparison.n);
  const [first, second] = comparison.difference < 0 ? [down, up] : [up, down];
  const side = first ?? second;
  return side === null ? null : Math.abs(side.delta);
}

/** "±16.1 pp", or "–" when there is none. */
export function formatMde(mde: number | null): string {
  return mde === null ? "–" : `±${(mde * 100).toFixed(1)} pp`;
}
