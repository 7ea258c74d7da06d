import type { QueueProgress } from "../queue/index.js";
import type { EpisodeRecord } from "../records/index.js";
import type { CliIo } from "./cli-context.js";

export interface Progress {
  onStart: (total: number, skipped: number) => void;
  onRecord: (record: EpisodeRecord, finished: number) => void;
  /** Queued runs: called after every read of the queue. */
  onQueue: (counts: QueueProgress) => void;
  finish: () => void;
}

const queueText = (counts: QueueProgress) =>
  `${counts.queued} queued, ${counts.active} active, ${counts.done} done, ${counts.failed} failed`;

/** Non-terminal output gets a queue line when the counts change, at most this often. */
const QUEUE_LINE_EVERY_MS = 2000;

function describe(record: EpisodeRecord): string {
  if (record.status === "error") return `error (${record.error.kind}: ${record.error.message})`;
  // An injection score, when there is one; the disclosure figures only when the task has items.
  const attack = record.injection
    ? ` benign=${Number(record.injection.benign)}${record.injection.adversarial === null ? "" : ` attacked=${Number(record.injection.adversarial)}`}`
    : "";
  const disclosure = record.disclosure === false ? "" : ` U=${record.score.utility} leaks=${record.score.leaked_items.length}`;
  return `${record.status}${disclosure}${attack}`;
}

/**
 * A bar on a terminal; one line per finished episode otherwise (CI logs, pipes), always on stderr
 * so that `--json` output on stdout stays clean.
 */
export async function createProgress(io: CliIo): Promise<Progress> {
  let total = 0;
  let lastQueue = "";
  let lastQueueAt = 0;
  if (io.interactive && io.terminal) {
    const { default: cliProgress } = await import("cli-progress");
    const bar = new cliProgress.SingleBar(
      {
        stream: io.terminal,
        format: "{bar} {value}/{total} episodes | {eta_formatted} left | {queue}{last}",
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    return {
      onStart: (all, skipped) => {
        total = all;
        bar.start(all, skipped, { last: skipped ? `resumed, ${skipped} already done` : "", queue: "" });
      },
      onRecord: (record, finished) => bar.update(finished, { last: `${record.agent} ${record.scenario_id}` }),
      onQueue: (counts) => bar.update({ queue: `${queueText(counts)} | ` }),
      finish: () => bar.stop(),
    };
  }
  return {
    onStart: (all, skipped) => {
      total = all;
      io.err(`running ${all - skipped} of ${all} episodes${skipped ? ` (${skipped} already done)` : ""}\n`);
    },
    onRecord: (record, finished) =>
      io.err(`[${finished}/${total}] ${record.agent} ${record.scenario_id} #${record.epoch}: ${describe(record)}\n`),
    onQueue: (counts) => {
      const text = queueText(counts);
      if (text === lastQueue || Date.now() - lastQueueAt < QUEUE_LINE_EVERY_MS) return;
      lastQueue = text;
      lastQueueAt = Date.now();
      io.err(`queue: ${text}\n`);
    },
    finish: () => {},
  };
}
