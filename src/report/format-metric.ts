import { estimateOf, type MetricDescriptor } from "../stats/index.js";
import { formatEstimate, formatPercent } from "./format-estimate.js";

/** Means (severity, reward) with two decimals: they range over 0–5, not over a percentage. */
export function formatMean(value: number): string {
  return value.toFixed(2);
}

/** A metric's column heading: its label, and "[95% CI]" when the cells carry one. */
export function metricHeading(metric: Pick<MetricDescriptor, "label" | "format">): string {
  return metric.format.endsWith("-ci") ? `${metric.label} [95% CI]` : metric.label;
}

/** A row's figure for `metric` as its descriptor's format says; "–" when the row has none or it rests on no outcome. */
export function formatMetric(metric: MetricDescriptor, row: object): string {
  const estimate = estimateOf(row, metric);
  if (estimate === undefined || estimate.n === 0) return "–";
  switch (metric.format) {
    case "percent-ci":
      return formatEstimate(estimate);
    case "percent":
      return formatEstimate(estimate, false);
    case "percent-count":
      return `${formatPercent(estimate.value)} (${"k" in estimate ? estimate.k : estimate.n})`;
    case "mean-ci": {
      const ci = estimate.ci ? ` [${formatMean(estimate.ci[0])}, ${formatMean(estimate.ci[1])}]` : "";
      return `${formatMean(estimate.value)}${ci}`;
    }
  }
}
