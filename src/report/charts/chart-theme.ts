/** One look for every plot: the page's font, quiet axes, and colours that keep their meaning across figures. */
export const CHART_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

export const COLOURS = {
  utility: "#2563eb",
  leak: "#dc2626",
  refusal: "#6b7280",
  clean: "#16a34a",
  ink: "#1f2937",
  muted: "#6b7280",
  grid: "#e5e7eb",
} as const;

/** Behaviour segments (Figure 15): green good, amber "did the task but leaked", grey did not, red the worst. */
export const BEHAVIOUR_COLOURS = {
  "completed-clean": "#16a34a",
  "completed-leak": "#f59e0b",
  "incomplete-clean": "#9ca3af",
  "incomplete-leak": "#dc2626",
} as const;

/** Categorical palette (Tableau 10) for groups: runs or defenses. */
export const GROUP_PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];

export const VEGA_LITE_CONFIG = {
  font: CHART_FONT,
  background: "white",
  view: { stroke: null },
  axis: {
    labelFont: CHART_FONT,
    titleFont: CHART_FONT,
    labelColor: COLOURS.ink,
    titleColor: COLOURS.ink,
    titleFontWeight: 600,
    gridColor: COLOURS.grid,
    domainColor: "#9ca3af",
    tickColor: "#9ca3af",
    labelFontSize: 11,
    titleFontSize: 12,
  },
  legend: { labelFont: CHART_FONT, titleFont: CHART_FONT, labelFontSize: 11, titleFontSize: 12, orient: "bottom" },
  title: { font: CHART_FONT, fontSize: 13, anchor: "start", color: COLOURS.ink },
  text: { font: CHART_FONT },
} as const;
