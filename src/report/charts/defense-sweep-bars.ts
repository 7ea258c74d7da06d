import type { SafeHtml } from "../html-builder.js";
import { GROUP_PALETTE, VEGA_LITE_CONFIG } from "./chart-theme.js";
import { renderVegaSvg } from "./vega-svg.js";

export interface SweepBar {
  agent: string;
  defense: string;
  metric: "utility" | "engaged leakage";
  value: number;
  ci: [number, number] | null;
}

/** Figure 6: utility and engaged leakage per defense, one bar per agent, with 95% CI whiskers. */
export async function defenseSweepBars(bars: readonly SweepBar[], defenses: readonly string[]): Promise<SafeHtml> {
  const agents = [...new Set(bars.map((bar) => bar.agent))];
  const values = bars.map((bar) => ({ ...bar, lo: bar.ci?.[0] ?? bar.value, hi: bar.ci?.[1] ?? bar.value }));
  const x = { field: "defense", type: "nominal", sort: [...defenses], title: null, axis: { labelAngle: 0 } };
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: VEGA_LITE_CONFIG,
    data: { values },
    facet: {
      column: {
        field: "metric",
        type: "nominal",
        sort: ["utility", "engaged leakage"],
        title: null,
        header: { labelFontSize: 13, labelFontWeight: 600 },
      },
    },
    spec: {
      width: Math.max(220, defenses.length * agents.length * 18 + defenses.length * 20),
      height: 220,
      encoding: { x, xOffset: { field: "agent", type: "nominal", sort: agents } },
      layer: [
        {
          mark: { type: "bar", cornerRadiusTopLeft: 2, cornerRadiusTopRight: 2 },
          encoding: {
            y: { field: "value", type: "quantitative", scale: { domain: [0, 1] }, axis: { format: "%", title: null, tickCount: 5 } },
            color: {
              field: "agent",
              type: "nominal",
              sort: agents,
              scale: { range: GROUP_PALETTE },
              legend: { title: null, orient: "bottom" },
            },
          },
        },
        {
          mark: { type: "rule", color: "#374151", strokeWidth: 1 },
          encoding: { y: { field: "lo", type: "quantitative" }, y2: { field: "hi" } },
        },
      ],
    },
  };
  return renderVegaSvg({ vegaLite: spec }, "Defense sweep: utility and engaged leakage per defense (Figure 6)");
}
