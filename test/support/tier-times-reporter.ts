import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

interface TierTime {
  files: number;
  /** Wall time from the tier's first file starting to its last file ending. */
  firstStart: number;
  lastEnd: number;
  /** Sum of its files' wall times (two workers: up to twice the span). */
  fileSeconds: number;
  slowest: Array<{ file: string; seconds: number }>;
}

/**
 * Prints, at the end of a run, each tier's wall time, its files' summed time and its slowest
 * files, and writes them to `.vitest-tiers.json` (scripts/test.sh shows them; scripts/flaky.sh
 * keeps them per run). Tiers overlap in time (two workers, longest files first), so a tier's span
 * is when it ran, not what it alone would take.
 */
export default class TierTimesReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly tiers = new Map<string, TierTime>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = Date.now();
    const start = this.started.get(module.moduleId) ?? end;
    const tier = module.project.name || "default";
    const time = this.tiers.get(tier) ?? { files: 0, firstStart: start, lastEnd: end, fileSeconds: 0, slowest: [] };
    time.files++;
    time.firstStart = Math.min(time.firstStart, start);
    time.lastEnd = Math.max(time.lastEnd, end);
    time.fileSeconds += (end - start) / 1000;
    time.slowest = [...time.slowest, { file: module.relativeModuleId, seconds: (end - start) / 1000 }]
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 3);
    this.tiers.set(tier, time);
  }

  onTestRunEnd(): void {
    const rows = [...this.tiers].map(([tier, time]) => ({
      tier,
      files: time.files,
      span_s: Math.round((time.lastEnd - time.firstStart) / 1000),
      file_s: Math.round(time.fileSeconds),
      slowest: time.slowest.map((file) => ({ file: file.file, seconds: Math.round(file.seconds) })),
    }));
    writeFileSync(".vitest-tiers.json", `${JSON.stringify(rows, null, 2)}\n`);
    const lines = rows.map(
      (row) =>
        `  ${row.tier.padEnd(8)} ${String(row.files).padStart(4)} files, ${String(row.span_s).padStart(5)} s wall (${row.file_s} s of files); slowest: ${row.slowest
          .map((file) => `${file.file} ${file.seconds} s`)
          .join(", ")}`,
    );
    process.stderr.write(`[tiers]\n${lines.join("\n")}\n`);
  }
}
