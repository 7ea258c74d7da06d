import type { SafeHtml } from "../html-builder.js";
import { COLOURS, VEGA_LITE_CONFIG } from "./chart-theme.js";
import { renderVegaSvg } from "./vega-svg.js";

export interface RankInput {
  label: string;
  utility: number;
  engagedLeakage: number;
}

interface RankEntry extends RankInput {
  /** 1 = highest utility; ties share the better rank ("1, 2, 2, 4"). */
  utilityRank: number;
  /** 1 = lowest engaged leakage. */
  disclosureRank: number;
  /** Drawing positions: the orders with ties broken by label, so no two lines start at one point. */
  utilityPosition: number;
  disclosurePosition: number;
}

export interface RankComparison {
  entries: RankEntry[];
  /** Pairs ranked one way by utility and the other way by disclosure: the crossing lines of Figure 13. */
  crossings: number;
  /** Pairs with no tie on either metric (the pairs that can cross or not). */
  comparablePairs: number;
  /** Pearson correlation of utility and engaged leakage over the rows; null below 3 rows or with no spread. */
  pearson: number | null;
  /** Spearman correlation (Pearson of average ranks); null likewise. */
  spearman: number | null;
}

function byLabel(a: RankInput, b: RankInput): number {
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

function competitionRanks(values: number[], better: (a: number, b: number) => boolean): number[] {
  return values.map((value) => 1 + values.filter((other) => better(other, value)).length);
}

function averageRanks(values: number[]): number[] {
  return values.map((value) => {
    const below = values.filter((other) => other < value).length;
    const equal = values.filter((other) => other === value).length;
    return below + (equal + 1) / 2;
  });
}

function pearson(xs: number[], ys: number[]): number | null {
  const n = xs.length;
  if (n < 3) return null;
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / n;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/** Utility rank against disclosure rank (Appendix I): who is capable, who is careful, and how often the two orders disagree. */
export function compareRanks(inputs: readonly RankInput[]): RankComparison {
  const rows = [...inputs].sort(byLabel);
  const utilities = rows.map((row) => row.utility);
  const leakages = rows.map((row) => row.engagedLeakage);
  const utilityRanks = competitionRanks(utilities, (a, b) => a > b);
  const disclosureRanks = competitionRanks(leakages, (a, b) => a < b);
  const utilityOrder = rows.map((_, i) => i).sort((a, b) => (utilities[b] as number) - (utilities[a] as number) || a - b);
  const disclosureOrder = rows.map((_, i) => i).sort((a, b) => (leakages[a] as number) - (leakages[b] as number) || a - b);
  const entries: RankEntry[] = rows.map((row, i) => ({
    ...row,
    utilityRank: utilityRanks[i] as number,
    disclosureRank: disclosureRanks[i] as number,
    utilityPosition: utilityOrder.indexOf(i) + 1,
    disclosurePosition: disclosureOrder.indexOf(i) + 1,
  }));
  let crossings = 0;
  let comparablePairs = 0;
  for (let i = 0; i < rows.length; i++)
    for (let j = i + 1; j < rows.length; j++) {
      const du = (utilities[i] as number) - (utilities[j] as number);
      const dl = (leakages[j] as number) - (leakages[i] as number);
      if (du === 0 || dl === 0) continue;
      comparablePairs++;
      if (du * dl < 0) crossings++;
    }
  return {
    entries,
    crossings,
    comparablePairs,
    pearson: pearson(utilities, leakages),
    spearman: pearson(averageRanks(utilities), averageRanks(leakages)),
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Figure 13: a slope chart from utility rank (left) to disclosure rank (right); red lines lose places. */
export async function rankCrossingsChart(comparison: RankComparison): Promise<SafeHtml> {
  const UTILITY = "utility rank";
  const DISCLOSURE = "disclosure rank";
  const values = comparison.entries.flatMap((entry) => {
    const shift = entry.disclosurePosition - entry.utilityPosition;
    const trend = shift > 0 ? "worse at disclosure" : shift < 0 ? "better at disclosure" : "same place";
    return [
      {
        label: entry.label,
        side: UTILITY,
        position: entry.utilityPosition,
        trend,
        text: `${entry.label}  #${entry.utilityRank} · U ${percent(entry.utility)}`,
      },
      {
        label: entry.label,
        side: DISCLOSURE,
        position: entry.disclosurePosition,
        trend,
        text: `#${entry.disclosureRank} · L_eng ${percent(entry.engagedLeakage)}  ${entry.label}`,
      },
    ];
  });
  const count = comparison.entries.length;
  const y = { field: "position", type: "quantitative", axis: null, scale: { domain: [0.5, count + 0.5], reverse: true } };
  const x = {
    field: "side",
    type: "nominal",
    sort: [UTILITY, DISCLOSURE],
    axis: { orient: "top", title: null, labelAngle: 0, labelFontWeight: 600, labelPadding: 6, domain: false, ticks: false },
    scale: { padding: 0.05 },
  };
  const colour = {
    field: "trend",
    type: "nominal",
    scale: { domain: ["worse at disclosure", "better at disclosure", "same place"], range: [COLOURS.leak, COLOURS.clean, COLOURS.muted] },
    legend: { title: null, orient: "bottom", labelLimit: 200 },
  };
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: VEGA_LITE_CONFIG,
    width: 220,
    height: Math.max(120, count * 24),
    data: { values },
    encoding: { x, y },
    layer: [
      { mark: { type: "line", strokeWidth: 2, opacity: 0.8 }, encoding: { detail: { field: "label" }, color: colour } },
      { mark: { type: "circle", size: 50, opacity: 1 }, encoding: { color: colour } },
      {
        transform: [{ filter: { field: "side", equal: UTILITY } }],
        mark: { type: "text", align: "right", dx: -10, fontSize: 11, color: COLOURS.ink },
        encoding: { text: { field: "text" } },
      },
      {
        transform: [{ filter: { field: "side", equal: DISCLOSURE } }],
        mark: { type: "text", align: "left", dx: 10, fontSize: 11, color: COLOURS.ink },
        encoding: { text: { field: "text" } },
      },
    ],
  };
  return renderVegaSvg({ vegaLite: spec }, "Utility rank versus disclosure rank (Figure 13)");
}
