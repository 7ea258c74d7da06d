// Times the bootstrap-heavy stats: `npx tsx bench/stats-bootstrap.ts`.
// Prints the median wall time over several runs, after a warm-up run.
import { bootstrapMeanCI, type Outcome, pairedComparison, seededRandom, summarizeOutcomes } from "../src/stats/index.js";

const MODES = ["recipient_misalignment", "task_ambiguity_overshare", "visual_co_location"];

function syntheticOutcomes(n: number, seed: number): Outcome[] {
  const rng = seededRandom(seed, "bench-outcomes");
  return Array.from({ length: n }, () => {
    const refused = rng.nextFloat() < 0.05;
    return {
      utility: !refused && rng.nextFloat() < 0.7 ? 1 : 0,
      leaked: !refused && rng.nextFloat() < 0.5,
      refused,
      error: rng.nextFloat() < 0.02,
      failure_mode: MODES[rng.nextInt(MODES.length)] as string,
    };
  });
}

function medianMs(runs: number, task: () => void): number {
  task(); // warm-up (JIT)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    task();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const RESAMPLES = 10_000;
for (const n of [117, 2_000]) {
  const outcomes = syntheticOutcomes(n, n);
  const ms = medianMs(9, () => summarizeOutcomes(outcomes, { resamples: RESAMPLES, key: "bench" }));
  console.log(`summarizeOutcomes  n=${String(n).padStart(5)}  resamples=${RESAMPLES}  median ${ms.toFixed(1)} ms`);
}

for (const n of [117, 2_000]) {
  const rng = seededRandom(7, "bench-pairs");
  const a = Array.from({ length: n }, () => (rng.nextFloat() < 0.6 ? 1 : 0));
  const b = Array.from({ length: n }, () => (rng.nextFloat() < 0.7 ? 1 : 0));
  const ms = medianMs(9, () => pairedComparison(a, b, { resamples: RESAMPLES }));
  console.log(`pairedComparison   n=${String(n).padStart(5)}  resamples=${RESAMPLES}  median ${ms.toFixed(1)} ms`);
}

// Many distinct values take the index-resampling path (n draws per resample).
for (const n of [117, 2_000]) {
  const rng = seededRandom(9, "bench-continuous");
  const values = Array.from({ length: n }, () => rng.nextFloat());
  const ms = medianMs(5, () => bootstrapMeanCI(values, { resamples: RESAMPLES }));
  console.log(
    `bootstrapMeanCI    n=${String(n).padStart(5)}  resamples=${RESAMPLES}  continuous values (index path)  median ${ms.toFixed(1)} ms`,
  );
}
