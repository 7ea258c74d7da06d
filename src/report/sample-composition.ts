import { type Scenario, STRATUM_KEYS, type StratumKey } from "../scenario/index.js";
import { stratumCounts } from "../stats/index.js";
import { markdownTable } from "./markdown-table.js";

export interface CompositionRow {
  key: StratumKey;
  value: string;
  pool: number;
  sample: number;
}

/** For each key, every value the pool has, with its count in the pool and in the sample. */
export function sampleComposition(pool: readonly Scenario[], sample: readonly Scenario[], keys: readonly StratumKey[]): CompositionRow[] {
  return keys.flatMap((key) => {
    const inSample = new Map(stratumCounts(sample, STRATUM_KEYS[key]));
    return stratumCounts(pool, STRATUM_KEYS[key]).map(([value, count]) => ({ key, value, pool: count, sample: inSample.get(value) ?? 0 }));
  });
}

/** The composition as a terminal table: the pool's count and share beside the sample's. */
export function compositionTable(rows: readonly CompositionRow[], poolSize: number, sampleSize: number): string {
  const share = (count: number, total: number) => `${count} (${total === 0 ? "–" : `${((100 * count) / total).toFixed(1)}%`})`;
  return markdownTable(
    ["by", "value", `pool (n = ${poolSize})`, `sample (n = ${sampleSize})`],
    rows.map((row) => [row.key, row.value, share(row.pool, poolSize), share(row.sample, sampleSize)]),
  );
}
