import type { BehaviourBreakdown } from "../../stats/index.js";
import type { SafeHtml } from "../html-builder.js";
import { BEHAVIOUR_COLOURS, VEGA_LITE_CONFIG } from "./chart-theme.js";
import { renderVegaSvg } from "./vega-svg.js";

const SEGMENTS = [
  ["completed-clean", "completed_clean"],
  ["completed-leak", "completed_leak"],
  ["incomplete-clean", "incomplete_clean"],
  ["incomplete-leak", "incomplete_leak"],
] as const;

/** Figure 15: each row's non-error outcomes split into completed/incomplete × clean/leak, as shares. */
export async function behaviourBars(rows: ReadonlyArray<{ label: string; behaviour: BehaviourBreakdown }>): Promise<SafeHtml> {
  const values = rows.flatMap((row) => {
    const total = SEGMENTS.reduce((sum, [, key]) => sum + row.behaviour[key], 0);
    let start = 0;
    return SEGMENTS.map(([name, key], order) => {
      const share = total === 0 ? 0 : row.behaviour[key] / total;
      const segment = {
        label: row.label,
        behaviour: name,
        order,
        count: row.behaviour[key],
        share,
        start,
        end: start + share,
        mid: start + share / 2,
        text: share >= 0.08 ? `${Math.round(share * 100)}%` : "",
      };
      start += share;
      return segment;
    });
  });
  const y = { field: "label", type: "nominal", sort: rows.map((row) => row.label), title: null, axis: { labelLimit: 260 } };
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: VEGA_LITE_CONFIG,
    width: 460,
    height: { step: 26 },
    data: { values },
    encoding: { y },
    layer: [
      {
        mark: { type: "bar", stroke: "white", strokeWidth: 1 },
        encoding: {
          x: {
            field: "start",
            type: "quantitative",
            scale: { domain: [0, 1] },
            axis: { format: "%", title: "share of scored episodes", tickCount: 5 },
          },
          x2: { field: "end" },
          color: {
            field: "behaviour",
            type: "nominal",
            scale: { domain: Object.keys(BEHAVIOUR_COLOURS), range: Object.values(BEHAVIOUR_COLOURS) },
            legend: { title: null, orient: "bottom", direction: "horizontal" },
          },
        },
      },
      {
        mark: { type: "text", fontSize: 10, color: "white", fontWeight: 600 },
        encoding: { x: { field: "mid", type: "quantitative" }, text: { field: "text" } },
      },
    ],
  };
  return renderVegaSvg({ vegaLite: spec }, "Behaviour decomposition per agent (Figure 15)");
}
