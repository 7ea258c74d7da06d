import type { SafeHtml } from "../html-builder.js";
import { CHART_FONT, COLOURS, GROUP_PALETTE } from "./chart-theme.js";
import { placeLabels } from "./label-layout.js";
import { renderVegaSvg } from "./vega-svg.js";

export interface ScatterPoint {
  label: string;
  /** Rates in [0, 1]. */
  x: number;
  y: number;
  xCi?: [number, number] | null;
  yCi?: [number, number] | null;
  /** Colour group (a run or a defense); one group draws no legend. */
  group: string;
}

export interface ScatterOptions {
  xTitle: string;
  yTitle: string;
  /** Accessible name of the figure. */
  description: string;
  groupTitle?: string;
  /** Draw y = x (Figure 12). */
  diagonal?: boolean;
  /** Draw each point's vertical distance to y = x: the refusal gap of Figure 12. */
  gapToDiagonal?: boolean;
  /** Faint corner notes, e.g. "capable but careless" in the high-utility, high-leakage corner. */
  corners?: Array<{ corner: "top-left" | "top-right" | "bottom-left" | "bottom-right"; text: string }>;
  width?: number;
  height?: number;
}

/** A mark's colour: by group when there are several, one colour otherwise. */
type Colour = (field: string) => { scale: string; field: string } | { value: string | undefined };

const CORNER_POSITION = {
  "top-left": { x: 0.02, y: 0.98, align: "left", baseline: "top" },
  "top-right": { x: 0.98, y: 0.98, align: "right", baseline: "top" },
  "bottom-left": { x: 0.02, y: 0.02, align: "left", baseline: "bottom" },
  "bottom-right": { x: 0.98, y: 0.02, align: "right", baseline: "bottom" },
} as const;

/**
 * A labelled scatter of two rates on fixed 0–100% axes (so plots of different runs compare at a
 * glance), with optional 95% CI whiskers. Raw Vega rather than Vega-Lite because labels need
 * per-point offsets, which Vega-Lite cannot encode.
 */
export async function labelledScatter(points: readonly ScatterPoint[], options: ScatterOptions): Promise<SafeHtml> {
  const width = options.width ?? 520;
  const height = options.height ?? 360;
  const groups = [...new Set(points.map((p) => p.group))];
  const colour: Colour = (field) => (groups.length > 1 ? { scale: "colour", field } : { value: GROUP_PALETTE[0] });
  const spec = {
    $schema: "https://vega.github.io/schema/vega/v6.json",
    width,
    height,
    padding: { left: 8, right: 24, top: 12, bottom: 8 },
    autosize: "pad",
    background: "white",
    config: {
      text: { font: CHART_FONT },
      axis: { labelFont: CHART_FONT, titleFont: CHART_FONT },
      legend: { labelFont: CHART_FONT, titleFont: CHART_FONT },
    },
    data: [
      { name: "points", values: pointValues(points, width, height) },
      { name: "xci", source: "points", transform: [{ type: "filter", expr: "datum.x_lo !== null" }] },
      { name: "yci", source: "points", transform: [{ type: "filter", expr: "datum.y_lo !== null" }] },
      { name: "corners", values: (options.corners ?? []).map((c) => ({ text: c.text, ...CORNER_POSITION[c.corner] })) },
    ],
    scales: [
      { name: "x", type: "linear", domain: [0, 1], range: "width", nice: false, zero: true },
      { name: "y", type: "linear", domain: [0, 1], range: "height", nice: false, zero: true },
      { name: "colour", type: "ordinal", domain: groups, range: GROUP_PALETTE },
    ],
    axes: [rateAxis("bottom", "x", options.xTitle), rateAxis("left", "y", options.yTitle)],
    legends:
      groups.length > 1
        ? [{ fill: "colour", title: options.groupTitle ?? "", orient: "bottom", direction: "horizontal", symbolType: "circle" }]
        : [],
    marks: [cornerMarks(), ...guideMarks(options), ...whiskerMarks(colour), ...pointMarks(colour)],
  };
  return renderVegaSvg({ vega: spec }, options.description);
}

/** Each point with its whiskers and its label's offset, placed so labels do not collide. */
function pointValues(points: readonly ScatterPoint[], width: number, height: number) {
  const placements = placeLabels(
    points.map((p) => ({ x: p.x * width, y: (1 - p.y) * height, text: p.label })),
    width,
    height,
  );
  return points.map((p, index) => {
    const placement = placements[index];
    return {
      label: p.label,
      x: p.x,
      y: p.y,
      group: p.group,
      x_lo: p.xCi?.[0] ?? null,
      x_hi: p.xCi?.[1] ?? null,
      y_lo: p.yCi?.[0] ?? null,
      y_hi: p.yCi?.[1] ?? null,
      dx: placement?.dx ?? 8,
      dy: placement?.dy ?? 0,
      align: placement?.align ?? "left",
      baseline: placement?.baseline ?? "middle",
    };
  });
}

/** A 0–100% axis with a grid. */
function rateAxis(orient: "bottom" | "left", scale: "x" | "y", title: string) {
  return {
    orient,
    scale,
    title,
    format: ".0%",
    grid: true,
    tickCount: 5,
    gridColor: COLOURS.grid,
    domainColor: "#9ca3af",
    labelColor: COLOURS.ink,
    titleColor: COLOURS.ink,
    titleFontSize: 12,
  };
}

/** The faint corner notes. */
function cornerMarks() {
  return pointText("corners", "text", { fill: { value: "#9ca3af" }, fontStyle: { value: "italic" } });
}

/**
 * A text mark that writes each datum's `text` field at its point, aligned by the datum's own
 * `align` and `baseline` (the corner notes and the point labels).
 */
function pointText(data: string, text: string, style: Record<string, unknown>, name?: string) {
  return {
    type: "text",
    ...(name !== undefined && { name }),
    from: { data },
    encode: {
      enter: {
        x: { scale: "x", field: "x" },
        y: { scale: "y", field: "y" },
        text: { field: text },
        align: { field: "align" },
        baseline: { field: "baseline" },
        fontSize: { value: 11 },
        ...style,
      },
    },
  };
}

/** The y = x diagonal and each point's gap to it, where asked for. */
function guideMarks(options: ScatterOptions) {
  const diagonal = {
    type: "rule",
    encode: {
      enter: {
        x: { scale: "x", value: 0 },
        y: { scale: "y", value: 0 },
        x2: { scale: "x", value: 1 },
        y2: { scale: "y", value: 1 },
        stroke: { value: "#9ca3af" },
        strokeDash: { value: [4, 4] },
      },
    },
  };
  const gaps = {
    type: "rule",
    name: "refusal_gaps",
    from: { data: "points" },
    encode: {
      enter: {
        x: { scale: "x", field: "x" },
        y: { scale: "y", field: "x" },
        y2: { scale: "y", field: "y" },
        stroke: { value: COLOURS.refusal },
        strokeWidth: { value: 2 },
        strokeOpacity: { value: 0.6 },
      },
    },
  };
  return [...(options.diagonal ? [diagonal] : []), ...(options.gapToDiagonal ? [gaps] : [])];
}

/** The 95% CI whiskers, horizontal then vertical. */
function whiskerMarks(colour: Colour) {
  const whisker = (name: string, from: string, span: Record<string, unknown>) => ({
    type: "rule",
    name,
    from: { data: from },
    encode: {
      enter: { ...span, stroke: colour("group"), strokeOpacity: { value: 0.35 }, strokeWidth: { value: 1.5 } },
    },
  });
  return [
    whisker("x_ci", "xci", {
      x: { scale: "x", field: "x_lo" },
      x2: { scale: "x", field: "x_hi" },
      y: { scale: "y", field: "y" },
    }),
    whisker("y_ci", "yci", {
      y: { scale: "y", field: "y_lo" },
      y2: { scale: "y", field: "y_hi" },
      x: { scale: "x", field: "x" },
    }),
  ];
}

/** The dots and their labels. */
function pointMarks(colour: Colour) {
  return [
    {
      type: "symbol",
      name: "dots",
      from: { data: "points" },
      encode: {
        enter: {
          x: { scale: "x", field: "x" },
          y: { scale: "y", field: "y" },
          size: { value: 70 },
          fill: colour("group"),
          stroke: { value: "white" },
          strokeWidth: { value: 1 },
          description: { field: "label" },
        },
      },
    },
    pointText("points", "label", { dx: { field: "dx" }, dy: { field: "dy" }, fill: { value: COLOURS.ink } }, "labels"),
  ];
}
