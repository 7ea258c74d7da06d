/** Rates as people read them in papers: one decimal percent, CI in brackets. */
export function formatPercent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** A rate over no scored episode is unknown, not 0%: it shows "–". */
export function formatEstimate(estimate: { value: number; ci: [number, number] | null; n?: number }, withCi = true): string {
  if (estimate.n === 0) return "–";
  if (!withCi || estimate.ci === null) return formatPercent(estimate.value);
  const [lo, hi] = estimate.ci;
  return `${formatPercent(estimate.value)} [${(lo * 100).toFixed(1)}, ${(hi * 100).toFixed(1)}]`;
}

/** Dollars as the report shows them: four decimals below a dollar, where model calls usually are. */
export function formatUsd(value: number): string {
  return `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`;
}
