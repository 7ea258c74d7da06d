import cliProgress from "cli-progress";
import type { EpisodeRecord } from "../runner/index.js";

export interface Progress {
  onStart: (total: number, skipped: number) => void;
  onRecord: (record: EpisodeRecord, finished: number) => void;
  finish: () => void;
}

function describe(record: EpisodeRecord): string {
  if (record.status === "error") return `error (${record.error?.kind}: ${record.error?.message})`;
  const score = record.score;
  return `${record.status} U=${score?.utility ?? 0} leaks=${score?.leaked_items.length ?? 0}`;
}

/**
 * A bar on a terminal; one line per finished episode otherwise (CI logs, pipes), always on stderr
 * so that `--json` output on stdout stays clean.
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  let total = 0;
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { stream, format: "{bar} {value}/{total} episodes | {eta_formatted} left | {last}", hideCursor: true, etaBuffer: 50 },
      cliProgress.Presets.shades_classic,
    );
    return {
      onStart: (all, skipped) => {
        total = all;
        bar.start(all, skipped, { last: skipped ? `resumed, ${skipped} already done` : "" });
      },
      onRecord: (record, finished) => bar.update(finished, { last: `${record.agent} ${record.scenario_id}` }),
      finish: () => bar.stop(),
    };
  }
  return {
    onStart: (all, skipped) => {
      total = all;
      stream.write(`running ${all - skipped} of ${all} episodes${skipped ? ` (${skipped} already done)` : ""}\n`);
    },
    onRecord: (record, finished) =>
      stream.write(`[${finished}/${total}] ${record.agent} ${record.scenario_id} #${record.epoch}: ${describe(record)}\n`),
    finish: () => {},
  };
}
